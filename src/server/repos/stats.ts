/**
 * The home tiles' counts (`GET /stats`) in one statement: one scalar subquery per asked key, so a caller's tiles cost
 * one database round whatever their number.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/sql';
import type { StatsKey } from '../../shared/schemas/stats';

const COUNTS: Record<StatsKey, SQL> = {
  users: sql`(select count(*) from "user")`,
  cottages: sql`(select count(*) from cottage)`,
  languages: sql`(select count(*) from language)`,
  regions: sql`(select count(*) from region)`,
  places: sql`(select count(*) from place)`,
  comforts: sql`(select count(*) from comfort)`,
  notifications: sql`(select count(*) from notification)`,
  progressCottages: sql`(select count(*) from cottage where cottage_status = 'progress')`,
};

/** The counts of `keys` (at least one), as one row keyed by them. */
export async function countStats(db: DbOrTx, keys: StatsKey[]): Promise<Record<StatsKey, number>> {
  const columns = sql.join(
    keys.map((k) => sql`${COUNTS[k]}::int as ${sql.identifier(k)}`),
    sql`, `,
  );
  const result = await db.execute<Record<StatsKey, number>>(sql`select ${columns}`);
  const [row] = rowsOf<Record<StatsKey, number>>(result);
  return row;
}
