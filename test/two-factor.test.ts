/**
 * Two-factor login (issue 26, item 1) through the API on a real database: setup → enable (a wrong code refused) →
 * login without a code 401 → with a code 201; a code is spent once; a recovery code works once; code guessing ends in
 * 429; a role that requires two-factor blocks everything but the setup until it is on; disable and an admin's reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { userWith, type TestUser } from './fixtures';
import { auditLog, userRoles, userTwoFactor } from '../src/server/db/schema';
import { totpCode } from '../src/server/auth/totp';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = '/api/v1';
const login = (username: string, password: string, extra: { code?: string; address?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${api}/auth/login/admin`,
    payload: { username, password, ...(extra.code === undefined ? {} : { code: extra.code }) },
    headers: { 'x-forwarded-for': extra.address ?? '10.26.0.1' },
  });

/** Sets two-factor up for a user; answers the secret and the recovery codes. */
async function enable(user: TestUser, token = user.token) {
  const setup = await t.api({ method: 'POST', url: `${api}/auth/2fa/setup`, token });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toBe(`otpauth://totp/Dacha%20Admin:${user.username}?secret=${secret}&issuer=Dacha+Admin&algorithm=SHA1&digits=6&period=30`);
  const on = await t.api({ method: 'POST', url: `${api}/auth/2fa/enable`, token, payload: { code: totpCode(secret) } });
  expect(on.statusCode).toBe(200);
  return { secret, recoveryCodes: (on.json() as { recoveryCodes: string[] }).recoveryCodes };
}

describe('two-factor login', () => {
  it('setup → enable (a wrong code refused) → login without a code 401 → with a code 201; a code is spent once', async () => {
    const user = await userWith(t, ['region.list']);
    // The setup takes no body: one it does not take is refused, as every call refuses an unknown body.
    expect((await t.api({ method: 'POST', url: `${api}/auth/2fa/setup`, token: user.token, payload: [1] })).statusCode).toBe(400);
    const setup = await t.api({ method: 'POST', url: `${api}/auth/2fa/setup`, token: user.token });
    const { secret } = setup.json() as { secret: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await t.api({ method: 'POST', url: `${api}/auth/2fa/enable`, token: user.token, payload: { code: wrong } });
    expect(refused.statusCode).toBe(400);
    expect((await login(user.username, user.password)).statusCode).toBe(201); // not on yet
    const code = totpCode(secret);
    const on = await t.api({ method: 'POST', url: `${api}/auth/2fa/enable`, token: user.token, payload: { code } });
    expect(on.statusCode).toBe(200);
    const { recoveryCodes } = on.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(recoveryCodes[0]).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);

    const noCode = await login(user.username, user.password);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({ twoFactorRequired: true });
    expect(noCode.json()).not.toHaveProperty('accessToken');
    // A wrong password with a code is still a wrong password, and says nothing of a second factor.
    const badPassword = await login(user.username, 'not-the-password', { code });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json()).not.toHaveProperty('twoFactorRequired');
    // The code that enabled it was spent: a code seen over a shoulder cannot be used again.
    expect((await login(user.username, user.password, { code })).statusCode).toBe(401);
    const next = await login(user.username, user.password, { code: totpCode(secret, Date.now() + 30_000) });
    expect(next.statusCode).toBe(201);
    expect(next.json()).toHaveProperty('accessToken');

    // The secret is stored sealed, and answered nowhere after the setup.
    const [row] = await t.database.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(row.secret.startsWith('v1.')).toBe(true);
    expect(row.secret).not.toContain(secret);
    const security = await t.api({ method: 'GET', url: `${api}/auth/security`, token: next.json().accessToken });
    expect(security.statusCode).toBe(200);
    expect(security.json()).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: false, recoveryCodesLeft: 10 });
    expect(security.body).not.toContain(secret);
    const again = await t.api({ method: 'POST', url: `${api}/auth/2fa/setup`, token: user.token });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, user.id));
    expect(entries.map((e) => e.action)).toContain('twoFactorEnable');
    expect(JSON.stringify(entries)).not.toContain(secret);
  });

  it('a recovery code works once', async () => {
    const user = await userWith(t, ['region.list']);
    const { recoveryCodes } = await enable(user);
    const first = await login(user.username, user.password, { code: recoveryCodes[3].toLowerCase() });
    expect(first.statusCode).toBe(201);
    const second = await login(user.username, user.password, { code: recoveryCodes[3] });
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({ twoFactorRequired: true });
    const security = await t.api({ method: 'GET', url: `${api}/auth/security`, token: first.json().accessToken });
    expect(security.json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('code guessing ends in 429 (LOGIN_MAX_ATTEMPTS = 10 wrong codes from one address)', async () => {
    const user = await userWith(t, ['region.list']);
    const { secret } = await enable(user);
    const right = new Set([-1, 0, 1].map((k) => totpCode(secret, Date.now() + k * 30_000)));
    const guesses = Array.from({ length: 40 }, (_, i) => String(100_000 + i * 7919)).filter((g) => !right.has(g)).slice(0, 12);
    const statuses: number[] = [];
    for (const code of guesses) statuses.push((await login(user.username, user.password, { code, address: '10.26.9.9' })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const blocked = await login(user.username, user.password, { code: totpCode(secret, Date.now() + 30_000), address: '10.26.9.9' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a role that requires two-factor lets its users do nothing but the setup until it is on', async () => {
    const user = await userWith(t, ['region.list']);
    const before = user.token; // a session from before the role changed
    const [{ roleId }] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id));
    const set = await t.api({ method: 'PUT', url: `${api}/role/${roleId}/two-factor`, payload: { requireTwoFactor: true } });
    expect(set.statusCode).toBe(200);
    const role = await t.api({ method: 'GET', url: `${api}/role/${roleId}` });
    expect(role.json()).toMatchObject({ requireTwoFactor: true });

    const blocked = await t.api({ method: 'GET', url: `${api}/region`, token: before });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ twoFactorSetupRequired: true });
    const fresh = await login(user.username, user.password);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toMatchObject({ twoFactorSetupRequired: true });
    const token = fresh.json().accessToken as string;
    expect((await t.api({ method: 'GET', url: `${api}/region`, token })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: `${api}/auth/sessions`, token })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: `${api}/user/me`, token })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `${api}/auth/security`, token })).json()).toMatchObject({ twoFactorRequired: true, twoFactorEnabled: false });

    await enable(user, token);
    expect((await t.api({ method: 'GET', url: `${api}/region`, token })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `${api}/region`, token: before })).statusCode).toBe(200);
    const next = await login(user.username, user.password);
    expect(next.json()).toMatchObject({ twoFactorRequired: true });
  });

  it('a role holding a permission the caller lacks cannot be made to require two-factor by them', async () => {
    const editor = await userWith(t, ['role.edit', 'role.list']);
    const target = await userWith(t, ['user.delete']);
    const [{ roleId }] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, target.id));
    const res = await t.api({ method: 'PUT', url: `${api}/role/${roleId}/two-factor`, token: editor.token, payload: { requireTwoFactor: true } });
    expect(res.statusCode).toBe(403);
    const stranger = await userWith(t, ['region.list']);
    expect((await t.api({ method: 'PUT', url: `${api}/role/${roleId}/two-factor`, token: stranger.token, payload: { requireTwoFactor: true } })).statusCode).toBe(403);
    expect((await t.api({ method: 'PUT', url: `${api}/role/not-a-uuid/two-factor`, payload: { requireTwoFactor: true } })).statusCode).toBe(404);
  });

  it('disable needs the password and a code', async () => {
    const user = await userWith(t, ['region.list']);
    const { secret } = await enable(user);
    const later = totpCode(secret, Date.now() + 30_000);
    const noPassword = await t.api({ method: 'POST', url: `${api}/auth/2fa/disable`, token: user.token, payload: { password: 'wrong-password', code: later } });
    expect(noPassword.statusCode).toBe(400);
    const noCode = await t.api({ method: 'POST', url: `${api}/auth/2fa/disable`, token: user.token, payload: { password: user.password, code: '000000' === later ? '111111' : '000000' } });
    expect(noCode.statusCode).toBe(400);
    const off = await t.api({ method: 'POST', url: `${api}/auth/2fa/disable`, token: user.token, payload: { password: user.password, code: later } });
    expect(off.statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(201);
  });

  it('an admin resets a user’s two-factor (a lost phone): audited, and the user’s sessions end', async () => {
    const user = await userWith(t, ['region.list']);
    const { secret } = await enable(user);
    const stranger = await userWith(t, ['region.list']);
    expect((await t.api({ method: 'POST', url: `${api}/user/${user.id}/2fa/reset`, token: stranger.token })).statusCode).toBe(403);
    const reset = await t.api({ method: 'POST', url: `${api}/user/${user.id}/2fa/reset` });
    expect(reset.statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `${api}/region`, token: user.token })).statusCode).toBe(455);
    expect((await login(user.username, user.password)).statusCode).toBe(201);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'twoFactorReset'));
    expect(entry).toMatchObject({ recordId: user.id, resource: 'user' });
    expect(JSON.stringify(entry)).not.toContain(secret);
    expect((await t.api({ method: 'POST', url: `${api}/user/00000000-0000-4000-8000-000000000000/2fa/reset` })).statusCode).toBe(404);
  });

  it('writes neither the secret nor a code to the log', async () => {
    const logs: string[] = [];
    const logged = await createTestApp({}, { logs });
    try {
      const [{ id: roleId }] = await logged.database.db.select({ id: userRoles.roleId }).from(userRoles).limit(1);
      const username = `log_${Date.now().toString(36)}`;
      const created = await logged.api({ method: 'POST', url: `${api}/user/add`, payload: { username, password: 'quiet-lantern-harbour', roles: [roleId] } });
      expect(created.statusCode).toBe(201);
      const { accessToken } = await logged.login(username, 'quiet-lantern-harbour');
      const setup = await logged.api({ method: 'POST', url: `${api}/auth/2fa/setup`, token: accessToken });
      const { secret } = setup.json() as { secret: string };
      const code = totpCode(secret);
      const on = await logged.api({ method: 'POST', url: `${api}/auth/2fa/enable`, token: accessToken, payload: { code } });
      const [recovery] = (on.json() as { recoveryCodes: string[] }).recoveryCodes;
      const next = totpCode(secret, Date.now() + 30_000);
      const login = (c: string) => logged.app.inject({ method: 'POST', url: `${api}/auth/login/admin`, payload: { username, password: 'quiet-lantern-harbour', code: c } });
      expect((await login(next)).statusCode).toBe(201);
      expect((await login(recovery)).statusCode).toBe(201);
      expect((await login('999999')).statusCode).toBe(401);
      expect(logs.length).toBeGreaterThan(0);
      const text = logs.join('\n');
      for (const value of [secret, code, next, recovery, recovery.replace(/-/g, '')]) expect(text).not.toContain(value);
    } finally {
      await logged.close();
    }
  });
});
