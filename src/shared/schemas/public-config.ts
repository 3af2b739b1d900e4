/** `GET /config`: the settings the admin reads at run time instead of at build time. Public, so nothing secret. */
import { z } from 'zod';
import { PATHS } from '../paths';

export const PUBLIC_CONFIG_PATH = PATHS.config;

export const publicConfigSchema = z.object({
  /** Leaflet tile template, `…/{z}/{x}/{y}.png`. */
  mapTileUrl: z.string(),
  /** A Nominatim-compatible search endpoint (`?format=json&q=…`). */
  geocoderUrl: z.string(),
  /** The marketplace's IANA time zone (`APP_TIME_ZONE`, default Asia/Tashkent): dates and times are shown in it. */
  timeZone: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
