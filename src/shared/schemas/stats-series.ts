/**
 * `GET /stats/series`: the home charts' day-by-day series over the last 30 days (days of the marketplace's time zone, today last). A series is
 * present only when the caller may list its resource (cottages, orders), like the counts of `GET /stats`.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../enums';
import { PATHS } from '../paths';

export const STATS_SERIES_PATH = PATHS.statsSeries;
export const SERIES_DAYS = 30;
export const MODERATION_SERIES = ['submitted', 'confirmed', 'rejected'] as const;

const counts = z.array(z.number().int());

export const statsSeriesSchema = z.object({
  /** Each day as `YYYY-MM-DD` and as a short date in the caller's language. */
  days: z.array(z.object({ date: z.string(), label: z.string() })),
  /** Cottages created per day; confirmed and rejected by the day of their last change (see docs/decisions.md). */
  moderation: z.object(Object.fromEntries(MODERATION_SERIES.map((k) => [k, counts])) as Record<(typeof MODERATION_SERIES)[number], typeof counts>).optional(),
  /** Orders created per day by their order status. */
  orders: z.object(Object.fromEntries(ORDER_STATUSES.map((k) => [k, counts])) as Record<(typeof ORDER_STATUSES)[number], typeof counts>).optional(),
});
export type StatsSeries = z.infer<typeof statsSeriesSchema>;
