/**
 * The location picker's value handling, apart from Leaflet so it is tested without a browser: the form value is
 * `{latitude, longitude}` (numbers, or null while unset); a map click, a marker drag, a search result, the browser's
 * position and the typed inputs all go through here.
 */
export interface Location {
  latitude: number | null;
  longitude: number | null;
}
export interface Spot {
  latitude: number;
  longitude: number;
}

/** Tashkent, where the map opens when the cottage has no spot yet (DESIGN §6). */
export const TASHKENT: Spot = { latitude: 41.2995, longitude: 69.2401 };
export const MAP_ZOOM = 14;
/** The circle around the marker, in metres. */
export const SPOT_RADIUS_M = 50;

const LIMITS = { latitude: 90, longitude: 180 } as const;

/** Six decimals (~0.1 m) is plenty for a cottage, and keeps the inputs readable. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** A Leaflet `LatLng` (from a click or a drag) → the form's value. */
export function fromLatLng(latlng: { lat: number; lng: number }): Spot {
  return { latitude: round6(latlng.lat), longitude: round6(((latlng.lng + 540) % 360) - 180) };
}

/** Typed text → a coordinate in range, `null` for an empty input, `undefined` for something that is not one. */
export function parseCoordinate(text: string, axis: keyof typeof LIMITS): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^[-+]?\d+(\.\d*)?$|^[-+]?\.\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return Math.abs(n) <= LIMITS[axis] ? round6(n) : undefined;
}

/** The value after typing `text` into one input; the value unchanged while the text is not a coordinate. */
export function withTyped(value: Location | null | undefined, axis: keyof typeof LIMITS, text: string): Location {
  const current = { latitude: value?.latitude ?? null, longitude: value?.longitude ?? null };
  const parsed = parseCoordinate(text, axis);
  return parsed === undefined ? current : { ...current, [axis]: parsed };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The stored spot when both coordinates are set, else undefined. */
export function spotOf(value: Partial<Location> | null | undefined): Spot | undefined {
  return value && isNum(value.latitude) && isNum(value.longitude)
    ? { latitude: value.latitude, longitude: value.longitude }
    : undefined;
}

/** Where the map shows: the saved spot, else Tashkent. */
export const centreOf = (value: Partial<Location> | null | undefined): Spot => spotOf(value) ?? TASHKENT;

export interface SearchResult extends Spot {
  label: string;
}

/** A Nominatim-compatible search URL: `format=json`, five results, the text as `q`. */
export function searchUrl(base: string, text: string): string {
  const url = new URL(base, window.location.origin);
  url.searchParams.set('format', 'json');
  url.searchParams.set('limit', '5');
  url.searchParams.set('q', text.trim());
  return url.toString();
}

/** Nominatim answers `[{display_name, lat: "41.3", lon: "69.2"}]`; anything malformed is dropped. */
export function parseSearchResults(body: unknown): SearchResult[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item) => {
    const lat = Number(item?.lat);
    const lon = Number(item?.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return [];
    return [{ label: String(item?.display_name ?? `${lat}, ${lon}`), latitude: round6(lat), longitude: round6(lon) }];
  });
}
