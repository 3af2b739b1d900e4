/**
 * The throttle in front of every secret check (a password at login or at a password change; a second factor later,
 * under its own `scope`). An attempt is reserved — a row in `secret_attempt` — before the secret is checked, in one
 * statement that holds advisory locks on the subject (the username) and the address while it runs, so parallel
 * requests on any number of processes see each other's reservations: 40 parallel wrong passwords get `maxAttempts`
 * checks. The rules below are decided in that statement (SQL function `secret_attempt_reserve`, migration 0023).
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
import { rowsOf } from '../db/sql';
import type { Db } from '../db/client';
import { secretAttempts } from '../db/schema';

/** A username of 10 000 characters costs the same as a short one: keys longer than the columns are cut. */
const SUBJECT_LENGTH = 160;
const ADDRESS_LENGTH = 64;

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

  /**
   * Reserves one attempt, or answers how many seconds to wait before asking again. One statement: the function
   * `secret_attempt_reserve` (migration 0023) takes the subject's and the address's advisory locks, reads the window,
   * decides as the comment above says and inserts the row, so the locks are held only while PostgreSQL runs it — never
   * across round trips to a busy server (the transaction it replaced queued fifty colleagues on their address's lock).
   */
  async reserve(keys: AttemptKeys, now = Date.now()): Promise<Reservation> {
    const subject = keys.subject.toLowerCase().slice(0, SUBJECT_LENGTH);
    const address = keys.address.slice(0, ADDRESS_LENGTH);
    await this.sweep(now);
    const [row] = rowsOf<{ reserved_id: string | null; slot_ms: number | null; retry_after: number | null }>(
      await this.db.execute(sql`select * from secret_attempt_reserve(${keys.scope}, ${subject}, ${address}, ${now}, ${this.maxAttempts},
        ${this.windowSeconds * 1000}, ${this.firstDelayMs}, ${this.maxDelaySteps}, ${this.inFlightAllowance})`),
    );
    if (!row.reserved_id) return { ok: false, retryAfter: Number(row.retry_after) };
    const slot = Number(row.slot_ms);
    return { ok: true, id: row.reserved_id, at: new Date(slot), reservedAt: new Date(now), waitMs: slot - now };
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
