import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { seedScale } from '../src/server/seed/scale';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (query: string) => {
  const res = await t.database.db.execute(sql.raw(query));
  return (res as unknown as { rows: { n: number }[] }).rows[0].n;
};

describe('scale seeder', () => {
  it('adds N cottages in batches with images, links and orders, on top of the demo catalogue', async () => {
    const lines: string[] = [];
    const result = await seedScale(t.database.db, t.app.storage, { cottages: 2500, batch: 1000, log: (l) => lines.push(l) });
    expect(result.cottages).toBe(2500);
    expect(lines.filter((l) => l.includes('/ 2500 cottages'))).toHaveLength(3);
    // 60 demo cottages plus the bulk ones.
    expect(await count('select count(*)::int as n from cottage')).toBe(2560);
    expect(await count(`select count(*)::int as n from cottage where name like 'Dacha #%'`)).toBe(2500);
    expect(await count(`select count(*)::int as n from cottage c where name like 'Dacha #%' and (select count(*) from cottage_image i where i.cottage_id = c.id and i.is_main_image) <> 1`)).toBe(0);
    expect(await count(`select count(*)::int as n from cottage_comfort cc join cottage c on c.id = cc.cottage_id where c.name like 'Dacha #%'`)).toBe(7500);
    expect(await count(`select count(*)::int as n from orders o join cottage c on c.id = o.cottage_id where c.name like 'Dacha #%'`)).toBe(250);
    expect(await count(`select count(*)::int as n from cottage c where not exists (select 1 from place p where p.id = c.place_id and p.region_id = c.region_id)`)).toBe(0);

    // The API pages through them; the ids are valid uuids for the API's payloads.
    const page = await t.api({ method: 'GET', url: `/api/v1/cottage?range=[100,124]&filter=${encodeURIComponent('{"q":"Dacha #"}')}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(25);
    expect(page.headers['x-total-count']).toBe('2500');
    const id = page.json()[0].id;
    const edit = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, payload: { price: 123 } });
    expect(edit.statusCode).toBe(200);
    // Only a confirmed cottage can be placed as premium (201); one still in moderation is refused (409).
    const oneWith = async (cottageStatus: string) => {
      const filter = encodeURIComponent(JSON.stringify({ q: 'Dacha #', cottageStatus }));
      const [row] = (await t.api({ method: 'GET', url: `/api/v1/cottage?range=[0,0]&filter=${filter}` })).json();
      expect(row.cottageStatus).toBe(cottageStatus);
      return row.id as string;
    };
    const premium = { expireDays: 1, serviceCode: 'top' };
    const placed = await t.api({ method: 'POST', url: `/api/v1/cottage/add/premium/${await oneWith('confirmed')}`, payload: premium });
    expect(placed.statusCode, placed.body).toBe(201);
    const refused = await t.api({ method: 'POST', url: `/api/v1/cottage/add/premium/${await oneWith('progress')}`, payload: premium });
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it('refuses a non-positive count', async () => {
    await expect(seedScale(t.database.db, t.app.storage, { cottages: 0 })).rejects.toThrow(/positive/);
  });
});
