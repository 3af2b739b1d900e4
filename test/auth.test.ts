import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, ADMIN, type TestContext } from './helpers';
import { sessions } from '../src/server/db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ACCESS_TOKEN_TTL: '2s', LOGIN_MAX_ATTEMPTS: '5' });
});
afterAll(() => t.close());

const login = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload, headers });
const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { refreshToken: token } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { authorization: `Bearer ${token}` } });

describe('POST /auth/login/admin', () => {
  it('answers 201 with a token pair and records the session', async () => {
    const res = await login({ username: ADMIN.username, password: ADMIN.password, userAgent: 'agent-x' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken']);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userAgent, 'agent-x'));
    expect(rows).toHaveLength(1);
    expect(rows[0].revokedAt).toBeNull();
  });

  it('answers 401 without saying which part was wrong', async () => {
    const wrongPassword = await login({ username: ADMIN.username, password: 'nope-nope' }, { 'x-forwarded-for': '10.0.0.1' });
    const unknownUser = await login({ username: 'ghost', password: 'nope-nope' }, { 'x-forwarded-for': '10.0.0.2' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(unknownUser.json().message);
  });

  it('rejects malformed bodies with 400 and a message', async () => {
    const missing = await login({ username: 'admin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.password).toBeTruthy();
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/admin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const wrongType = await login({ username: 42, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers 429 with Retry-After after repeated failures for one username from one address', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await login({ username: 'victim', password: `guess-${i}` }, { 'x-forwarded-for': '10.1.0.1' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never counts a successful login: 50 admins logging in from one address, then a wrong password is still a 401', { timeout: 60_000 }, async () => {
    const office = { 'x-forwarded-for': '10.2.0.50' };
    const statuses = new Set<number>();
    for (let i = 0; i < 50; i++) statuses.add((await login({ username: ADMIN.username, password: ADMIN.password, userAgent: `desk-${i}` }, office)).statusCode);
    expect([...statuses]).toEqual([201]);
    const wrong = await login({ username: 'office-typo', password: 'not-it' }, office);
    expect(wrong.statusCode).toBe(401);
  });
});

describe('the address the throttle counts', () => {
  it('is the connection\'s own without TRUST_PROXY: a forged X-Forwarded-For does not escape it', async () => {
    const direct = await createTestApp({ TRUST_PROXY: 'false', LOGIN_MAX_ATTEMPTS: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await direct.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login/admin',
          headers: { 'x-forwarded-for': `10.3.0.${i}` },
          payload: { username: 'guesser', password: 'wrong-password' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await direct.close();
    }
  });
});

describe('access tokens', () => {
  it('answers 401 without a token and with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(401);
    expect((await me('not.a.jwt')).statusCode).toBe(401);
  });

  it('answers 406 once the access token expired, and a refresh gives a working pair', async () => {
    const pair = (await login({ username: ADMIN.username, password: ADMIN.password })).json();
    expect((await me(pair.accessToken)).statusCode).toBe(200);
    // The server's clock moves 3.1 s on (only `Date`: timers and the database run as they are) instead of sleeping.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3100);
      const expired = await me(pair.accessToken);
      expect(expired.statusCode).toBe(406);
      const next = await refresh(pair.refreshToken);
      expect(next.statusCode).toBe(201);
      expect((await me(next.json().accessToken)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('POST /auth/refresh', () => {
  it('rotates, and reuse of an old refresh token after the grace window answers 455 and ends the new pair too', async () => {
    const first = (await login({ username: ADMIN.username, password: ADMIN.password })).json();
    const second = (await refresh(first.refreshToken)).json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await t.database.db.update(sessions).set({ rotatedAt: new Date(Date.now() - 60_000) });
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(455);
    expect((await me(second.accessToken)).statusCode).toBe(455);
    expect((await refresh(second.refreshToken)).statusCode).toBe(455);
  });

  it('answers 401 for a missing or forged header', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' })).statusCode).toBe(401);
    expect((await refresh('garbage')).statusCode).toBe(401);
  });
});

describe('DELETE /auth/logout', () => {
  it('revokes the session: its tokens stop working', async () => {
    const pair = (await login({ username: ADMIN.username, password: ADMIN.password })).json();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${pair.accessToken}` } });
    expect(res.statusCode).toBe(200);
    expect((await me(pair.accessToken)).statusCode).toBe(455);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(455);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout' })).statusCode).toBe(401);
  });
});
