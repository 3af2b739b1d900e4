/**
 * Counts failed logins per username and per address in a sliding window; past the limit a login answers 429 with
 * Retry-After. The failures live in the database (`login_failure`), so every process on one database — the workers of
 * one `npm start`, or servers on several machines behind a balancer — counts the same failures.
 *
 * A check and the failure it leads to are two statements: a burst of wrong logins sent at the same instant can get a
 * few more tries than the limit (at most the burst's size), never an unbounded number.
 */
import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';
import { rowsOf } from '../db/sql';

/** Keys longer than the column are cut; a username of 10 000 characters must cost the same as a short one. */
const KEY_LENGTH = 160;
const keysOf = (keys: string[]) => keys.map((key) => key.slice(0, KEY_LENGTH));

export class LoginThrottle {
  private sweptAt = 0;

  constructor(
    private readonly db: Db,
    private readonly maxAttempts: number,
    private readonly windowSeconds: number,
  ) {}

  /** Seconds to wait when any of `keys` is over the limit, else 0. */
  async retryAfter(keys: string[], now = Date.now()): Promise<number> {
    // Per key, the failure that is `maxAttempts` back: the window counts from it.
    const result = await this.db.execute(sql`
      select max(failed_at) as limiting from (
        select failed_at, row_number() over (partition by key order by failed_at desc) as nth
        from ${loginFailures}
        where key = any(${sql.param(keysOf(keys))}::text[]) and failed_at > ${new Date(now - this.windowSeconds * 1000).toISOString()}::timestamptz
      ) recent
      where nth = ${this.maxAttempts}`);
    const limiting = rowsOf<{ limiting: Date | string | null }>(result)[0]?.limiting;
    if (!limiting) return 0;
    return Math.max(1, Math.ceil((new Date(limiting).getTime() + this.windowSeconds * 1000 - now) / 1000));
  }

  async fail(keys: string[], now = Date.now()) {
    const failedAt = new Date(now);
    await this.db.insert(loginFailures).values(keysOf(keys).map((key) => ({ key, failedAt })));
    // Failures older than the window count for nothing: sweep them at most once a minute per process.
    if (now - this.sweptAt > 60_000) {
      this.sweptAt = now;
      await this.db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now - this.windowSeconds * 1000)));
    }
  }

  async succeed(keys: string[]) {
    await this.db.delete(loginFailures).where(inArray(loginFailures.key, keysOf(keys)));
  }
}
