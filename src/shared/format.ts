/**
 * Numbers, money and dates as each interface language writes them, and times in the marketplace's time zone
 * (`APP_TIME_ZONE`). `Intl` does the work; where a runtime's ICU lacks Uzbek data (Chromium ships `uz` as a name
 * only: "1,350,000", "2026 M11 25") the same CLDR rules are applied by hand, so every runtime reads
 * `1 350 000` and `25-noy, 2026, 01:30`.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Tashkent';

type When = Date | string | number;

// CLDR's Uzbek (Latin) abbreviated month names and medium pattern `d-MMM, y`, used only when ICU has no Uzbek data.
const UZ_MONTHS = ['yan', 'fev', 'mar', 'apr', 'may', 'iyn', 'iyl', 'avg', 'sen', 'okt', 'noy', 'dek'];

const probes = new Map<string, boolean>();

/** Whether this runtime's ICU really formats `locale` (not just accepts its name and falls back to the root data). */
function hasData(locale: string): boolean {
  let known = probes.get(locale);
  if (known === undefined) {
    const base = locale.split('-')[0];
    if (base !== 'uz') known = true;
    else {
      const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2020, 10, 15));
      known = month.toLowerCase() === 'noy' && /\s/.test(new Intl.NumberFormat(locale).format(1000));
    }
    probes.set(locale, known);
  }
  return known;
}

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f as F;
}

/** `1 350 000` (uz, ru: no-break spaces, decimal comma), `1,350,000` (en). */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  // Uzbek's CLDR number symbols are Russian's (no-break space groups, decimal comma).
  const effective = hasData(locale) ? locale : 'ru';
  const key = `n|${effective}|${JSON.stringify(options ?? {})}`;
  return cached(key, () => new Intl.NumberFormat(effective, options)).format(value);
}

function toDate(value: When): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** An Uzbek date by CLDR's pattern, with the parts read in the time zone. */
function uzbekByHand(date: Date, timeZone: string, withTime: boolean): string {
  const parts = cached(`p|${timeZone}|${withTime}`, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    }),
  ).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${get('day')}-${UZ_MONTHS[Number(get('month')) - 1]}, ${get('year')}`;
  return withTime ? `${day}, ${get('hour')}:${get('minute')}` : day;
}

/**
 * A date (`25-noy, 2026`, `25 нояб. 2026 г.`, `Nov 25, 2026`) or, `withTime`, a date and time, in `timeZone`.
 * An empty or unreadable value gives ''.
 */
export function formatDate(value: When | null | undefined, locale: string, timeZone = DEFAULT_TIME_ZONE, withTime = false): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return String(value);
  if (!hasData(locale)) return uzbekByHand(date, timeZone, withTime);
  const key = `d|${locale}|${timeZone}|${withTime}`;
  return cached(key, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), timeZone })).format(date);
}

/** `formatDate` with the time of day. */
export const formatDateTime = (value: When | null | undefined, locale: string, timeZone = DEFAULT_TIME_ZONE) =>
  formatDate(value, locale, timeZone, true);

/** For tests: forget what the probes found (a test may stub `Intl` to play a runtime without Uzbek data). */
export function resetFormatCaches(): void {
  probes.clear();
  formatters.clear();
}

/**
 * An Uzbek phone number as people write it: `+998 91 111 22 33` for the 9 local digits (`911112233`) or the 12 with
 * the country code. Anything else (a foreign number, letters) is shown as it was typed.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/[\s()+-]/g, '');
  const local = /^\d{9}$/.test(digits) ? digits : /^998\d{9}$/.test(digits) ? digits.slice(3) : undefined;
  if (!local) return value;
  return `+998 ${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5, 7)} ${local.slice(7)}`;
}
