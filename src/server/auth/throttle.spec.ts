import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client';
import { openPglite, PGLITE_EXTENSIONS } from '../db/pglite';
import { LoginThrottle } from './throttle';

let database: Database;
beforeAll(async () => {
  database = openPglite(new PGlite({ extensions: PGLITE_EXTENSIONS }), 'throttle spec');
  await database.migrate();
});
afterAll(() => database.close());

describe('LoginThrottle', () => {
  it('allows attempts up to the limit, then answers the wait in seconds', async () => {
    const throttle = new LoginThrottle(database.db, 3, 60);
    const t0 = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 3; i++) {
      expect(await throttle.retryAfter(['user:a'], t0 + i)).toBe(0);
      await throttle.fail(['user:a', 'ip:1'], t0 + i);
    }
    expect(await throttle.retryAfter(['user:a'], t0 + 10)).toBe(60);
    expect(await throttle.retryAfter(['user:b', 'ip:1'], t0 + 10)).toBe(60);
    expect(await throttle.retryAfter(['user:b'], t0 + 10)).toBe(0);
  });

  it('forgets failures once the window has passed, and on success', async () => {
    const throttle = new LoginThrottle(database.db, 2, 10);
    const t0 = Date.UTC(2026, 1, 1);
    await throttle.fail(['k'], t0);
    await throttle.fail(['k'], t0 + 1);
    expect(await throttle.retryAfter(['k'], t0 + 5_000)).toBe(5);
    expect(await throttle.retryAfter(['k'], t0 + 11_500)).toBe(0);
    await throttle.fail(['k'], t0 + 20_000);
    await throttle.fail(['k'], t0 + 20_001);
    await throttle.succeed(['k']);
    expect(await throttle.retryAfter(['k'], t0 + 20_002)).toBe(0);
  });

  it('counts the failures of every process on the database as one', async () => {
    const one = new LoginThrottle(database.db, 4, 60);
    const other = new LoginThrottle(database.db, 4, 60);
    const t0 = Date.UTC(2026, 2, 1);
    for (let i = 0; i < 4; i++) await (i % 2 ? one : other).fail(['user:shared'], t0 + i);
    expect(await one.retryAfter(['user:shared'], t0 + 10)).toBeGreaterThan(0);
    expect(await other.retryAfter(['user:shared'], t0 + 10)).toBeGreaterThan(0);
  });

  it('cuts a huge key to the column instead of failing', async () => {
    const throttle = new LoginThrottle(database.db, 1, 60);
    const key = `user:${'x'.repeat(5000)}`;
    await throttle.fail([key]);
    expect(await throttle.retryAfter([key])).toBeGreaterThan(0);
  });
});
