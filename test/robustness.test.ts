/**
 * Input that PostgreSQL itself refuses, and list parameters that name JavaScript's own properties, answer 4xx — never
 * a 500 — and a failed query never writes the values it was sent (a password hash, a token id) into the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';

let t: TestContext;
const logs: string[] = [];
const SECRET = 'scrypt$16384$8$1$c2VjcmV0LXNhbHQ=$c2VjcmV0LWhhc2g=';

/** A failed query as drizzle reports it: the SQL, its parameters (here a secret) and the driver's error. */
function failedQuery(code: string) {
  const cause = Object.assign(new Error(`database error ${code}`), { code });
  return new DrizzleQueryError('update "user" set "password_hash" = $1 where "user"."id" = $2', [SECRET, 'id'], cause);
}

beforeAll(async () => {
  t = await createTestApp({}, { logs });
  t.app.get('/test/failed-query/:code', async (request) => {
    throw failedQuery((request.params as { code: string }).code);
  });
});
afterAll(() => t.close());

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('robustness', () => {
  it('answers 400 to text holding a NUL character, wherever it goes', async () => {
    const nul = 'a\u0000b';
    const calls: { method: 'GET' | 'POST'; url: string; payload?: object; token?: null }[] = [
      { method: 'POST', url: '/api/v1/translate', payload: { code: nul, type: 'content', definition: { uz: 'x', ru: 'x', en: 'x' } } },
      { method: 'POST', url: '/api/v1/translate', payload: { code: 'nul_def', type: 'content', definition: { uz: nul, ru: 'x', en: 'x' } } },
      { method: 'POST', url: '/api/v1/role/add', payload: { name: nul } },
      { method: 'POST', url: '/api/v1/notification/add', payload: { message: nul, type: 'public' } },
      { method: 'POST', url: '/api/v1/user/add', payload: { username: 'nul_user', password: 'password-123', name: nul } },
      { method: 'POST', url: '/api/v1/auth/login/admin', payload: { username: nul, password: 'x' }, token: null },
      { method: 'GET', url: `/api/v1/region?filter=${q({ q: nul })}` },
      { method: 'GET', url: `/api/v1/user/all?filter=${q({ username: nul })}` },
    ];
    const wrong: string[] = [];
    for (const call of calls) {
      const res = await t.api(call);
      if (res.statusCode !== 400) wrong.push(`${call.method} ${call.url} → ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
    expect(logs.join('\n')).not.toContain('scrypt$');
  });

  it('answers 400 to sort fields and filters named like Object.prototype members', async () => {
    const wrong: string[] = [];
    for (const list of ['region', 'role', 'user/all', 'cottage', 'translate']) {
      for (const query of [`sort=${q(['__proto__', 'ASC'])}`, `sort=${q(['toString', 'ASC'])}`, `filter=${q({ constructor: 'x' })}`, `filter=${q({ hasOwnProperty: 1 })}`]) {
        const res = await t.api({ method: 'GET', url: `/api/v1/${list}?${query}` });
        if (res.statusCode !== 400) wrong.push(`${list}?${decodeURIComponent(query)} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('maps a value too long for its column (22001) to 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/failed-query/22001' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A value is too long');
  });

  it('never logs the parameters of a failed query', async () => {
    logs.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/test/failed-query/XX000' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(SECRET);
    const logged = logs.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('password_hash');
    expect(logged).not.toContain(SECRET);
  });
});

describe('JSON values that are no text', () => {
  it('refuses an object as a password (400) instead of storing its JSON text, and the old password still logs in', async () => {
    const { userWith } = await import('./fixtures');
    const user = await userWith(t, ['region.list']);
    for (const password of [{ nested: true }, ['a', 'b']]) {
      const res = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${user.id}`, payload: { password } });
      expect(res.statusCode, res.body).toBe(400);
    }
    const old = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload: { username: user.username, password: user.password } });
    expect(old.statusCode).toBe(201);
    const forged = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload: { username: user.username, password: '{"nested":true}' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('garbage the fuzz found answering 500', () => {
  // A field every one of these forms knows (a file field may come as text), so only the form's shape is at fault.
  const part = (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="image"\r\n\r\nx\r\n`;
  it('answers 400 with the error shape to a form without a boundary, never closed, or with the wrong boundary', async () => {
    const { region } = await import('./fixtures');
    const r = await region(t);
    const cases = [
      { url: '/api/v1/region/add', method: 'POST' as const, type: 'multipart/form-data', payload: `${part('b1')}--b1--\r\n` },
      { url: '/api/v1/region/add', method: 'POST' as const, type: 'multipart/form-data; boundary=b1', payload: part('b1') },
      { url: `/api/v1/region/edit/${r.id}`, method: 'PATCH' as const, type: 'multipart/form-data; boundary=other', payload: '--b1--\r\n' },
      { url: '/api/v1/language', method: 'POST' as const, type: 'multipart/form-data; boundary=b1', payload: `${part('b1')}--b1\r\nContent-Disposition: form-data; name="code"\r\n\r\n"` },
    ];
    for (const c of cases) {
      const res = await t.api({ method: c.method, url: c.url, headers: { 'content-type': c.type }, payload: c.payload });
      expect(res.statusCode, `${c.url} ${c.type}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'The multipart form is malformed or incomplete' });
    }
  });

  it('answers 400 to a number no date can hold as a timestamp filter (PGlite threw in its driver: 500)', async () => {
    for (const value of [9007199254740994, 1e308, -1e308]) {
      const res = await t.api({ method: 'GET', url: `/api/v1/region?filter=${q({ createdAt: value })}` });
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      const listed = await t.api({ method: 'GET', url: `/api/v1/region?filter=${q({ createdAt: [value] })}` });
      expect(listed.statusCode, `[${value}]: ${listed.body}`).toBe(400);
    }
  });

  it('answers a bare OPTIONS in the error shape, not the text/plain 400 that broke it', async () => {
    // CORS is off by default (test/http-policy.test.ts): no route answers OPTIONS, so the 404 of any unknown route.
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/region' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
