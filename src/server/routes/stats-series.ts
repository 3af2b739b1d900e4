/**
 * `GET /stats/series`: the home charts in one call — the moderation flow and the orders per day for the last 30 days,
 * counted by the days of the marketplace's time zone (`APP_TIME_ZONE`). There is no moderation timestamp: a cottage
 * counts as submitted on its `created_at` day, and as confirmed or rejected (its current status) on its `updated_at`
 * day, the time of its last change, which is the moderation for most cottages. Each series is one grouped scan over an indexed time range.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perm } from '../../shared/permissions';
import { ORDER_STATUSES } from '../../shared/enums';
import { moderationByDay, ordersByDay, type SeriesRow } from '../repos/stats-series';
import { MODERATION_SERIES, SERIES_DAYS, STATS_SERIES_PATH, statsSeriesSchema } from '../../shared/schemas/stats-series';

const DAY_MS = 86_400_000;

/** The last `SERIES_DAYS` calendar days of the marketplace's time zone, oldest first, ending today. */
function lastDays(timeZone: string, now = Date.now()): string[] {
  // en-CA writes a date as YYYY-MM-DD; the calendar arithmetic then runs on UTC midnights, which have no DST.
  const today = Date.parse(`${new Intl.DateTimeFormat('en-CA', { timeZone }).format(now)}T00:00:00Z`);
  return Array.from({ length: SERIES_DAYS }, (_, i) => new Date(today - (SERIES_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Rows of (day, kind, count) spread into one zero-filled array per kind. */
function spread<K extends string>(rows: SeriesRow[], kinds: readonly K[], days: string[]): Record<K, number[]> {
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
      const [moderation, orders] = await Promise.all([
        granted.has('cottage.list') ? moderationByDay(app.db, zone, days[0]) : undefined,
        granted.has('order.list') ? ordersByDay(app.db, zone, days[0]) : undefined,
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
