/** `GET /stats`: the dashboard's counts. A key is present only when the caller may list that resource. */
import { z } from 'zod';
import { PATHS } from '../paths';

export const STATS_PATH = PATHS.stats;

/** Each count and the resource whose `list` permission reveals it. */
export const STATS_KEYS = {
  users: 'user',
  cottages: 'cottage',
  languages: 'language',
  regions: 'region',
  places: 'place',
  comforts: 'comfort',
  notifications: 'notification',
  progressCottages: 'cottage',
} as const;

export type StatsKey = keyof typeof STATS_KEYS;

export const statsSchema = z.object(
  Object.fromEntries(Object.keys(STATS_KEYS).map((k) => [k, z.number().int().optional()])) as Record<StatsKey, z.ZodOptional<z.ZodNumber>>,
);
export type Stats = z.infer<typeof statsSchema>;
