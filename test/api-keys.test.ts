/**
 * API keys (issue #36) on a real database: a key reads only what it was given, through `Authorization: Bearer dk_…`;
 * its token is answered once and stored only hashed; revoked (on another server sharing the database too, within a
 * second), expired, or stripped of a permission its user lost, it is refused at once; it cannot log in to the panel nor
 * make keys; the audit history names it; it has its own rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestContext } from './helpers';
import { region, userWith } from './fixtures';
import { buildApp } from '../src/server/app';
import { apiKeys, auditLog, permissions, userRoles } from '../src/server/db/schema';

let t: TestContext;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ API_KEY_RATE_MAX: '40' });
  // A second server with its own caches on the same database: what a second worker is.
  other = await buildApp(t.config, { database: t.database, closeDatabase: false });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const api = '/api/v1';
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
const as = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, app: FastifyInstance = t.app) =>
  app.inject({ method, url: `${api}${url}`, payload, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.36.0.7' } });

async function newKey(login: string, permissionCodes: string[], extra: { name?: string; expiresAt?: string } = {}) {
  const res = await as(login, 'POST', '/api-keys', { name: extra.name ?? 'script', expiresAt: extra.expiresAt ?? inAMonth(), permissions: permissionCodes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; token: string; prefix: string; permissions: string[] };
}

describe('API keys', () => {
  it('reads regions with region.list only, 403 elsewhere; the token is shown once and stored only hashed', async () => {
    const user = await userWith(t, ['region.list', 'cottage.list']);
    const key = await newKey(user.token, ['region.list']);
    expect(key.token).toMatch(/^dk_[A-Za-z0-9_-]{40,}$/);
    expect(key.token.slice(3, 11)).toBe(key.prefix);

    expect((await as(key.token, 'GET', '/region')).statusCode).toBe(200);
    const elsewhere = await as(key.token, 'GET', '/cottage');
    expect(elsewhere.statusCode).toBe(403);
    expect((await as(key.token, 'GET', '/audit?range=[0,0]')).statusCode).toBe(403);

    const list = await as(user.token, 'GET', '/api-keys');
    expect(list.statusCode).toBe(200);
    const listed = list.json() as Record<string, unknown>[];
    expect(listed.map((k) => k.id)).toEqual([key.id]);
    expect(list.body).not.toContain(key.token);
    expect(Object.keys(listed[0]).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'lastUsedIp', 'name', 'permissions', 'prefix', 'revokedAt']);
    expect(listed[0]).toMatchObject({ lastUsedIp: '10.36.0.7', permissions: ['region.list'] });

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(key.token);
    expect(JSON.stringify(row)).not.toContain(key.token.slice(3));
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    // A token that is no key's.
    expect((await as(`dk_${'x'.repeat(43)}`, 'GET', '/region')).statusCode).toBe(401);
  });

  it('refuses a revoked key at once, on the other server too, within a second', async () => {
    const user = await userWith(t, ['region.list']);
    const key = await newKey(user.token, ['region.list']);
    expect((await as(key.token, 'GET', '/region', undefined, other)).statusCode).toBe(200);
    expect((await as(key.token, 'GET', '/region')).statusCode).toBe(200);
    const revoked = await as(user.token, 'DELETE', `/api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toBeTruthy();
    expect(revoked.body).not.toContain(key.token);
    const started = Date.now();
    const here = await t.app.inject({ method: 'GET', url: `${api}/region`, headers: { authorization: `Bearer ${key.token}`, 'accept-language': 'ru' } });
    expect(here.statusCode).toBe(401);
    expect(here.json().message).toBe('API-ключ отозван');
    let there = await as(key.token, 'GET', '/region', undefined, other);
    while (there.statusCode !== 401 && Date.now() - started < 1000) there = await as(key.token, 'GET', '/region', undefined, other);
    expect(there.statusCode).toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);
    // Another's key, or one revoked already: 404.
    expect((await as(user.token, 'DELETE', `/api-keys/${key.id}`)).statusCode).toBe(404);
    const stranger = await userWith(t, ['region.list']);
    const theirs = await newKey(stranger.token, ['region.list']);
    expect((await as(user.token, 'DELETE', `/api-keys/${theirs.id}`)).statusCode).toBe(404);
    expect((await as(user.token, 'DELETE', '/api-keys/not-an-id')).statusCode).toBe(404);
    expect((await as(theirs.token, 'GET', '/region')).statusCode).toBe(200);
  });

  it('refuses an expired key', async () => {
    const user = await userWith(t, ['region.list']);
    const key = await newKey(user.token, ['region.list']);
    // As it will stand once its day has come (an expiry never changes: a cached key is refused at its time too).
    await t.database.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, key.id));
    const res = await t.app.inject({ method: 'GET', url: `${api}/region`, headers: { authorization: `Bearer ${key.token}`, 'accept-language': 'uz' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('API kalitining muddati tugagan');
  });

  it('takes from a key at once a permission its user loses', async () => {
    const user = await userWith(t, ['region.list', 'cottage.list']);
    const key = await newKey(user.token, ['region.list', 'cottage.list']);
    expect((await as(key.token, 'GET', '/cottage')).statusCode).toBe(200);
    expect((await as(key.token, 'GET', '/cottage', undefined, other)).statusCode).toBe(200);
    const [{ roleId }] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id));
    const [kept] = await t.database.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.code, ['region.list']));
    const edited = await t.api({ method: 'PATCH', url: `${api}/role/edit/${roleId}`, payload: { permissions: [kept.id] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await as(key.token, 'GET', '/cottage')).statusCode).toBe(403);
    expect((await as(key.token, 'GET', '/cottage', undefined, other)).statusCode).toBe(403);
    expect((await as(key.token, 'GET', '/region')).statusCode).toBe(200);
  });

  it('cannot log in to the panel, refresh, manage keys, nor touch the password or the second factor', async () => {
    const user = await userWith(t, ['region.list']);
    const key = await newKey(user.token, ['region.list']);
    const login = await t.app.inject({
      method: 'POST',
      url: `${api}/auth/login/admin`,
      payload: { username: user.username, password: user.password, userAgent: 'script' },
      headers: { authorization: `Bearer ${key.token}`, 'accept-language': 'ru' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('Здесь API-ключ не принимается: войдите в панель');
    expect(login.body).not.toContain('accessToken');
    expect((await as(key.token, 'POST', '/auth/refresh')).statusCode).toBe(403);
    expect((await as(key.token, 'POST', '/api-keys', { name: 'child', expiresAt: inAMonth(), permissions: ['region.list'] })).statusCode).toBe(403);
    expect((await as(key.token, 'GET', '/api-keys')).statusCode).toBe(403);
    expect((await as(key.token, 'DELETE', `/api-keys/${key.id}`)).statusCode).toBe(403);
    // Nor the account's secrets: the password and the second factor.
    expect((await as(key.token, 'POST', '/user/me/password', { currentPassword: user.password, newPassword: 'another-pass-456' })).statusCode).toBe(403);
    expect((await as(key.token, 'POST', '/auth/2fa/setup', {})).statusCode).toBe(403);
    expect((await as(key.token, 'POST', '/auth/2fa/disable', {})).statusCode).toBe(403);
    expect((await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id))).length).toBe(1);
  });

  it('refuses a permission the user lacks, and an expiry past or too far, in the reader’s language', async () => {
    const user = await userWith(t, ['region.list']);
    const res = await t.app.inject({
      method: 'POST',
      url: `${api}/api-keys`,
      payload: { name: 'greedy', expiresAt: inAMonth(), permissions: ['region.list', 'user.edit'] },
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'uz' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('user.edit');
    expect(res.json().message).toContain('ruxsat');
    expect((await as(user.token, 'POST', '/api-keys', { name: 'old', expiresAt: new Date(Date.now() - 1000).toISOString(), permissions: ['region.list'] })).statusCode).toBe(422);
    expect((await as(user.token, 'POST', '/api-keys', { name: 'long', expiresAt: new Date(Date.now() + 800 * 86_400_000).toISOString(), permissions: ['region.list'] })).statusCode).toBe(422);
    expect((await as(user.token, 'POST', '/api-keys', { name: 'x', expiresAt: 'soon', permissions: ['region.list'] })).statusCode).toBe(400);
    expect((await as(user.token, 'POST', '/api-keys', { name: '', expiresAt: inAMonth(), permissions: [] })).statusCode).toBe(400);
    expect((await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id))).length).toBe(0);
  });

  it('names the key in the audit history beside its user', async () => {
    const user = await userWith(t, ['region.list', 'region.delete', 'audit.list']);
    const key = await newKey(user.token, ['region.delete'], { name: 'cleanup bot' });
    const doomed = await region(t);
    expect((await as(key.token, 'DELETE', `/region/delete/${doomed.id}`)).statusCode).toBeLessThan(300);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, doomed.id));
    expect(entry).toMatchObject({ userId: user.id, apiKeyId: key.id, apiKeyName: 'cleanup bot', sessionId: null, action: 'delete' });
    const shown = await t.api({ method: 'GET', url: `${api}/audit?filter=${encodeURIComponent(JSON.stringify({ q: doomed.id }))}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual([expect.objectContaining({ id: entry.id, apiKeyId: key.id, apiKeyName: 'cleanup bot' })]);
    // The key's own creation and revocation are audited under `apiKey`, without its token.
    const made = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, key.id));
    expect(made.map((e) => `${e.resource}.${e.action}`)).toEqual(['apiKey.create']);
    expect(JSON.stringify(made)).not.toContain(key.token);
    // A login's write names no key.
    const second = await region(t);
    await t.api({ method: 'DELETE', url: `${api}/region/delete/${second.id}` });
    const [byLogin] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, second.id));
    expect(byLogin).toMatchObject({ apiKeyId: null, apiKeyName: null });
  });

  it('has its own rate limit, per key', async () => {
    const user = await userWith(t, ['region.list']);
    const key = await newKey(user.token, ['region.list']);
    const codes: number[] = [];
    for (let i = 0; i < 41; i++) codes.push((await as(key.token, 'GET', '/region')).statusCode);
    expect(codes.slice(0, 40).every((c) => c === 200)).toBe(true);
    const last = await as(key.token, 'GET', '/region');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // The user's login is not limited by his key's calls, nor is another key.
    expect((await as(user.token, 'GET', '/region')).statusCode).toBe(200);
    const second = await newKey(user.token, ['region.list']);
    expect((await as(second.token, 'GET', '/region')).statusCode).toBe(200);
  });
});
