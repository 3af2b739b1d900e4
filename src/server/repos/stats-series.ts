/**
 * The home charts' rows (`GET /stats/series`): (day, kind, count) since a first day, the days counted in the
 * marketplace's time zone. Each series is one grouped scan over an indexed time range. There is no moderation
 * timestamp: a cottage counts as submitted on its `created_at` day, and as confirmed or rejected (its current status)
 * on its `updated_at` day.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/sql';

export type SeriesRow = { day: string; kind: string; n: number | string };

/** The first day's midnight in the zone, as an instant. */
const since = (firstDay: string, zone: string) => sql`(${firstDay}::timestamp at time zone ${zone})`;
const day = (column: string, zone: string) => sql`to_char(${sql.raw(column)} at time zone ${zone}, 'YYYY-MM-DD')`;
const query = async (db: DbOrTx, q: ReturnType<typeof sql>) => rowsOf<SeriesRow>(await db.execute(q));

/** Cottages submitted (`created_at`) and confirmed or rejected (`updated_at`) per day since `firstDay` (YYYY-MM-DD). */
export function moderationByDay(db: DbOrTx, zone: string, firstDay: string): Promise<SeriesRow[]> {
  const from = since(firstDay, zone);
  return query(
    db,
    sql`
              select ${day('created_at', zone)} as day, 'submitted' as kind, count(*)::int as n
                from cottage where created_at >= ${from} group by 1
              union all
              select ${day('updated_at', zone)}, cottage_status, count(*)::int
                from cottage where updated_at >= ${from} and cottage_status in ('confirmed', 'rejected') group by 1, 2`,
  );
}

/** Orders created per day and status since `firstDay` (YYYY-MM-DD). */
export function ordersByDay(db: DbOrTx, zone: string, firstDay: string): Promise<SeriesRow[]> {
  return query(
    db,
    sql`
              select ${day('created_at', zone)} as day, order_status as kind, count(*)::int as n
                from orders where created_at >= ${since(firstDay, zone)} group by 1, 2`,
  );
}
