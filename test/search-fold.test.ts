/**
 * List search as people type (issue 22, item 6): case, every apostrophe variant or none, and Uzbek Cyrillic against
 * Latin and back, on the cottage list (trigram-indexed) and on a catalogue list searched through its translated name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cottages } from '../src/server/db/schema';
import { createTestApp, type TestContext } from './helpers';
import { catalogue, region } from './fixtures';

let t: TestContext;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  const base = { price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
  for (const [key, name, description] of [
    ['bogi', "Bog'i Eram dachasi", ''],
    ['zilol', 'Zilol oromgohi', ''],
    ['chinor', 'Чинор боғи', ''],
    ['shahar', 'Quiet house', 'Шаҳрисабз яқинида, Ўзбекистон'],
    ['other', 'Lakeside 50% villa', ''],
  ] as const) {
    const [row] = await t.database.db.insert(cottages).values({ ...base, name, description }).returning({ id: cottages.id });
    ids[key] = row.id;
  }
});
afterAll(() => t.close());

async function found(resource: string, q: string): Promise<string[]> {
  const res = await t.api({ method: 'GET', url: `/api/v1/${resource}?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ q }))}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['x-total-count']).toBe(String((res.json() as unknown[]).length));
  return (res.json() as { id: string }[]).map((r) => r.id);
}

describe('list search', () => {
  it.each(["Bog'i", 'Bog‘i', 'Bog’i', 'Bogʻi', 'Bogʼi', 'Bogi', 'bogi eram', 'BOGI', 'Боғи'])('%s finds Bog\'i Eram', async (q) => {
    expect(await found('cottage', q)).toContain(ids.bogi);
  });

  it('matches Cyrillic against Latin and back', async () => {
    expect(await found('cottage', 'Зилол')).toEqual([ids.zilol]);
    expect(await found('cottage', 'ЗИЛОЛ ОРОМГОҲИ')).toEqual([ids.zilol]);
    expect(await found('cottage', 'chinor')).toEqual([ids.chinor]);
    expect(await found('cottage', 'CHINOR BOGʻI')).toEqual([ids.chinor]);
    // Both "Bog'i" (Latin) and "боғи" (Cyrillic) hold bogi.
    expect((await found('cottage', 'bogʻi')).sort()).toEqual([ids.bogi, ids.chinor].sort());
  });

  it('searches the description too, with oʻ, sh and ya across scripts', async () => {
    expect(await found('cottage', 'shahrisabz yaqinida')).toEqual([ids.shahar]);
    expect(await found('cottage', "o'zbekiston")).toEqual([ids.shahar]);
  });

  it('keeps % and _ literal', async () => {
    expect(await found('cottage', '50%')).toEqual([ids.other]);
    expect(await found('cottage', 'zilo_')).toEqual([]);
  });

  it('folds a translated name too (a catalogue list)', async () => {
    const r = await region(t, 'Qashqadaryo viloyati');
    expect(await found('region', 'Қашқадарё')).toContain(r.id);
    expect(await found('region', 'qashqadaryo')).toContain(r.id);
  });
});
