/**
 * The in-memory session cache (plugins/session-freshness.ts) must never be seen: whatever a write through the
 * API changes about a session or a permission holds for the very next request, even right after a request that
 * filled the cache. And it must be a cache: a write that changes no session keeps the others' sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { buildApp } from '../src/server/app';
import { translation, userWith } from './fixtures';
import { eq } from 'drizzle-orm';
import { permissions, rolePermissions, sessions, userRoles } from '../src/server/db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const regions = (token: string) => t.api({ method: 'GET', url: '/api/v1/region', token });

const addRegion = async () => t.api({ method: 'POST', url: '/api/v1/region/add', payload: { name: await translation(t, 'Kept') } });

async function permissionId(code: string): Promise<string> {
  const [row] = await t.database.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.code, code));
  return row.id;
}

describe('the session cache', () => {
  it('a logout is refused on the next request', async () => {
    const user = await userWith(t, ['region.list']);
    expect((await regions(user.token)).statusCode).toBe(200);
    expect((await regions(user.token)).statusCode).toBe(200);
    const out = await t.api({ method: 'DELETE', url: '/api/v1/auth/logout', token: user.token });
    expect(out.statusCode).toBeLessThan(300);
    expect((await regions(user.token)).statusCode).toBe(455);
  });

  it('a permission taken from a role by an admin is gone on the next request', async () => {
    const user = await userWith(t, ['region.list']);
    expect((await regions(user.token)).statusCode).toBe(200);
    const [{ roleId }] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id));
    const edit = await t.api({ method: 'PATCH', url: `/api/v1/role/edit/${roleId}`, payload: { permissions: [await permissionId('comfort.list')] } });
    expect(edit.statusCode).toBe(200);
    expect((await regions(user.token)).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: '/api/v1/comfort', token: user.token })).statusCode).toBe(200);
  });

  it('a deleted user is refused on the next request', async () => {
    const user = await userWith(t, ['region.list']);
    expect((await regions(user.token)).statusCode).toBe(200);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/user/delete/${user.id}` })).statusCode).toBeLessThan(300);
    expect((await regions(user.token)).statusCode).toBe(455);
  });

  it('a new password ends the other sessions at once', async () => {
    const user = await userWith(t, ['region.list']);
    expect((await regions(user.token)).statusCode).toBe(200);
    const edit = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${user.id}`, payload: { password: 'another-password-1' } });
    expect(edit.statusCode).toBe(200);
    expect((await regions(user.token)).statusCode).toBe(455);
  });

  it('keeps the sessions through writes that change none: a region added, the admin logging in', async () => {
    const user = await userWith(t, ['region.list']);
    expect((await regions(user.token)).statusCode).toBe(200);
    const cachedFor = (userId: string) => [...t.app.caches.sessions.kept()].some(([, session]) => session.userId === userId);
    expect(cachedFor(user.id)).toBe(true);
    expect((await addRegion()).statusCode).toBe(201);
    await t.login();
    expect(cachedFor(user.id)).toBe(true);
    expect((await regions(user.token)).statusCode).toBe(200);
  });

  it('sees a permission taken outside the servers (a manual DELETE) as soon as its notice arrives, with no other write', async () => {
    const user = await userWith(t, ['region.list']);
    expect((await regions(user.token)).statusCode).toBe(200);
    const [{ roleId }] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id));
    await t.database.db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    // The database's notice of the tables written (sent at the commit) reaches the listener a moment later; the
    // cached session would otherwise live a minute.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await regions(user.token)).statusCode).toBe(403);
  });

  it('a session ended behind the servers\' back (a manual UPDATE) is refused as soon as its notice arrives; a touch keeps the cache', async () => {
    const user = await userWith(t, ['region.list']);
    const other = await userWith(t, ['region.list']);
    expect((await regions(user.token)).statusCode).toBe(200);
    expect((await regions(other.token)).statusCode).toBe(200);
    const cachedFor = (userId: string) => [...t.app.caches.sessions.kept()].some(([, session]) => session.userId === userId);
    // A touch (the last use) names no session: both stay cached.
    await t.database.db.update(sessions).set({ lastUsedAt: new Date(Date.now() - 120_000) }).where(eq(sessions.userId, other.id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cachedFor(other.id)).toBe(true);
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await regions(user.token)).statusCode).toBe(455);
    expect(cachedFor(other.id)).toBe(true);
    expect((await regions(other.token)).statusCode).toBe(200);
  });

  it('another server on the same database refuses a session ended through this one, at once', async () => {
    // The second server has its own cache and, on PostgreSQL, its own listening connection: what two processes have.
    const other = await buildApp(t.config, { database: t.database, closeDatabase: false });
    try {
      const user = await userWith(t, ['region.list', 'comfort.list']);
      const onOther = (url: string) => other.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.token}` } });
      expect((await onOther('/api/v1/region')).statusCode).toBe(200);
      const [{ roleId }] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id));
      const edit = await t.api({ method: 'PATCH', url: `/api/v1/role/edit/${roleId}`, payload: { permissions: [await permissionId('comfort.list')] } });
      expect(edit.statusCode).toBe(200);
      expect((await onOther('/api/v1/region')).statusCode).toBe(403);
      expect((await onOther('/api/v1/comfort')).statusCode).toBe(200);
      expect((await t.api({ method: 'DELETE', url: '/api/v1/auth/logout', token: user.token })).statusCode).toBeLessThan(300);
      expect((await onOther('/api/v1/comfort')).statusCode).toBe(455);
    } finally {
      await other.close();
    }
  });
});
