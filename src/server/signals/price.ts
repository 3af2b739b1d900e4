/**
 * Price signals (issue #35): a price far from the confirmed cottages of its region — outside Q1 − 3·IQR … Q3 + 3·IQR,
 * or more than 5× or under ⅕ of the median — and a weekend price below the weekday one. Statistics only.
 */

/** The confirmed prices of a cottage's place (or region): quartiles, median and how many. */
export interface PriceStats {
  count: number;
  q1: number;
  median: number;
  q3: number;
  min: number;
  max: number;
}

/** Fewer confirmed cottages than this say nothing of a usual price. */
export const MIN_PEERS = 10;

type PriceFinding =
  | { key: 'priceHigh' | 'priceLow'; field: 'price' | 'priceWeekend'; value: number; stats: PriceStats; low: number; high: number }
  | { key: 'weekendBelow'; price: number; priceWeekend: number };

/** The usual range: Q1 − 3·IQR … Q3 + 3·IQR, narrowed to ⅕ … 5× the median. */
export function usualRange(stats: PriceStats): { low: number; high: number } {
  const iqr = stats.q3 - stats.q1;
  return { low: Math.max(stats.q1 - 3 * iqr, stats.median / 5), high: Math.min(stats.q3 + 3 * iqr, stats.median * 5) };
}

/** Whether `value` is outside the usual range of `stats` (never with fewer than `MIN_PEERS` prices or a zero median). */
export function priceOutlier(value: number, stats: PriceStats | undefined): 'priceHigh' | 'priceLow' | undefined {
  if (!stats || stats.count < MIN_PEERS || !(stats.median > 0)) return undefined;
  const { low, high } = usualRange(stats);
  // The goal: every price at 5× the median or more is flagged (the range's top may be that very bound).
  if (value > high || value >= stats.median * 5) return 'priceHigh';
  if (value < low) return 'priceLow';
  return undefined;
}

export function priceFindings(cottage: { price: number; priceWeekend: number }, stats: { price?: PriceStats; priceWeekend?: PriceStats }): PriceFinding[] {
  const found: PriceFinding[] = [];
  for (const field of ['price', 'priceWeekend'] as const) {
    const s = stats[field];
    const key = priceOutlier(cottage[field], s);
    if (key && s) found.push({ key, field, value: cottage[field], stats: s, ...usualRange(s) });
  }
  if (cottage.priceWeekend > 0 && cottage.priceWeekend < cottage.price) {
    found.push({ key: 'weekendBelow', price: cottage.price, priceWeekend: cottage.priceWeekend });
  }
  return found;
}
