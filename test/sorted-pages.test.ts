/**
 * A page of a sorted list is that stretch of the whole list in the same order, whatever reads it: the pages sorted by
 * a region's or a place's translated name walk the regions in name order (query/list.ts, `rankedPage`), the newest
 * and dearest first walk their own indexes (migration 0011), while the whole list (no `range`) sorts every row.
 * Checked in two languages whose names rank the regions in opposite orders, with price ties, and with and without a
 * filter (a compiled shape and one built each time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { place, region } from './fixtures';
import { cottages, definitions, languages } from '../src/server/db/schema';

let t: TestContext;
const ours: string[] = [];
const PER_PAGE = 7;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [ru] = await db.select().from(languages).where(eq(languages.code, 'ru'));
  // Three regions named A < B < C in every language but Russian, where they rank C < B < A; a place in each.
  const catalogue: { region: { id: string }; place: { id: string } }[] = [];
  for (const [name, ruName] of [
    ['Ranked A', 'Ranked Z'],
    ['Ranked B', 'Ranked Y'],
    ['Ranked C', 'Ranked X'],
  ]) {
    const r = await region(t, name);
    const p = await place(t, r.id, `${name} place`);
    for (const [translationId, value] of [
      [r.nameTranslateId, ruName],
      [p.nameTranslateId, `${ruName} place`],
    ]) {
      await db.update(definitions).set({ value }).where(and(eq(definitions.translationId, translationId), eq(definitions.languageId, ru.id)));
    }
    catalogue.push({ region: r, place: p });
  }
  const rows = Array.from({ length: 23 }, (_, i) => ({
    name: `Sorted ${i}`,
    price: (i % 4) * 100,
    priceWeekend: 1,
    regionId: catalogue[i % 3].region.id,
    placeId: catalogue[i % 3].place.id,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i % 5)),
  }));
  ours.push(...(await db.insert(cottages).values(rows).returning({ id: cottages.id })).map((r) => r.id));
  expect(await db.select({ id: cottages.id }).from(cottages).where(inArray(cottages.id, ours))).toHaveLength(23);
});
afterAll(() => t.close());

const get = async (query: Record<string, unknown>, lang: string) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]));
  const res = await t.api({ method: 'GET', url: `/api/v1/cottage?${qs}`, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return { ids: (res.json() as { id: string }[]).map((c) => c.id), total: res.headers['x-total-count'] };
};

describe('sorted pages', () => {
  const sorts: [string, string][] = [
    ['region', 'ASC'],
    ['region', 'DESC'],
    ['place', 'ASC'],
    ['place', 'DESC'],
    ['price', 'DESC'],
    ['createdAt', 'DESC'],
  ];
  for (const lang of ['uz', 'ru']) {
    for (const sort of sorts) {
      it(`${sort.join(' ')} in ${lang}: the pages are the whole list's stretches`, async () => {
        for (const filter of [{ id: ours }, { id: ours, price_gte: 100 }]) {
          const whole = await get({ sort, filter }, lang);
          expect(whole.ids.length).toBe(filter.price_gte ? 17 : 23);
          const paged: string[] = [];
          for (let offset = 0; offset < whole.ids.length + PER_PAGE; offset += PER_PAGE) {
            const page = await get({ sort, filter, range: [offset, offset + PER_PAGE - 1] }, lang);
            expect(page.total).toBe(String(whole.ids.length));
            paged.push(...page.ids);
          }
          expect(paged).toEqual(whole.ids);
        }
      });
    }
  }

  it('rank the regions by their name in the request language', async () => {
    const [uz, ru] = [await get({ sort: ['region', 'ASC'], filter: { id: ours }, range: [0, 0] }, 'uz'), await get({ sort: ['region', 'ASC'], filter: { id: ours }, range: [0, 0] }, 'ru')];
    const regionOf = async (id: string) => (await t.database.db.select({ regionId: cottages.regionId }).from(cottages).where(eq(cottages.id, id)))[0].regionId;
    expect(await regionOf(uz.ids[0])).not.toBe(await regionOf(ru.ids[0]));
  });
});
