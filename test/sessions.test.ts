/**
 * Sessions one can see and end (issue 26, item 2), on a real database: listed with a readable device; one ended, so its
 * access token and its refresh stop at once, on this server and on another one sharing the database (what two workers
 * are); all others ended; an admin's view and end of another user's sessions, audited; the last login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN, createTestApp, type TestContext } from './helpers';
import { userWith } from './fixtures';
import { buildApp } from '../src/server/app';
import { auditLog, users } from '../src/server/db/schema';

let t: TestContext;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  // A second server with its own session cache on the same database: what a second worker is.
  other = await buildApp(t.config, { database: t.database, closeDatabase: false });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const api = '/api/v1';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

async function loginAs(username: string, password: string, userAgent: string) {
  const res = await t.app.inject({ method: 'POST', url: `${api}/auth/login/admin`, payload: { username, password, userAgent }, headers: { 'x-forwarded-for': '10.27.0.5' } });
  expect(res.statusCode).toBe(201);
  return res.json() as { accessToken: string; refreshToken: string };
}
const regionsOn = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: `${api}/region`, headers: { authorization: `Bearer ${token}` } });
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: `${api}/auth/refresh`, headers: { refreshtoken: refreshToken } });
type Listed = { id: string; device: string; browser: string | null; os: string | null; address: string | null; current: boolean };

describe('sessions', () => {
  it('lists the caller’s sessions; one ended stops its token and its refresh at once, on the other server too', async () => {
    const user = await userWith(t, ['region.list']);
    const laptop = await loginAs(user.username, user.password, CHROME_WINDOWS);
    const phone = await loginAs(user.username, user.password, FIREFOX_LINUX);
    expect((await regionsOn(other, phone.accessToken)).statusCode).toBe(200); // cached on the other server

    const list = await t.api({ method: 'GET', url: `${api}/auth/sessions`, token: laptop.accessToken });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as Listed[];
    expect(sessions).toHaveLength(3); // userWith's own login, the laptop, the phone
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: 'Chrome on Windows', browser: 'Chrome', os: 'Windows', address: '10.27.0.5' });
    const phoneRow = sessions.find((s) => s.device === 'Firefox on Linux')!;
    expect(list.body).not.toMatch(/refresh|token/i);

    const end = await t.api({ method: 'DELETE', url: `${api}/auth/sessions/${phoneRow.id}`, token: laptop.accessToken });
    expect(end.statusCode).toBe(200);
    expect((await regionsOn(other, phone.accessToken)).statusCode).toBe(455);
    expect((await regionsOn(t.app, phone.accessToken)).statusCode).toBe(455);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(455);
    expect((await regionsOn(other, laptop.accessToken)).statusCode).toBe(200);
    // Ended already, someone else's, or no session at all: 404.
    expect((await t.api({ method: 'DELETE', url: `${api}/auth/sessions/${phoneRow.id}`, token: laptop.accessToken })).statusCode).toBe(404);
    expect((await t.api({ method: 'DELETE', url: `${api}/auth/sessions/not-a-uuid`, token: laptop.accessToken })).statusCode).toBe(404);
    const [adminSession] = (await t.api({ method: 'GET', url: `${api}/auth/sessions` })).json() as Listed[];
    expect((await t.api({ method: 'DELETE', url: `${api}/auth/sessions/${adminSession.id}`, token: laptop.accessToken })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: `${api}/region` })).statusCode).toBe(200);
  });

  it('ends all the caller’s sessions but the current one', async () => {
    const user = await userWith(t, ['region.list']);
    const a = await loginAs(user.username, user.password, CHROME_WINDOWS);
    const b = await loginAs(user.username, user.password, FIREFOX_LINUX);
    expect((await regionsOn(other, b.accessToken)).statusCode).toBe(200);
    const res = await t.api({ method: 'DELETE', url: `${api}/auth/sessions`, token: a.accessToken });
    expect(res.json()).toEqual({ ended: 2 });
    expect((await regionsOn(other, b.accessToken)).statusCode).toBe(455);
    expect((await regionsOn(other, user.token)).statusCode).toBe(455);
    expect((await regionsOn(other, a.accessToken)).statusCode).toBe(200);
    const left = (await t.api({ method: 'GET', url: `${api}/auth/sessions`, token: a.accessToken })).json() as Listed[];
    expect(left.map((s) => s.current)).toEqual([true]);
  });

  it('an admin sees and ends all of another user’s sessions, audited', async () => {
    const user = await userWith(t, ['region.list']);
    const b = await loginAs(user.username, user.password, FIREFOX_LINUX);
    const seen = await t.api({ method: 'GET', url: `${api}/user/${user.id}/sessions` });
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as Listed[]).map((s) => s.current)).toEqual([false, false]);
    expect((await regionsOn(other, b.accessToken)).statusCode).toBe(200);
    const end = await t.api({ method: 'DELETE', url: `${api}/user/${user.id}/sessions` });
    expect(end.json()).toEqual({ ended: 2 });
    expect((await regionsOn(other, b.accessToken)).statusCode).toBe(455);
    expect((await regionsOn(t.app, user.token)).statusCode).toBe(455);
    expect((await refresh(b.refreshToken)).statusCode).toBe(455);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.recordId, user.id), eq(auditLog.action, 'sessionsEnd')));
    expect(entries).toHaveLength(1);
    expect((await t.api({ method: 'GET', url: `${api}/user/00000000-0000-4000-8000-000000000000/sessions` })).statusCode).toBe(404);
  });

  it('an admin ends one session of another user; a user without user.edit, or below the target, is refused', async () => {
    const user = await userWith(t, ['region.list']);
    const b = await loginAs(user.username, user.password, FIREFOX_LINUX);
    const listed = (await t.api({ method: 'GET', url: `${api}/user/${user.id}/sessions` })).json() as Listed[];
    const firefox = listed.find((s) => s.device === 'Firefox on Linux')!;
    const stranger = await userWith(t, ['region.list']);
    expect((await t.api({ method: 'GET', url: `${api}/user/${user.id}/sessions`, token: stranger.token })).statusCode).toBe(403);
    expect((await t.api({ method: 'DELETE', url: `${api}/user/${user.id}/sessions`, token: stranger.token })).statusCode).toBe(403);
    const editor = await userWith(t, ['user.edit']);
    const boss = await userWith(t, ['user.delete', 'region.list']);
    expect((await t.api({ method: 'DELETE', url: `${api}/user/${boss.id}/sessions`, token: editor.token })).statusCode).toBe(403);
    expect((await regionsOn(t.app, boss.token)).statusCode).toBe(200);
    expect((await regionsOn(other, b.accessToken)).statusCode).toBe(200);
    const one = await t.api({ method: 'DELETE', url: `${api}/user/${user.id}/sessions/${firefox.id}` });
    expect(one.statusCode).toBe(200);
    expect((await regionsOn(other, b.accessToken)).statusCode).toBe(455);
    expect((await regionsOn(other, user.token)).statusCode).toBe(200);
    expect((await t.api({ method: 'DELETE', url: `${api}/user/${stranger.id}/sessions/${firefox.id}` })).statusCode).toBe(404);
  });

  it('a user.edit holder reads a lower user’s sessions (200) but not a SUPER-ADMIN’s (403), the rule for editing them', async () => {
    const editor = await userWith(t, ['user.edit', 'user.show', 'user.list', 'region.list']);
    const lower = await userWith(t, ['region.list']);
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, ADMIN.username));
    const read = (id: string) => t.api({ method: 'GET', url: `${api}/user/${id}/sessions`, token: editor.token });
    const refused = await read(admin.id);
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).not.toMatch(/vitest|address|127\.0\.0\.1/);
    const seen = await read(lower.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toHaveLength(1);
    // Its own sessions are always its own.
    expect((await read(editor.id)).statusCode).toBe(200);
  });

  it('tells the last login: when and on which device', async () => {
    const user = await userWith(t, ['region.list']);
    await loginAs(user.username, user.password, CHROME_WINDOWS);
    const now = await loginAs(user.username, user.password, FIREFOX_LINUX);
    const res = await t.api({ method: 'GET', url: `${api}/auth/security`, token: now.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorEnabled: false, lastLogin: { device: 'Chrome on Windows', address: '10.27.0.5' } });
    const fresh = await userWith(t, ['region.list']);
    expect((await t.api({ method: 'GET', url: `${api}/auth/security`, token: fresh.token })).json()).toMatchObject({ lastLogin: null });
  });
});
