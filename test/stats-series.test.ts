import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { catalogue, service, tariff, userWith } from './fixtures';
import { cottages, orders } from '../src/server/db/schema';

let t: TestContext;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
// The days of the marketplace's time zone (APP_TIME_ZONE, Asia/Tashkent by default), not UTC's.
const isoDay = (d: Date, timeZone = 'Asia/Tashkent') => new Intl.DateTimeFormat('en-CA', { timeZone }).format(d);
const URL = '/api/v1/stats/series';

beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  const base = { price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
  const [lake] = await t.database.db
    .insert(cottages)
    .values([
      { ...base, name: 'today, waiting', cottageStatus: 'progress' },
      { ...base, name: 'two days ago, confirmed yesterday', cottageStatus: 'confirmed', createdAt: daysAgo(2), updatedAt: daysAgo(1) },
      { ...base, name: 'two days ago, rejected today', cottageStatus: 'rejected', createdAt: daysAgo(2) },
      { ...base, name: 'too old', cottageStatus: 'confirmed', createdAt: daysAgo(40), updatedAt: daysAgo(40) },
    ])
    .returning({ id: cottages.id });
  const s = await service(t, 'top', 'Top');
  const week = await tariff(t, s.id, 7);
  const order = { cottageId: lake.id, tariffId: week.id };
  await t.database.db.insert(orders).values([
    { ...order, orderStatus: 'success' },
    { ...order, orderStatus: 'success' },
    { ...order, orderStatus: 'cancelled', createdAt: daysAgo(3) },
    { ...order, orderStatus: 'progress', createdAt: daysAgo(29) },
    { ...order, orderStatus: 'progress', createdAt: daysAgo(31) },
  ]);
});
afterAll(() => t.close());

describe('GET /stats/series', () => {
  it('answers 30 days ending today, each series zero-filled and counted per day', async () => {
    const res = await t.api({ method: 'GET', url: URL, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1).date).toBe(isoDay(new Date()));
    expect(body.days[0].date).toBe(isoDay(daysAgo(29)));
    const last = 29;
    expect(body.moderation.submitted).toHaveLength(30);
    expect(body.moderation.submitted[last]).toBe(1);
    expect(body.moderation.submitted[last - 2]).toBe(2);
    expect(body.moderation.confirmed[last - 1]).toBe(1);
    expect(body.moderation.rejected[last]).toBe(1);
    expect(body.moderation.submitted.reduce((a: number, b: number) => a + b, 0)).toBe(3);
    expect(body.moderation.confirmed.reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(body.orders.success[last]).toBe(2);
    expect(body.orders.cancelled[last - 3]).toBe(1);
    expect(body.orders.progress[0]).toBe(1);
    expect(body.orders.progress.reduce((a: number, b: number) => a + b, 0)).toBe(1);
  });

  it('labels the days in the caller’s language', async () => {
    const en = (await t.api({ method: 'GET', url: URL, headers: { 'accept-language': 'en' } })).json();
    const ru = (await t.api({ method: 'GET', url: URL, headers: { 'accept-language': 'ru' } })).json();
    const month = (lang: string) => new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' }).format(new Date());
    expect(en.days.at(-1).label).toContain(month('en'));
    expect(ru.days.at(-1).label).toContain(month('ru'));
    expect(en.days.at(-1).label).not.toBe(ru.days.at(-1).label);
  });

  it("counts a day by the marketplace's time zone, not by UTC's", async () => {
    const other = await createTestApp();
    try {
      const c = await catalogue(other);
      // 01:00 in Tashkent (UTC+5) is 20:00 the day before in UTC; yesterday's when today's is still to come.
      const todayStart = Date.parse(`${isoDay(new Date())}T00:00:00+05:00`);
      const at = todayStart + 3_600_000 <= Date.now() ? todayStart + 3_600_000 : todayStart + 3_600_000 - DAY;
      await other.database.db
        .insert(cottages)
        .values({ price: 1, priceWeekend: 1, regionId: c.region.id, placeId: c.place.id, name: 'after midnight', createdAt: new Date(at) });
      const body = (await other.api({ method: 'GET', url: URL })).json();
      const index = body.days.findIndex((d: { date: string }) => d.date === isoDay(new Date(at)));
      expect(index).toBeGreaterThan(0);
      expect(new Date(at).toISOString().slice(0, 10)).not.toBe(isoDay(new Date(at)));
      expect(body.moderation.submitted[index]).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('gives each series only to those who may list its resource', async () => {
    const { token } = await userWith(t, ['stats.view', 'cottage.list']);
    const body = (await t.api({ method: 'GET', url: URL, token })).json();
    expect(body.moderation.submitted).toHaveLength(30);
    expect(body.orders).toBeUndefined();
    const none = (await t.api({ method: 'GET', url: URL, token: (await userWith(t, ['stats.view'])).token })).json();
    expect(none.days).toHaveLength(30);
    expect(none.moderation).toBeUndefined();
    expect(none.orders).toBeUndefined();
  });

  it('needs a token (401) and stats.view (403)', async () => {
    expect((await t.api({ method: 'GET', url: URL, token: null })).statusCode).toBe(401);
    const { token } = await userWith(t, ['cottage.list', 'order.list']);
    expect((await t.api({ method: 'GET', url: URL, token })).statusCode).toBe(403);
  });
});
