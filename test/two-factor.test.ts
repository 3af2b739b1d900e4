/**
 * Two-factor login (issue 26, item 1) through the API on a real database: setup → enable (a wrong code refused) →
 * login without a code 401 → with a code 201; a code is spent once; a recovery code works once; code guessing ends in
 * 429; a role that requires two-factor blocks everything but the setup until it is on; disable and an admin's reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
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
  const on = await t.api({ method: 'POST', url: `${api}/auth/2fa/enable`, token, payload: { password: user.password, code: totpCode(secret) } });
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
    const refused = await t.api({ method: 'POST', url: `${api}/auth/2fa/enable`, token: user.token, payload: { password: user.password, code: wrong } });
    expect(refused.statusCode).toBe(400);
    expect((await login(user.username, user.password)).statusCode).toBe(201); // not on yet
    const code = totpCode(secret);
    const on = await t.api({ method: 'POST', url: `${api}/auth/2fa/enable`, token: user.token, payload: { password: user.password, code } });
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
    // Turning two-factor on ends the account's other sessions, as a password change does.
    expect((await t.api({ method: 'GET', url: `${api}/region`, token: before })).statusCode).toBe(455);
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
      const on = await logged.api({ method: 'POST', url: `${api}/auth/2fa/enable`, token: accessToken, payload: { password: 'quiet-lantern-harbour', code } });
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

/** Six-digit codes none of which is right now (±1 step). */
function wrongCodes(secret: string, count: number): string[] {
  const right = new Set([-1, 0, 1, 2].map((k) => totpCode(secret, Date.now() + k * 30_000)));
  return Array.from({ length: count * 2 }, (_, i) => String(200_000 + i * 7919)).filter((g) => !right.has(g)).slice(0, count);
}

describe('the second factor locks (issue 33)', () => {
  // The throttle's per-username spacing (it doubles past LOGIN_MAX_ATTEMPTS) would take minutes for 25 codes: here it
  // is set high, so only the lock is tested. The lock does not depend on it.
  let l: TestContext;
  beforeAll(async () => {
    l = await createTestApp({ LOGIN_MAX_ATTEMPTS: '1000' });
  });
  afterAll(() => l.close());
  const loginOn = (username: string, password: string, code: string, address: string, lang = 'en') =>
    l.app.inject({ method: 'POST', url: `${api}/auth/login/admin`, payload: { username, password, code }, headers: { 'x-forwarded-for': address, 'accept-language': lang } });
  async function enableOn(user: TestUser) {
    const { secret } = (await l.api({ method: 'POST', url: `${api}/auth/2fa/setup`, token: user.token })).json() as { secret: string };
    const on = await l.api({ method: 'POST', url: `${api}/auth/2fa/enable`, token: user.token, payload: { password: user.password, code: totpCode(secret) } });
    expect(on.statusCode).toBe(200);
    return { secret, recoveryCodes: (on.json() as { recoveryCodes: string[] }).recoveryCodes };
  }
  const security = async (token: string) => (await l.api({ method: 'GET', url: `${api}/auth/security`, token })).json();

  it('25 wrong codes from 10 addresses, then the right code → refused; a recovery code → in; the Security page and the audit history show the lock', async () => {
    const user = await userWith(l, ['region.list']);
    const { secret, recoveryCodes } = await enableOn(user);
    const statuses: number[] = [];
    for (const [i, code] of wrongCodes(secret, 25).entries()) {
      statuses.push((await loginOn(user.username, user.password, code, `10.33.0.${i % 10}`)).statusCode);
    }
    expect(statuses).toEqual(Array(25).fill(401));
    // The owner's session still open: the lock is on, with the addresses, and says until when.
    const during = await security(user.token);
    expect(during.secondFactorLock).toMatchObject({ active: true, failures: 20, liftedAt: null, liftedBy: null });
    expect([...during.secondFactorLock.addresses].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `10.33.0.${i}`).sort());
    expect(Date.parse(during.secondFactorLock.until) - Date.parse(during.secondFactorLock.lockedAt)).toBe(24 * 3600_000);

    // The right code, from the owner's own address, is refused: the lock says how to get in, in the reader's language.
    for (const [lang, text] of [['en', /recovery code/], ['ru', /кодом восстановления/], ['uz', /Tiklash kodi/]] as const) {
      const right = await loginOn(user.username, user.password, totpCode(secret, Date.now() + 30_000), '192.0.2.1', lang);
      expect(right.statusCode).toBe(401);
      expect(right.json()).toMatchObject({ twoFactorRequired: true, twoFactorLocked: true });
      expect(right.json().message).toMatch(text);
      expect(right.json()).not.toHaveProperty('accessToken');
    }
    // A recovery code still lets the owner in, and lifts the lock.
    const recovered = await loginOn(user.username, user.password, recoveryCodes[0], '192.0.2.1');
    expect(recovered.statusCode).toBe(201);
    const after = await security(recovered.json().accessToken);
    expect(after.secondFactorLock).toMatchObject({ active: false, liftedBy: 'recovery', failures: 20 });
    expect(after.recoveryCodesLeft).toBe(9);
    // The authenticator works again: the right code refused while locked was never checked, so it was not spent.
    expect((await loginOn(user.username, user.password, totpCode(secret, Date.now() + 30_000), '192.0.2.1')).statusCode).toBe(201);

    const entries = await l.database.db.select().from(auditLog).where(and(eq(auditLog.recordId, user.id), eq(auditLog.action, 'twoFactorLock')));
    expect(entries).toHaveLength(1);
    expect(entries[0].changes.wrongCodes).toEqual({ before: null, after: 20 });
    expect(String(entries[0].changes.addresses.after)).toContain('10.33.0.7');
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(JSON.stringify(entries)).not.toContain(user.password);
  });

  it('a right code resets the count: 19 wrong, a right one, 19 wrong again do not lock', async () => {
    const user = await userWith(l, ['region.list']);
    const { secret } = await enableOn(user);
    const wrong = wrongCodes(secret, 38);
    for (const code of wrong.slice(0, 19)) expect((await loginOn(user.username, user.password, code, '10.34.0.1')).statusCode).toBe(401);
    const right = await loginOn(user.username, user.password, totpCode(secret, Date.now() + 30_000), '10.34.0.1');
    expect(right.statusCode, right.body).toBe(201);
    for (const code of wrong.slice(19)) {
      const again = await loginOn(user.username, user.password, code, '10.34.0.2');
      expect(again.statusCode).toBe(401);
      expect(again.json()).not.toHaveProperty('twoFactorLocked');
    }
    expect((await security(user.token)).secondFactorLock).toBeNull();
  });

  it('while locked, disabling with an authenticator code is refused too; an admin’s reset lifts the lock', async () => {
    const user = await userWith(l, ['region.list']);
    const { secret } = await enableOn(user);
    for (const code of wrongCodes(secret, 20)) await loginOn(user.username, user.password, code, '10.35.0.1');
    const disable = await l.api({
      method: 'POST',
      url: `${api}/auth/2fa/disable`,
      token: user.token,
      payload: { password: user.password, code: totpCode(secret, Date.now() + 30_000) },
      headers: { 'accept-language': 'en' },
    });
    expect(disable.statusCode).toBe(400);
    expect(disable.json().message).toMatch(/locked/);
    expect((await l.api({ method: 'POST', url: `${api}/user/${user.id}/2fa/reset` })).statusCode).toBe(200);
    const fresh = await loginOn(user.username, user.password, '', '10.35.0.2');
    expect(fresh.statusCode).toBe(201);
    expect((await security(fresh.json().accessToken)).secondFactorLock).toMatchObject({ active: false, liftedBy: 'reset' });
  });
});

describe('strong actions ask for the password again (issue 33)', () => {
  it('enable without the password → 400, with a wrong one → 400; with it, the account’s other sessions end', async () => {
    const user = await userWith(t, ['region.list']);
    const other = await t.login(user.username, user.password);
    const { secret } = (await t.api({ method: 'POST', url: `${api}/auth/2fa/setup`, token: user.token })).json() as { secret: string };
    const enableWith = (payload: object) => t.api({ method: 'POST', url: `${api}/auth/2fa/enable`, token: user.token, payload });
    const missing = await enableWith({ code: totpCode(secret) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('password');
    const wrong = await t.api({
      method: 'POST',
      url: `${api}/auth/2fa/enable`,
      token: user.token,
      payload: { password: 'not-the-password', code: totpCode(secret) },
      headers: { 'accept-language': 'ru' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Текущий пароль неверен.');
    expect((await t.api({ method: 'GET', url: `${api}/auth/security`, token: user.token })).json()).toMatchObject({ twoFactorEnabled: false });
    const on = await enableWith({ password: user.password, code: totpCode(secret) });
    expect(on.statusCode).toBe(200);
    expect(on.body).not.toContain(user.password);
    expect((await t.api({ method: 'GET', url: `${api}/region`, token: other.accessToken })).statusCode).toBe(455);
    expect((await t.api({ method: 'GET', url: `${api}/region`, token: user.token })).statusCode).toBe(200);
  });

  it('new recovery codes need the password; the old ones stop working', async () => {
    const user = await userWith(t, ['region.list']);
    const { recoveryCodes } = await enable(user);
    const regenerate = (payload: object) => t.api({ method: 'POST', url: `${api}/auth/2fa/recovery-codes`, token: user.token, payload });
    expect((await regenerate({})).statusCode).toBe(400);
    expect((await regenerate({ password: 'not-the-password' })).statusCode).toBe(400);
    const fresh = await regenerate({ password: user.password });
    expect(fresh.statusCode).toBe(200);
    const codes = (fresh.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(recoveryCodes[0]);
    expect((await login(user.username, user.password, { code: recoveryCodes[0] })).statusCode).toBe(401);
    expect((await login(user.username, user.password, { code: codes[0] })).statusCode).toBe(201);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.recordId, user.id), eq(auditLog.action, 'recoveryCodes')));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(codes[0]);
    // Two-factor off: nothing to replace.
    const plain = await userWith(t, ['region.list']);
    expect((await t.api({ method: 'POST', url: `${api}/auth/2fa/recovery-codes`, token: plain.token, payload: { password: plain.password } })).statusCode).toBe(409);
  });

  it('a password change needs the current password whatever the token’s age', async () => {
    const user = await userWith(t, ['region.list']);
    const change = (payload: object) => t.api({ method: 'POST', url: `${api}/user/me/password`, token: user.token, payload });
    expect((await change({ newPassword: 'plum-kettle-orbit-7' })).statusCode).toBe(400);
    expect((await change({ currentPassword: 'not-the-password', newPassword: 'plum-kettle-orbit-7' })).statusCode).toBe(400);
  });
});
