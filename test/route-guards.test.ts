/**
 * Every API route is guarded: without a token it answers 401, and for a user holding no permission for it, 403.
 * Routes are read from the app itself, so a route added later without a check fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { userWith } from './fixtures';

const PUBLIC = new Set(['POST /api/v1/auth/login/admin', 'POST /api/v1/auth/refresh', 'GET /api/v1/config', 'GET /api/v1/health']);
/** Routes any logged-in user may call: their own profile, two-factor login and sessions, and logging out. */
const ANY_USER = new Set(['GET /api/v1/search', 'GET /api/v1/user/me', 'PATCH /api/v1/user/me', 'POST /api/v1/user/me/password', 'DELETE /api/v1/auth/logout',
  // Their own two-factor login and sessions (test/two-factor.test.ts, test/sessions.test.ts).
  'GET /api/v1/auth/security', 'POST /api/v1/auth/2fa/setup', 'POST /api/v1/auth/2fa/enable', 'POST /api/v1/auth/2fa/disable',
  'POST /api/v1/auth/2fa/recovery-codes',
  'GET /api/v1/auth/sessions', 'DELETE /api/v1/auth/sessions', 'DELETE /api/v1/auth/sessions/:id',
  // The change stream (filtered per resource by `<resource>.list`) and presence (`<resource>.show`, test/events.test.ts).
  'GET /api/v1/events', 'PUT /api/v1/presence', 'DELETE /api/v1/presence',
  // Their own API keys (test/api-keys.test.ts).
  'GET /api/v1/api-keys', 'POST /api/v1/api-keys', 'DELETE /api/v1/api-keys/:id']);
/** The dashboard's calls, guarded by `stats.view`, which the weak user holds (their own tests check the 403). */
const DASHBOARD = new Set(['GET /api/v1/stats', 'GET /api/v1/stats/series']);
const SAMPLE_ID = '3f0e4a52-1111-4c4c-9a9a-000000000000';

let t: TestContext;
let weakToken: string;

beforeAll(async () => {
  t = await createTestApp();
  // A user whose only permission is the dashboard: enough to log in, nothing else.
  weakToken = (await userWith(t, ['stats.view'])).token;
});
afterAll(() => t.close());

const apiRoutes = () => {
  const unique = new Map<string, { method: string; url: string }>();
  for (const r of t.app.routeTable) {
    if (r.url.startsWith('/api/v1/') && !r.url.includes('*')) unique.set(`${r.method} ${r.url}`, r);
  }
  return [...unique.values()];
};
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);

describe('route guards', () => {
  it('finds the routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(10);
  });

  it('every non-public route answers 401 without a token', async () => {
    const unguarded: string[] = [];
    for (const r of apiRoutes()) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC.has(key)) continue;
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      if (res.statusCode !== 401) unguarded.push(`${key} → ${res.statusCode}`);
    }
    expect(unguarded).toEqual([]);
  });

  it('every permission-guarded route answers 403 to a user without its permission', async () => {
    const open: string[] = [];
    for (const r of apiRoutes()) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC.has(key) || ANY_USER.has(key) || DASHBOARD.has(key)) continue;
      const res = await t.api({ method: r.method as 'GET', url: concrete(r.url), token: weakToken, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      if (res.statusCode !== 403) open.push(`${key} → ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });
});
