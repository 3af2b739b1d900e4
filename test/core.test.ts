import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('cross-cutting behaviour', () => {
  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/role' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown routes with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET /api/v1/nope not found' });
  });

  it('accepts paths with a trailing slash or a doubled slash', async () => {
    expect((await t.api({ method: 'GET', url: '/api/v1/role/' })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/api/v1//models' })).statusCode).toBe(200);
  });

  it('refuses a JSON body of the wrong content type or size with 4xx', async () => {
    const xml = await t.api({ method: 'POST', url: '/api/v1/role/add', headers: { 'content-type': 'application/xml' }, payload: '<role/>' });
    expect(xml.statusCode).toBe(415);
    const huge = await t.api({ method: 'POST', url: '/api/v1/role/add', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(huge.statusCode).toBe(413);
  });

  it('publishes the OpenAPI document and the reference at /docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/auth/login/admin', '/api/v1/role', '/api/v1/user/edit/{id}', '/api/v1/models']));
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('serves uploads at /uploads and answers 404 for missing files', async () => {
    await mkdir(path.join(t.dataDir, 'uploads', 'images'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'uploads', 'images', 'x.txt'), 'hello');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/images/x.txt' })).body).toBe('hello');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/images/missing.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/uploads/images/x.txt' })).statusCode).toBe(404);
  });
});

describe('the built admin', () => {
  it('is served at / with the single-page fallback for deep links', async () => {
    const dist = path.join(t.dataDir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<html>admin</html>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const withAdmin = await createTestApp({ ADMIN_DIST_DIR: dist });
    try {
      for (const url of ['/', '/dashboart', '/dashboart/region/create']) {
        const res = await withAdmin.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toBe('<html>admin</html>');
      }
      expect((await withAdmin.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
      expect((await withAdmin.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      expect((await withAdmin.app.inject({ method: 'GET', url: '/api/v1/unknown' })).statusCode).toBe(404);
    } finally {
      await withAdmin.close();
    }
  });
});
