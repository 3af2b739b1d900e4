/**
 * `GET /stats/series`: the home charts in one call — the moderation flow and the orders per day for the last 30 days,
 * counted by the days of the marketplace's time zone (`APP_TIME_ZONE`). There is no moderation timestamp: a cottage
 * counts as submitted on its `created_at` day, and as confirmed or rejected (its current status) on its `updated_at`
 * day, the time of its last change, which is the moderation for most cottages. Each series is one grouped scan over an indexed time range.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { perm } from '../../shared/permissions';
import { ORDER_STATUSES } from '../../shared/enums';
import { rowsOf } from '../db/sql';
import { MODERATION_SERIES, SERIES_DAYS, STATS_SERIES_PATH, statsSeriesSchema } from '../../shared/schemas/stats-series';

const DAY_MS = 86_400_000;
type Row = { day: string; kind: string; n: number | string };

/** The last `SERIES_DAYS` calendar days of the marketplace's time zone, oldest first, ending today. */
function lastDays(timeZone: string, now = Date.now()): string[] {
  // en-CA writes a date as YYYY-MM-DD; the calendar arithmetic then runs on UTC midnights, which have no DST.
  const today = Date.parse(`${new Intl.DateTimeFormat('en-CA', { timeZone }).format(now)}T00:00:00Z`);
  return Array.from({ length: SERIES_DAYS }, (_, i) => new Date(today - (SERIES_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Rows of (day, kind, count) spread into one zero-filled array per kind. */
function spread<K extends string>(rows: Row[], kinds: readonly K[], days: string[]): Record<K, number[]> {
  const index = new Map(days.map((d, i) => [d, i]));
  const out = Object.fromEntries(kinds.map((k) => [k, days.map(() => 0)])) as Record<K, number[]>;
  for (const row of rows) {
    const i = index.get(String(row.day).slice(0, 10));
    if (i !== undefined && row.kind in out) out[row.kind as K][i] += Number(row.n);
  }
  return out;
}

const statsSeriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/${STATS_SERIES_PATH}`,
    {
      onRequest: app.requirePermission(perm('stats', 'view')),
      schema: { tags: ['stats'], description: 'Day-by-day series of the last 30 days for the home charts', response: { 200: statsSeriesSchema } },
    },
    async (request) => {
      const granted = request.user!.permissions;
      const zone = app.config.timeZone;
      const days = lastDays(zone);
      // The first day's midnight in the zone, as an instant.
      const since = sql`(${days[0]}::timestamp at time zone ${zone})`;
      const day = (column: string) => sql`to_char(${sql.raw(column)} at time zone ${zone}, 'YYYY-MM-DD')`;
      const query = async (q: ReturnType<typeof sql>) => rowsOf<Row>(await app.db.execute(q));
      const [moderation, orders] = await Promise.all([
        granted.has('cottage.list')
          ? query(sql`
              select ${day('created_at')} as day, 'submitted' as kind, count(*)::int as n
                from cottage where created_at >= ${since} group by 1
              union all
              select ${day('updated_at')}, cottage_status, count(*)::int
                from cottage where updated_at >= ${since} and cottage_status in ('confirmed', 'rejected') group by 1, 2`)
          : undefined,
        granted.has('order.list')
          ? query(sql`
              select ${day('created_at')} as day, order_status as kind, count(*)::int as n
                from orders where created_at >= ${since} group by 1, 2`)
          : undefined,
      ]);
      const format = new Intl.DateTimeFormat(request.lang, { day: 'numeric', month: 'short', timeZone: 'UTC' });
      return {
        days: days.map((date) => ({ date, label: format.format(new Date(`${date}T00:00:00Z`)) })),
        moderation: moderation && spread(moderation, MODERATION_SERIES, days),
        orders: orders && spread(orders, ORDER_STATUSES, days),
      };
    },
  );
};

export default statsSeriesRoutes;
