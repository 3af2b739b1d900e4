/**
 * The list's fast path (`query/page-json.ts`): the JSON text the database builds for a page must be, byte for byte, what
 * the record schema's encoding of the loaded records gives — same keys in the same order, the same ISO times, numbers,
 * nulls — for every resource that has one, in every language, in the page's order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/sql';
import { inOrder } from '../src/server/query/ids';
import { cottagePageJson, loadCottages } from '../src/server/repos/cottages';
import { cottageRecord } from '../src/shared/records/cottage';
import { NAMED_KEYS, resources } from '../src/shared/resources';
import { createTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { demo: 12 });
  // Times with microseconds, an odd price, a null position and a running placement: what a page's JSON must render alike.
  await t.database.db.execute(sql`update cottage set created_at = created_at + interval '0.123456 second', price = 1234.5678, latitude = null
    where id = (select id from cottage order by created_at limit 1)`);
});
afterAll(() => t.close());

const encoded = (records: unknown[]) => JSON.stringify(z.encode(z.array(cottageRecord), records as z.infer<typeof cottageRecord>[]));

describe('a page of cottages as JSON', () => {
  it('equals the encoded records, in the order of the ids, in every language', async () => {
    const ids = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from cottage order by random()`)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(10);
    const placements = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from premium_placement where ended_at is null and expire_at > now()`));
    expect(placements[0].n).toBeGreaterThan(0);
    for (const lang of ['uz', 'ru', 'en', 'xx']) {
      const page = await cottagePageJson(t.database.db, ids, lang);
      expect(page.count).toBe(ids.length);
      expect(page.body).toBe(encoded(inOrder(ids, await loadCottages(t.database.db, ids, lang))));
    }
  });

  it('renders a cottage without images, and one whose images have no main one, as the records say', async () => {
    const [bare, noMain] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select c.id from cottage c where exists (select 1 from cottage_image i where i.cottage_id = c.id) order by c.created_at desc limit 2`),
    ).map((r) => r.id);
    await t.database.db.execute(sql`delete from cottage_image where cottage_id = ${bare}`);
    await t.database.db.execute(sql`update cottage_image set is_main_image = false where cottage_id = ${noMain}`);
    const page = await cottagePageJson(t.database.db, [bare, noMain], 'uz');
    const records = inOrder([bare, noMain], await loadCottages(t.database.db, [bare, noMain], 'uz'));
    expect(records.map((r) => [r.images.length, r.mainImage])).toEqual([[0, null], [expect.any(Number), null]]);
    expect(records[1].images.length).toBeGreaterThan(0);
    expect(page.body).toBe(encoded(records));
  });

  it('leaves out ids that do not exist and answers [] for none', async () => {
    const [first] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from cottage limit 1`)).map((r) => r.id);
    const page = await cottagePageJson(t.database.db, [randomUUID(), first, randomUUID()], 'uz');
    expect(page.count).toBe(1);
    expect(page.body).toBe(encoded(await loadCottages(t.database.db, [first], 'uz')));
    expect(await cottagePageJson(t.database.db, [], 'uz')).toEqual({ body: '[]', count: 0 });
  });
});

describe('every list with a JSON page answers what GET one answers, record by record', () => {
  // The cottages and every named resource (the registry's `preset: 'named'`), each filled by the demo seed.
  for (const path of ['cottage', ...NAMED_KEYS.map((key) => resources[key].api.list)]) {
    it(path, async () => {
      for (const lang of ['uz', 'ru']) {
        const headers = { 'accept-language': lang };
        const ranged = await t.api({ method: 'GET', url: `/api/v1/${path}?range=${encodeURIComponent('[0,9]')}`, headers });
        expect(ranged.statusCode).toBe(200);
        expect(ranged.headers['content-type']).toBe('application/json; charset=utf-8');
        const all = await t.api({ method: 'GET', url: `/api/v1/${path}`, headers });
        expect(all.statusCode).toBe(200);
        const list = JSON.parse(all.body) as Record<string, unknown>[];
        expect(list.length).toBeGreaterThan(0);
        expect(ranged.body).toBe(JSON.stringify(list.slice(0, 10)));
        expect(ranged.headers['content-range']).toBe(`${path} 0-${Math.min(list.length, 10) - 1}/${list.length}`);
        for (const item of list) {
          const one = (await t.api({ method: 'GET', url: `/api/v1/${path}/${String(item.id)}`, headers })).json() as Record<string, unknown>;
          if (!('updatedAt' in item)) delete one.updatedAt;
          expect(JSON.stringify(item)).toBe(JSON.stringify(one));
        }
      }
    });
  }
});

describe('a list without range longer than one batch', () => {
  it('streams the batches of JSON text as one array, the same as one page of it', async () => {
    await t.database.db.execute(sql`insert into translation (code) select 'page_json_bulk_' || g from generate_series(1, 620) g`);
    await t.database.db.execute(sql`insert into region (name_translate_id) select id from translation where code like 'page_json_bulk_%'`);
    const all = await t.api({ method: 'GET', url: '/api/v1/region' });
    expect(all.statusCode).toBe(200);
    const list = JSON.parse(all.body) as { id: string }[];
    expect(list.length).toBeGreaterThan(620);
    expect(new Set(list.map((r) => r.id)).size).toBe(list.length);
    const page = await t.api({ method: 'GET', url: `/api/v1/region?range=${encodeURIComponent('[0,999]')}` });
    expect(all.body).toBe(page.body);
  });
});
