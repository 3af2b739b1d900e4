/**
 * What every answer says about itself (issue 21, item 7): CORS off unless `CORS_ORIGINS` names the origin,
 * `Cache-Control: no-store` on the API's answers (login and refresh included) while images keep their caching, a CSP
 * naming only the panel's own hosts, every list's and export's `filter` checked at the edge, the public calls marked
 * `security: []` in the OpenAPI document, and per-user limits on exports and uploads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, multipart, type TestContext } from './helpers';
import { imageFile, userWith } from './fixtures';
import { resources } from '../src/shared/resources';
import { cspSource } from '../src/server/plugins/http-policy';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', GEOCODER_URL: 'https://geo.example.net/search' });
});
afterAll(() => t.close());

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const preflight = (app: TestContext, origin: string) =>
  app.app.inject({
    method: 'OPTIONS',
    url: '/api/v1/role',
    headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,accept-language' },
  });

describe('CORS', () => {
  it('is off by default: no origin is granted anything', async () => {
    const res = await preflight(t, 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.api({ method: 'GET', url: '/api/v1/role?range=[0,9]', headers: { origin: 'https://evil.example' } });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the origins CORS_ORIGINS names, with the paging headers exposed', async () => {
    const named = await createTestApp({ CORS_ORIGINS: 'https://admin.example.com, http://localhost:5173' });
    try {
      const res = await preflight(named, 'https://admin.example.com');
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://admin.example.com');
      expect(String(res.headers['access-control-allow-methods'])).toContain('PATCH');
      const get = await named.api({ method: 'GET', url: '/api/v1/role?range=[0,9]', headers: { origin: 'http://localhost:5173' } });
      expect(get.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(String(get.headers['access-control-expose-headers'])).toMatch(/Content-Range.*X-Total-Count/);
      const other = await preflight(named, 'https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await named.close();
    }
  });

  it('refuses a CORS_ORIGINS entry that is not an origin, naming it', async () => {
    await expect(createTestApp({ CORS_ORIGINS: 'https://ok.example, admin.example.com/path' })).rejects.toThrow(/CORS_ORIGINS: "admin.example.com\/path"/);
  });
});

describe('Cache-Control', () => {
  it('no-store on authenticated answers, errors, login and refresh', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload: { ...ADMIN, userAgent: 'vitest' } });
    expect(login.statusCode).toBe(201);
    const tokens = login.json() as { refreshToken: string };
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { refreshtoken: tokens.refreshToken }, payload: {} });
    expect(refresh.statusCode).toBe(201);
    const answers = [
      login,
      refresh,
      await t.api({ method: 'GET', url: '/api/v1/role?range=[0,9]' }),
      await t.api({ method: 'GET', url: '/api/v1/user/me' }),
      await t.api({ method: 'GET', url: '/api/v1/region/3f0e4a52-1111-4c4c-9a9a-000000000000' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/role' }),
    ];
    for (const res of answers) expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');
  });

  it('images keep their long caching', async () => {
    const res = await t.api({ method: 'PATCH', url: '/api/v1/user/me', ...multipart({}, [imageFile('image')]) });
    expect(res.statusCode, res.body).toBe(200);
    const image = (res.json() as { image: string }).image;
    const served = await t.app.inject({ method: 'GET', url: `/${image}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/public, max-age=\d+/);
  });
});

describe('Content-Security-Policy', () => {
  it("names only 'self', the map's tile host and the geocoder's host", async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/v1/config' })).headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('img-src')).toBe("img-src 'self' data: blob: https://*.tiles.example.org");
    expect(directive('connect-src')).toBe("connect-src 'self' https://geo.example.net");
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(csp).not.toMatch(/https:(;|\s|$)/);
  });

  it('turns a URL template into a CSP source', () => {
    expect(cspSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(cspSource('https://{s}.tile.example.org:8443/{z}.png')).toBe('https://*.tile.example.org:8443');
    expect(cspSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(cspSource('https://a.{s}.example.org/x')).toBeUndefined();
  });
});

describe('list filters at the edge', () => {
  const HOSTILE: Record<string, unknown>[] = [{ q: { toString: 1 } }, { q: { valueOf: 1, toString: 1 } }, { id: [{ toString: 1 }] }, { roles: { toString: 1 } }, { name: [['a']] }];

  it('every list and export answers 400, never 500, to an object where a value belongs', async () => {
    // Every GET that takes `filter`, as the OpenAPI document lists them: the registry's lists, exports and views.
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }>;
    };
    const lists = Object.entries(doc.paths)
      .filter(([path, item]) => !path.includes('{') && item.get?.parameters?.some((p) => p.in === 'query' && p.name === 'filter'))
      .map(([path]) => path);
    for (const def of Object.values(resources)) {
      const api = def.api as { list?: string; export?: string };
      if (api.export) expect(lists).toContain(`/api/v1/${api.export}`);
    }
    const wrong: string[] = [];
    for (const path of lists) {
      for (const filter of HOSTILE) {
        const res = await t.api({ method: 'GET', url: `${path}?filter=${q(filter)}` });
        if (res.statusCode !== 400) wrong.push(`${path} ${JSON.stringify(filter)} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no GET route answers 5xx to a hostile filter', async () => {
    const failed: string[] = [];
    for (const r of t.app.routeTable) {
      if (r.method !== 'GET' || !r.url.startsWith('/api/v1/') || r.url.includes(':') || r.url.includes('*')) continue;
      // The change stream stays open and reads no query (its one input, Last-Event-ID, is tried in events.test.ts).
      if (r.url === '/api/v1/events') continue;
      const res = await t.api({ method: 'GET', url: `${r.url}?filter=${q(HOSTILE[0])}` });
      if (res.statusCode >= 500) failed.push(`${r.url} → ${res.statusCode}`);
    }
    expect(failed).toEqual([]);
  });

  it('says which filter is wrong', async () => {
    const res = await t.api({ method: 'GET', url: `/api/v1/role?filter=${q({ q: { toString: 1 } })}` });
    expect(res.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('"q"'), fields: { q: 'Invalid value' } });
  });
});

describe('OpenAPI', () => {
  it('marks config, login and refresh as public (security: []), and the rest as needing the bearer token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      security: unknown;
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(doc.paths['/api/v1/config'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/auth/login/admin'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/auth/refresh'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/role'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ bearer: [] }]);
  });
});

describe('per-user limits on exports, uploads and imports', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW: '1m' });
  });
  afterAll(() => limited.close());

  it('the third export in the window answers 429 with Retry-After; another user still exports', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 3; i++) {
      last = await limited.api({ method: 'GET', url: '/api/v1/role/export' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: expect.stringContaining('exports') });
    const other = await userWith(limited, ['role.list']);
    expect((await limited.api({ method: 'GET', url: '/api/v1/role/export', token: other.token })).statusCode).toBe(200);
  });

  it('uploads count per user (PATCH user/me too); a JSON edit uploads nothing and is not counted', async () => {
    const user = await userWith(limited, ['stats.view']);
    const upload = () => limited.api({ method: 'PATCH', url: '/api/v1/user/me', token: user.token, ...multipart({ name: 'Uploader' }, [imageFile('image')]) });
    expect((await upload()).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await limited.api({ method: 'PATCH', url: '/api/v1/user/me', token: user.token, payload: { name: `Plain ${i}` } })).statusCode).toBe(200);
    expect((await upload()).statusCode).toBe(200);
    const third = await upload();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('imports count per user, apart from exports (the third import in the window answers 429)', async () => {
    const user = await userWith(limited, ['region.create', 'region.edit']);
    const body = multipart({}, [{ field: 'file', filename: 'r.csv', content: Buffer.from('#;Nomi (uz)\r\n'), type: 'text/csv' }]);
    const send = () => limited.api({ method: 'POST', url: '/api/v1/region/import?dryRun=true', token: user.token, ...body });
    expect([(await send()).statusCode, (await send()).statusCode]).toEqual([200, 200]);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toContain('imports');
  });
});
