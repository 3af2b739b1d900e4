import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatPhone, resetFormatCaches } from './format';

// No-break spaces read as spaces; the tests compare what a person sees.
const seen = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
// 2026-11-24 20:30 UTC is already the 25th in Tashkent (UTC+5).
const EVENING_UTC = new Date(Date.UTC(2026, 10, 24, 20, 30));

afterEach(() => {
  vi.unstubAllGlobals();
  resetFormatCaches();
});

describe('formatNumber', () => {
  it('groups by each language: 1 350 000 in uz and ru, 1,350,000 in en', () => {
    expect(seen(formatNumber(1_350_000, 'uz'))).toBe('1 350 000');
    expect(seen(formatNumber(1_350_000, 'ru'))).toBe('1 350 000');
    expect(formatNumber(1_350_000, 'en')).toBe('1,350,000');
    expect(seen(formatNumber(2.5, 'uz'))).toBe('2,5');
  });

  it('keeps the Uzbek rules when the runtime has no Uzbek data (as Chromium)', () => {
    stubRootOnlyUzbek();
    expect(seen(formatNumber(1_350_000, 'uz'))).toBe('1 350 000');
  });
});

describe('formatDate', () => {
  it("writes the day in the language and in the marketplace's time zone", () => {
    expect(formatDate(EVENING_UTC, 'uz')).toBe('25-noy, 2026');
    expect(formatDate(EVENING_UTC, 'ru')).toBe('25 нояб. 2026 г.');
    expect(formatDate(EVENING_UTC, 'en')).toBe('Nov 25, 2026');
    expect(formatDate(EVENING_UTC, 'en', 'UTC')).toBe('Nov 24, 2026');
  });

  it('adds the time of day in the zone', () => {
    expect(seen(formatDateTime(EVENING_UTC.toISOString(), 'uz'))).toBe('25-noy, 2026, 01:30');
    expect(seen(formatDateTime(EVENING_UTC, 'ru'))).toBe('25 нояб. 2026 г., 01:30');
    expect(seen(formatDateTime(EVENING_UTC, 'en'))).toBe('Nov 25, 2026, 1:30 AM');
  });

  it('writes Uzbek by hand, the same way, when the runtime has no Uzbek data', () => {
    stubRootOnlyUzbek();
    expect(formatDate(EVENING_UTC, 'uz')).toBe('25-noy, 2026');
    expect(formatDateTime(EVENING_UTC, 'uz')).toBe('25-noy, 2026, 01:30');
  });

  it('gives nothing for nothing, and an unreadable value as it is', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

/** Plays a runtime whose ICU accepts `uz` but formats it with the root locale's data, as Chromium does. */
function stubRootOnlyUzbek() {
  const root = (locale: unknown) => (String(locale).startsWith('uz') ? 'und' : (locale as string));
  const { NumberFormat, DateTimeFormat } = Intl;
  vi.stubGlobal('Intl', {
    ...Intl,
    NumberFormat: function (locale: string, options?: Intl.NumberFormatOptions) {
      return new NumberFormat(root(locale), options);
    },
    DateTimeFormat: function (locale: string, options?: Intl.DateTimeFormatOptions) {
      return new DateTimeFormat(root(locale), options);
    },
  });
  resetFormatCaches();
  expect(new Intl.NumberFormat('uz').format(1_350_000)).toBe('1,350,000');
}

describe('formatPhone', () => {
  it('writes an Uzbek number in its groups, with or without the country code', () => {
    expect(formatPhone('911112233')).toBe('+998 91 111 22 33');
    expect(formatPhone('998901234567')).toBe('+998 90 123 45 67');
    expect(formatPhone('+998 (90) 123-45-67')).toBe('+998 90 123 45 67');
  });
  it('leaves what is not an Uzbek number as it was typed', () => {
    expect(formatPhone('+7 912 345 67 89')).toBe('+7 912 345 67 89');
    expect(formatPhone('ask the owner')).toBe('ask the owner');
    expect(formatPhone(null)).toBe('');
  });
});
