import { describe, expect, it } from 'vitest';
import { metresBetween } from '../repos/signals';
import { priceOutlier, usualRange, type PriceStats } from './price';
import { riskScore } from './score';
import { jaccard, shingles, textBands } from './text-similarity';

/** Confirmed prices of a region: `n` of them spread evenly around 1 000 000 (± 40 %). */
function statsOf(n: number): PriceStats {
  const prices = Array.from({ length: n }, (_, i) => 600_000 + (800_000 * i) / (n - 1)).sort((a, b) => a - b);
  const q = (p: number) => prices[Math.floor(p * (n - 1))];
  return { count: n, q1: q(0.25), median: q(0.5), q3: q(0.75), min: prices[0], max: prices[n - 1] };
}

describe('price outliers', () => {
  const stats = statsOf(101);
  it('flags every price ≥ 5× the median and under ⅕ of it, and none inside the interquartile range', () => {
    for (let k = 5; k < 50; k += 0.5) expect(priceOutlier(stats.median * k, stats)).toBe('priceHigh');
    for (let k = 5.5; k < 50; k += 0.5) expect(priceOutlier(stats.median / k, stats)).toBe('priceLow');
    for (let p = stats.q1; p <= stats.q3; p += 1000) expect(priceOutlier(p, stats)).toBeUndefined();
  });
  it('narrows Q1 − 3·IQR … Q3 + 3·IQR to ⅕ … 5× the median', () => {
    const wide = { count: 20, q1: 100, median: 1000, q3: 10_000, min: 1, max: 100_000 };
    expect(usualRange(wide)).toEqual({ low: 200, high: 5000 });
  });
  it('says nothing with fewer than 10 prices or a zero median', () => {
    expect(priceOutlier(1e9, { ...stats, count: 9 })).toBeUndefined();
    expect(priceOutlier(1e9, { ...stats, median: 0 })).toBeUndefined();
  });
});

describe('risk score', () => {
  it('counts each kind once by its severity, combined as independent chances', () => {
    expect(riskScore([])).toBe(0);
    expect(riskScore(['contact'])).toBe(60);
    expect(riskScore(['contact', 'contact'])).toBe(60);
    expect(riskScore(['contact', 'twin'])).toBe(72);
    expect(riskScore(['price', 'twin'])).toBe(51);
    expect(riskScore(['burst'])).toBe(10);
    expect(riskScore(['photo', 'contact', 'price', 'twin', 'copy', 'reusedPhoto', 'burst'])).toBeLessThan(100);
  });
});

describe('copied descriptions', () => {
  const text = 'Chorvoq suv ombori yonida ikki qavatli dacha, uchta yotoqxona, katta hovuz, sauna va bolalar maydonchasi bor';
  it('finds a near copy by a shared band and measures it ≥ 0.8; a different text shares none', () => {
    const copy = `${text}. Xush kelibsiz`;
    expect(jaccard(shingles(text), shingles(copy))).toBeGreaterThanOrEqual(0.8);
    expect(textBands(text).some((b) => textBands(copy).includes(b))).toBe(true);
    const other = 'Yangi uy shahar markazida metroga yaqin toza va shinam xonalar konditsioner internet bor';
    expect(jaccard(shingles(text), shingles(other))).toBeLessThan(0.2);
    expect(textBands(text).some((b) => textBands(other).includes(b))).toBe(false);
  });
  it('folds Cyrillic, apostrophes and case as list search does; ignores short texts', () => {
    expect(jaccard(shingles('Bog‘ ichida katta hovuz va sauna bor, oilalar uchun qulay joy'), shingles("BOG'I ICHIDA katta hovuz va sauna bor, oilalar uchun qulay joy"))).toBeLessThan(1);
    expect(shingles('Bog‘ ichida katta hovuz va sauna bor oilalar uchun').size).toBeGreaterThan(0);
    expect(textBands('Juda yaxshi dacha')).toEqual([]);
  });
});

describe('twin pins', () => {
  it('measures metres on the ground', () => {
    const here = { latitude: 41.3, longitude: 69.3 };
    expect(metresBetween(here, { latitude: 41.3002, longitude: 69.3 })).toBeCloseTo(22.2, 0);
    expect(metresBetween(here, { latitude: 41.3, longitude: 69.3004 })).toBeCloseTo(33.4, 0);
  });
});
