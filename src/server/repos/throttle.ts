/**
 * The throttle in front of every secret check (a password at login or at a password change; a second factor later,
 * under its own `scope`). An attempt is reserved — a row in `secret_attempt` — before the secret is checked, in one
 * short transaction that holds advisory locks on the subject (the username) and the address, so parallel requests on
 * any number of processes see each other's reservations: 40 parallel wrong passwords get `maxAttempts` checks.
 *
 * - Per (subject, address) the limit is hard: past `maxAttempts` attempts in the window, 429 with Retry-After.
 * - Per subject alone, and per address alone, it is soft: past `maxAttempts` each further attempt is spaced from the
 *   previous one by a delay that doubles up to `maxDelaySteps` of the first. Until an address has failed `maxAttempts`
 *   times it counts its failures, not the attempts still being checked (beyond `inFlightAllowance` of those, the rest):
 *   an office of colleagues behind one NAT address logging in at 9:00 with the right passwords is not told to wait.
 *   Past that, every attempt of it counts, so wrong guesses from it are slowed however parallel. The reservation
 *   takes the next free slot and the request waits for it after the transaction, holding no connection. A slot further
 *   ahead than the longest delay is refused with 429, so a burst never piles up: at most a few requests per subject
 *   wait at any time. Wrong passwords from many addresses slow a username down; they never block its owner's right
 *   password.
 * - A success deletes its own reservation and the failures of its own (subject, address) that had failed before it
 *   was reserved, so failures other requests record meanwhile stay counted.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { secretAttempts } from '../db/schema';

/** A username of 10 000 characters costs the same as a short one: keys longer than the columns are cut. */
const SUBJECT_LENGTH = 160;
const ADDRESS_LENGTH = 64;
/** Advisory lock classes (the two-key form), so a subject and an address never share a lock by accident. */
const LOCK_SUBJECT = 7301;
const LOCK_ADDRESS = 7302;

type Reservation =
  | { ok: true; id: string; at: Date; reservedAt: Date; waitMs: number }
  | { ok: false; retryAfter: number };

export interface AttemptKeys {
  /** What kind of secret: `password` (login and password change share it: the same secret), later `totp`. */
  scope: string;
  /** Whose secret: the username as typed, lower-cased. */
  subject: string;
  address: string;
}

export class LoginThrottle {
  private sweptAt = 0;

  constructor(
    private readonly db: Db,
    private readonly maxAttempts: number,
    private readonly windowSeconds: number,
    /** The longest delay, in first delays (10: 10 s at the default 1 s). */
    private readonly maxDelaySteps = 10,
    /** Attempts one address may have in flight at once before they count against it as failures would. */
    private readonly inFlightAllowance = 5 * maxAttempts,
    /**
     * The first delay past the limit (config `LOGIN_DELAY_MS`, 1 s): each further one doubles, up to `maxDelaySteps`
     * of them. Only the tests shorten it, to see the same schedule without sleeping through it.
     */
    private readonly firstDelayMs = 1000,
  ) {}

  /** The longest wait a reservation may be given; a slot further ahead is refused with 429. */
  private get maxDelayMs() {
    return this.maxDelaySteps * this.firstDelayMs;
  }

  /** The delay before the next attempt of a key that already has `count` attempts in the window. */
  delayMs(count: number): number {
    if (count < this.maxAttempts) return 0;
    return Math.min(this.maxDelaySteps, 2 ** (count - this.maxAttempts)) * this.firstDelayMs;
  }

  /** Reserves one attempt, or answers how many seconds to wait before asking again. */
  async reserve(keys: AttemptKeys, now = Date.now()): Promise<Reservation> {
    const scope = keys.scope;
    const subject = keys.subject.toLowerCase().slice(0, SUBJECT_LENGTH);
    const address = keys.address.slice(0, ADDRESS_LENGTH);
    await this.sweep(now);
    const since = new Date(now - this.windowSeconds * 1000);
    // The one repository that opens its own transaction: a reservation must commit before its request waits for the
    // slot, so parallel requests (on any process) see it; it can never ride on a caller's unit of work.
    // eslint-disable-next-line no-restricted-syntax -- see above
    return this.db.transaction(async (tx) => {
      // Always the subject's lock first, then the address's: no two reservations can wait on each other in a circle.
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SUBJECT}, hashtext(${`${scope}:${subject}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${`${scope}:${address}`}))`);
      const rows = await tx
        .select({ subject: secretAttempts.subject, address: secretAttempts.address, at: secretAttempts.at, failedAt: secretAttempts.failedAt })
        .from(secretAttempts)
        .where(
          and(
            eq(secretAttempts.scope, scope),
            sql`${secretAttempts.at} > ${since.toISOString()}::timestamptz`,
            or(eq(secretAttempts.subject, subject), eq(secretAttempts.address, address)),
          ),
        );
      const pair = rows
        .filter((r) => r.subject === subject && r.address === address)
        .map((r) => r.at.getTime())
        .sort((a, b) => b - a);
      if (pair.length >= this.maxAttempts) {
        const freesAt = pair[this.maxAttempts - 1] + this.windowSeconds * 1000;
        return { ok: false as const, retryAfter: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
      }
      const slotAfter = (times: number[]) => (times.length ? Math.max(...times) + this.delayMs(times.length) : now);
      const slot = Math.max(
        now,
        slotAfter(rows.filter((r) => r.subject === subject).map((r) => r.at.getTime())),
        slotAfter(this.addressCounts(rows.filter((r) => r.address === address)).map((r) => r.at.getTime())),
      );
      const waitMs = slot - now;
      if (waitMs > this.maxDelayMs) {
        return { ok: false as const, retryAfter: Math.max(1, Math.ceil((waitMs - this.maxDelayMs) / 1000)) };
      }
      const at = new Date(slot);
      const [row] = await tx.insert(secretAttempts).values({ scope, subject, address, at }).returning({ id: secretAttempts.id });
      return { ok: true as const, id: row.id, at, reservedAt: new Date(now), waitMs };
    });
  }

  /**
   * The attempts of one address that count against it. A success deletes its row, so a row without `failedAt` is an
   * attempt still being checked: colleagues behind one NAT address logging in at once are not guesses, so those count
   * only beyond `inFlightAllowance`, and only the newest of them. Once the address has failed `maxAttempts` times it is
   * guessing, and every attempt counts, in flight too: parallel guesses over many usernames then take turns a delay
   * apart, as sequential ones do (counting failures alone gave them all the same slot: a burst per delay).
   */
  private addressCounts<R extends { at: Date; failedAt: Date | null }>(fromAddress: R[]): R[] {
    const failed = fromAddress.filter((r) => r.failedAt);
    if (failed.length >= this.maxAttempts) return fromAddress;
    const inFlight = fromAddress.filter((r) => !r.failedAt).sort((a, b) => a.at.getTime() - b.at.getTime());
    return [...failed, ...inFlight.slice(this.inFlightAllowance)];
  }

  /** Waits for a reserved slot; no database connection is held meanwhile. */
  async waitFor(reservation: { waitMs: number }) {
    if (reservation.waitMs > 0) await sleep(reservation.waitMs);
  }

  /** The secret was wrong: the reservation stays, counted as a failure. */
  async failed(reservation: { id: string }) {
    await this.db.update(secretAttempts).set({ failedAt: new Date() }).where(eq(secretAttempts.id, reservation.id));
  }

  /**
   * The secret was right: the reservation goes, and with it the failures of the same subject from the same address
   * that had failed before this attempt was reserved (the owner's own typos). Attempts still running, and failures
   * recorded meanwhile by other requests, stay.
   */
  async succeeded(keys: AttemptKeys, reservation: { id: string; reservedAt: Date }) {
    const subject = keys.subject.toLowerCase().slice(0, SUBJECT_LENGTH);
    const address = keys.address.slice(0, ADDRESS_LENGTH);
    await this.db.delete(secretAttempts).where(
      or(
        eq(secretAttempts.id, reservation.id),
        and(
          eq(secretAttempts.scope, keys.scope),
          eq(secretAttempts.subject, subject),
          eq(secretAttempts.address, address),
          lte(secretAttempts.failedAt, reservation.reservedAt),
        ),
      ),
    );
  }

  /** Attempts older than the window count for nothing: swept at most once a minute per process. */
  private async sweep(now: number) {
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    await this.db.delete(secretAttempts).where(lt(secretAttempts.at, new Date(now - this.windowSeconds * 1000)));
  }
}

/**
 * A secret check behind the throttle: reserve, wait for the slot, check, record the outcome. `check` answers what a
 * success yields (undefined or false: the secret was wrong); `{ retryAfter }` when the throttle refused before
 * checking anything.
 */
export async function throttledCheck<T>(
  throttle: LoginThrottle,
  keys: AttemptKeys,
  check: () => Promise<T | undefined | false>,
): Promise<{ passed: T | undefined } | { retryAfter: number }> {
  const reservation = await throttle.reserve(keys);
  if (!reservation.ok) return { retryAfter: reservation.retryAfter };
  await throttle.waitFor(reservation);
  let passed: T | undefined;
  try {
    passed = (await check()) || undefined;
  } finally {
    await (passed === undefined ? throttle.failed(reservation) : throttle.succeeded(keys, reservation));
  }
  return { passed };
}
