/**
 * Sessions and password hashes (issue 21, items 2 and 3): the refresh grace window, the absolute lifetime, refreshes
 * refused once the user lost every permission, was deleted or changed the password, access tokens without `exp`, and
 * the upgrade of an old password hash at login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { createTestApp, type TestContext } from './helpers';
import { userWith } from './fixtures';
import { TEST_SCRYPT_N } from './engine';
import { sessions, userRoles, users } from '../src/server/db/schema';
import { hashPassword, usePasswordCost } from '../src/server/auth/passwords';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { refreshToken: token } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { authorization: `Bearer ${token}` } });
const sessionOf = async (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid as string;

describe('the refresh grace window', () => {
  it('gives two tabs refreshing the same token at the same moment a working pair each', async () => {
    const user = await userWith(t, ['region.list']);
    const pair = await t.login(user.username, user.password);
    const [a, b] = await Promise.all([refresh(pair.refreshToken), refresh(pair.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    for (const next of [a.json(), b.json()]) expect((await me(next.accessToken)).statusCode).toBe(200);
    // Either copy rotates further; the session lives on.
    expect((await refresh(a.json().refreshToken)).statusCode).toBe(201);
  });

  it('still ends the session family when the old token comes back after the window', async () => {
    const user = await userWith(t, ['region.list']);
    const pair = await t.login(user.username, user.password);
    const next = (await refresh(pair.refreshToken)).json();
    await t.database.db.update(sessions).set({ rotatedAt: sql`now() - interval '11 seconds'` }).where(eq(sessions.id, await sessionOf(pair.accessToken)));
    expect((await refresh(pair.refreshToken)).statusCode).toBe(455);
    expect((await me(next.accessToken)).statusCode).toBe(455);
    expect((await refresh(next.refreshToken)).statusCode).toBe(455);
  });

  it('never accepts a token older than the previous one, even within the window', async () => {
    const user = await userWith(t, ['region.list']);
    const first = await t.login(user.username, user.password);
    const second = (await refresh(first.refreshToken)).json();
    expect((await refresh(second.refreshToken)).statusCode).toBe(201);
    expect((await refresh(first.refreshToken)).statusCode).toBe(455);
  });
});

describe('a refresh is refused (455)', () => {
  it('past SESSION_MAX_AGE from the login, however often it was refreshed', async () => {
    expect(t.config.sessionMaxAgeSeconds).toBe(30 * 86400);
    const user = await userWith(t, ['region.list']);
    const pair = await t.login(user.username, user.password);
    await t.database.db.update(sessions).set({ createdAt: sql`now() - interval '30 days 1 minute'` }).where(eq(sessions.id, await sessionOf(pair.accessToken)));
    expect((await refresh(pair.refreshToken)).statusCode).toBe(455);
  });

  it('once the user holds no permission any more', async () => {
    const user = await userWith(t, ['region.list']);
    const pair = await t.login(user.username, user.password);
    await t.database.db.delete(userRoles).where(eq(userRoles.userId, user.id));
    expect((await refresh(pair.refreshToken)).statusCode).toBe(455);
  });

  it('once the user was deleted', async () => {
    const user = await userWith(t, ['region.list']);
    const pair = await t.login(user.username, user.password);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/user/delete/${user.id}` })).statusCode).toBe(200);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(455);
  });

  it('on every other session once the user changed the password', async () => {
    const user = await userWith(t, ['region.list']);
    const other = await t.login(user.username, user.password);
    const change = await t.api({ method: 'POST', url: '/api/v1/user/me/password', token: user.token, payload: { currentPassword: user.password, newPassword: 'plum-kettle-orbit-7' } });
    expect(change.statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(455);
  });
});

describe('access tokens', () => {
  it('refuses one without exp even when its signature is right', async () => {
    const user = await userWith(t, ['region.list']);
    const sid = await sessionOf(user.token);
    const forever = await new SignJWT({ sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await me(forever)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('carry iss and aud, and one without them, or naming another issuer or audience, is refused', async () => {
    const user = await userWith(t, ['region.list']);
    const [, body] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: 'dacha-admin', aud: 'dacha-admin-api' });
    const sid = await sessionOf(user.token);
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const signed = (iss?: string, aud?: string) => {
      const jwt = new SignJWT({ sid, typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuedAt().setExpirationTime('5m');
      if (iss) jwt.setIssuer(iss);
      if (aud) jwt.setAudience(aud);
      return jwt.sign(key);
    };
    expect((await me(await signed())).statusCode).toBe(401);
    expect((await me(await signed('someone-else', 'dacha-admin-api'))).statusCode).toBe(401);
    expect((await me(await signed('dacha-admin', 'another-api'))).statusCode).toBe(401);
    expect((await me(await signed('dacha-admin', 'dacha-admin-api'))).statusCode).toBe(200);
  });
});

describe('password hashes', () => {
  it('upgrades a hash of a lower cost at the next login, without the user noticing', async () => {
    const user = await userWith(t, ['region.list']);
    const cheap = TEST_SCRYPT_N / 4;
    usePasswordCost(cheap);
    await t.database.db.update(users).set({ passwordHash: await hashPassword(user.password) }).where(eq(users.id, user.id));
    usePasswordCost(TEST_SCRYPT_N);
    const stored = async () => (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id)))[0].h!;
    expect(await stored()).toMatch(new RegExp(`^scrypt\\$${cheap}\\$8\\$1\\$`));
    await t.login(user.username, user.password);
    expect(await stored()).toMatch(new RegExp(`^scrypt\\$${TEST_SCRYPT_N}\\$8\\$1\\$`));
    await t.login(user.username, user.password);
  });
});
