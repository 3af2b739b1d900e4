/**
 * The second factor's lock (issue #33), beside the secret throttle and independent of it: the throttle slows guessing
 * per address and per username over minutes; this counts an account's wrong codes over a day, from any number of
 * addresses. Past `SECOND_FACTOR_LOCK_AFTER` wrong codes in `SECOND_FACTOR_WINDOW_HOURS`, the authenticator's codes are
 * refused — even the right one — until a recovery code or an admin's reset lifts it, or a day has passed. A right code
 * deletes the count. Every function takes the database or a transaction and opens none itself.
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { secondFactorFailures, secondFactorLocks } from '../db/schema';

/** Wrong codes of one account that lock its authenticator (README, "Two-factor login"). */
const SECOND_FACTOR_LOCK_AFTER = 20;
/** How long a wrong code counts, and how long a lock lasts when nothing lifts it. */
const SECOND_FACTOR_WINDOW_HOURS = 24;
/** A lock stays on the owner's Security page this long after it began, lifted or not. */
const SHOWN_DAYS = 30;
/** The addresses a lock names, at most (the most frequent first). */
const ADDRESSES_SHOWN = 20;
const ADDRESS_LENGTH = 64;

const windowStart = () => sql`now() - make_interval(hours => ${SECOND_FACTOR_WINDOW_HOURS})`;

interface SecondFactorLock {
  lockedAt: Date;
  /** When it ends by itself, unless lifted before. */
  until: Date;
  failures: number;
  addresses: string[];
  /** Still refusing the authenticator's codes. */
  active: boolean;
  liftedAt: Date | null;
  /** `recovery` (a recovery code), `reset` (an admin), or null (active, or over by itself). */
  liftedBy: 'recovery' | 'reset' | null;
}

/** Whether the account's authenticator codes are refused now. */
export async function secondFactorLocked(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: secondFactorLocks.userId })
    .from(secondFactorLocks)
    .where(and(eq(secondFactorLocks.userId, userId), isNull(secondFactorLocks.liftedAt), gt(secondFactorLocks.lockedAt, windowStart())));
  return row !== undefined;
}

/**
 * Records a wrong code from `address`. When it brings the day's count to the threshold (and no lock is on), the lock
 * begins and is answered — with the count and the addresses — so the caller can tell the owner (the audit history).
 * Two requests reaching the threshold at once lock once: the lock's row is written only over a lifted or ended one.
 */
export async function recordSecondFactorFailure(db: DbOrTx, userId: string, address: string): Promise<SecondFactorLock | undefined> {
  // The account's wrong codes older than the window count for nothing: they go here, so none is kept past a day.
  await db.delete(secondFactorFailures).where(and(eq(secondFactorFailures.userId, userId), lt(secondFactorFailures.at, windowStart())));
  await db.insert(secondFactorFailures).values({ userId, address: address.slice(0, ADDRESS_LENGTH) });
  const counted = await db
    .select({ address: secondFactorFailures.address, n: sql<number>`count(*)::int` })
    .from(secondFactorFailures)
    .where(and(eq(secondFactorFailures.userId, userId), gt(secondFactorFailures.at, windowStart())))
    .groupBy(secondFactorFailures.address)
    .orderBy(desc(sql`count(*)`), secondFactorFailures.address);
  const failures = counted.reduce((sum, row) => sum + row.n, 0);
  if (failures < SECOND_FACTOR_LOCK_AFTER) return undefined;
  const addresses = counted.slice(0, ADDRESSES_SHOWN).map((row) => row.address);
  const [row] = await db
    .insert(secondFactorLocks)
    .values({ userId, lockedAt: sql`now()`, failures, addresses })
    .onConflictDoUpdate({
      target: secondFactorLocks.userId,
      set: { lockedAt: sql`now()`, failures, addresses, liftedAt: null, liftedBy: null },
      where: sql`${secondFactorLocks.liftedAt} is not null or ${secondFactorLocks.lockedAt} <= ${windowStart()}`,
    })
    .returning();
  if (!row) return undefined;
  // The failures that made this lock are in it now: after the lock, the count starts again from nothing.
  await db.delete(secondFactorFailures).where(eq(secondFactorFailures.userId, userId));
  return shown(row);
}

/**
 * A right code: the count goes. A recovery code or an admin's reset (`liftedBy`) also lifts a lock that is on; answers
 * whether one was.
 */
export async function secondFactorPassed(db: DbOrTx, userId: string, liftedBy?: 'recovery' | 'reset'): Promise<boolean> {
  await db.delete(secondFactorFailures).where(eq(secondFactorFailures.userId, userId));
  if (!liftedBy) return false;
  const lifted = await db
    .update(secondFactorLocks)
    .set({ liftedAt: sql`now()`, liftedBy })
    .where(and(eq(secondFactorLocks.userId, userId), isNull(secondFactorLocks.liftedAt), gt(secondFactorLocks.lockedAt, windowStart())))
    .returning({ userId: secondFactorLocks.userId });
  return lifted.length > 0;
}

/** The account's latest lock of the last 30 days, on or lifted, for its owner's Security page. */
export async function latestSecondFactorLock(db: DbOrTx, userId: string): Promise<SecondFactorLock | undefined> {
  const [row] = await db
    .select()
    .from(secondFactorLocks)
    .where(and(eq(secondFactorLocks.userId, userId), gt(secondFactorLocks.lockedAt, sql`now() - make_interval(days => ${SHOWN_DAYS})`)));
  return row && shown(row);
}

function shown(row: typeof secondFactorLocks.$inferSelect): SecondFactorLock {
  const until = new Date(row.lockedAt.getTime() + SECOND_FACTOR_WINDOW_HOURS * 3600_000);
  return {
    lockedAt: row.lockedAt,
    until,
    failures: row.failures,
    addresses: row.addresses,
    active: row.liftedAt === null && until.getTime() > Date.now(),
    liftedAt: row.liftedAt,
    liftedBy: row.liftedBy,
  };
}
