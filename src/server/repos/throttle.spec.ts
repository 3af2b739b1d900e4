import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client';
import { openPglite, PGLITE_EXTENSIONS } from '../db/pglite';
import { LoginThrottle, type AttemptKeys } from './throttle';

let database: Database;
beforeAll(async () => {
  database = openPglite(new PGlite({ extensions: PGLITE_EXTENSIONS }), 'throttle spec');
  await database.migrate();
});
afterAll(() => database.close());

const keys = (subject: string, address: string): AttemptKeys => ({ scope: 'password', subject, address });

describe('LoginThrottle', () => {
  it('holds the hard limit per (subject, address) under a burst, and answers the wait in seconds', async () => {
    const throttle = new LoginThrottle(database.db, 3, 60);
    const t0 = Date.UTC(2026, 0, 1);
    const burst = await Promise.all(Array.from({ length: 12 }, () => throttle.reserve(keys('a', '1'), t0)));
    expect(burst.filter((r) => r.ok)).toHaveLength(3);
    expect(burst.filter((r) => !r.ok).map((r) => !r.ok && r.retryAfter)).toEqual(Array(9).fill(60));
    // Another address, or another subject, is not blocked by it.
    expect((await throttle.reserve(keys('a', '2'), t0 + 10)).ok).toBe(true);
    expect((await throttle.reserve(keys('b', '1'), t0 + 10)).ok).toBe(true);
    expect((await throttle.reserve(keys('a', '1'), t0 + 61_000)).ok).toBe(true);
  });

  it('spaces attempts per subject alone by a doubling delay, and refuses a slot further ahead than the longest delay', async () => {
    const throttle = new LoginThrottle(database.db, 2, 600, 10);
    const t0 = Date.UTC(2026, 1, 1);
    const waits: (number | string)[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await throttle.reserve(keys('spread', `10.0.0.${i}`), t0);
      waits.push(r.ok ? r.waitMs : `429 ${r.retryAfter}`);
    }
    // Two free, then 1 s, 2 s, 4 s (cumulative 1, 3, 7), then 7 + 8 = 15 s is beyond 10 s: refused for 5 s.
    expect(waits).toEqual([0, 0, 1000, 3000, 7000, '429 5', '429 5']);
  });

  it('lets an address hold many checks in flight until it has failed, then spaces every attempt of it', async () => {
    // 2 attempts, 1 s window of delays, 4 in flight allowed before they count.
    const throttle = new LoginThrottle(database.db, 2, 600, 10, 4);
    const t0 = Date.UTC(2026, 3, 1);
    const at = (subject: string, now: number) => throttle.reserve(keys(subject, '10.9.0.1'), now);
    const wait = (r: Awaited<ReturnType<typeof at>>) => (r.ok ? r.waitMs : `429 ${r.retryAfter}`);
    // Colleagues: 6 at once, none waits (the 6th finds 5 in flight, one beyond the allowance: one counted, under 2).
    const office = await Promise.all(['o1', 'o2', 'o3', 'o4', 'o5', 'o6'].map((u) => at(u, t0)));
    expect(office.map(wait)).toEqual([0, 0, 0, 0, 0, 0]);
    for (const r of office) if (r.ok) await throttle.succeeded(keys('x', '10.9.0.1'), r);
    // Two wrong passwords: the address has failed its 2. Parallel guesses over other usernames now take turns.
    for (const u of ['w1', 'w2']) {
      const r = await at(u, t0 + 1);
      if (r.ok) await throttle.failed(r);
    }
    const spray = await Promise.all(['g1', 'g2', 'g3', 'g4', 'g5'].map((u) => at(u, t0 + 2)));
    // 1 s after the last failure's slot, then 2 and 4 s more; 7 + 8 s is past the longest delay: refused.
    expect(spray.map(wait)).toEqual([999, 2999, 6999, '429 5', '429 5']);
  });

  it('keeps failures recorded by others while a success is under way', async () => {
    const throttle = new LoginThrottle(database.db, 3, 60);
    const typo = await throttle.reserve(keys('c', '3'));
    if (!typo.ok) throw new Error('refused');
    await throttle.failed(typo);
    const mine = await throttle.reserve(keys('c', '3'));
    const other = await throttle.reserve(keys('c', '3'));
    if (!mine.ok || !other.ok) throw new Error('refused');
    await throttle.failed(other);
    await throttle.succeeded(keys('c', '3'), mine);
    // The owner's earlier typo is forgiven; the concurrent failure stays: two more attempts, not three.
    const next = await Promise.all([0, 1, 2].map(() => throttle.reserve(keys('c', '3'))));
    expect(next.map((r) => r.ok)).toEqual([true, true, false]);
  });

  it('counts the attempts of every process on the database as one', async () => {
    const one = new LoginThrottle(database.db, 4, 60);
    const other = new LoginThrottle(database.db, 4, 60);
    const t0 = Date.UTC(2026, 2, 1);
    for (let i = 0; i < 4; i++) expect((await (i % 2 ? one : other).reserve(keys('shared', '4'), t0 + i)).ok).toBe(true);
    expect((await one.reserve(keys('shared', '4'), t0 + 10)).ok).toBe(false);
    expect((await other.reserve(keys('shared', '4'), t0 + 10)).ok).toBe(false);
  });

  it('reserves in one statement, opening no transaction that would hold its locks across round trips', async () => {
    // A transaction of five round trips held the address's lock while a busy server answered each one: fifty
    // colleagues behind one address queued on it (docs/decisions.md, "The morning login: one statement…").
    const throttle = new LoginThrottle(database.db, 3, 60);
    await throttle.reserve(keys('one-statement', '6'));
    const transaction = vi.spyOn(database.db, 'transaction');
    const execute = vi.spyOn(database.db, 'execute');
    try {
      const reserved = await throttle.reserve(keys('one-statement', '6'));
      expect(reserved.ok).toBe(true);
      expect(transaction).not.toHaveBeenCalled();
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      transaction.mockRestore();
      execute.mockRestore();
    }
  });

  it('cuts a huge subject to the column instead of failing', async () => {
    const throttle = new LoginThrottle(database.db, 1, 60);
    const subject = 'x'.repeat(5000);
    expect((await throttle.reserve(keys(subject, '5'))).ok).toBe(true);
    expect((await throttle.reserve(keys(subject, '5'))).ok).toBe(false);
  });
});
