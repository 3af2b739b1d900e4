import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { seedDemo, type DemoResult } from '../src/server/seed/demo';
import { REGIONS } from '../src/server/seed/demo-data';
import { RESOURCE_TABLES } from '../src/server/db/tables';
import { NAMED_KEYS } from '../src/shared/resources';

let t: TestContext;
let result: DemoResult;
beforeAll(async () => {
  t = await createTestApp();
  result = await seedDemo(t.database.db, t.app.storage);
}, 120_000);
afterAll(() => t.close());

const count = async (table: string, where = 'true') => {
  const res = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`));
  return (res as unknown as { rows: { n: number }[] }).rows[0].n;
};

describe('demo data', () => {
  it('seeds the catalogue, about 60 cottages over every status, orders, users and notifications', async () => {
    expect(result).toMatchObject({ seeded: true, cottages: 60 });
    expect(result.moderator?.username).toBe('moderator');
    expect(await count('region')).toBe(REGIONS.length);
    expect(await count('place')).toBe(REGIONS.flatMap((r) => r.places).length);
    expect(await count('cottage')).toBe(60);
    for (const status of ['progress', 'confirmed', 'rejected']) expect(await count('cottage', `cottage_status = '${status}'`)).toBeGreaterThan(0);
    expect(await count('cottage_type', 'hide_price')).toBe(1);
    expect(await count('cottage_image', 'is_main_image')).toBe(60);
    expect(await count('orders')).toBeGreaterThanOrEqual(18);
    expect(await count('premium_placement')).toBeGreaterThan(0);
    expect(await count('notification', "type = 'personal'")).toBeGreaterThan(0);
    expect(await count('notification', "type = 'public'")).toBeGreaterThan(0);
    expect(await count('role', `name = 'MODERATOR'`)).toBe(1);
    // Every named resource of the registry has demo rows (\`NamedDemoRows\` makes a missing one fail tsc).
    for (const key of NAMED_KEYS) expect(await count(getTableName(RESOURCE_TABLES[key].table)), key).toBeGreaterThan(0);
    // Every translation has all three languages.
    expect(await count('translation t', '(select count(*) from definition d where d.translation_id = t.id) <> 3')).toBe(0);
    // Coordinates stay near Uzbekistan and each cottage's place lies in its region.
    expect(await count('cottage', 'latitude not between 37 and 46 or longitude not between 55 and 74')).toBe(0);
    expect(await count('cottage c', 'not exists (select 1 from place p where p.id = c.place_id and p.region_id = c.region_id)')).toBe(0);
  });

  it('writes every image it references', async () => {
    const files = new Set(await t.uploadedFiles());
    const res = await t.database.db.execute(sql.raw(`select image from cottage_image union all select image from comfort union all select image from place union all select image from cottage_type union all select unnest(images) from service`));
    const paths = (res as unknown as { rows: { image: string }[] }).rows.map((r) => r.image);
    expect(paths.length).toBeGreaterThan(180);
    for (const path of paths) expect(files.has(path), path).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('reads back through the API in uz, ru and en', async () => {
    const names: Record<string, string[]> = {};
    for (const lang of ['uz', 'ru', 'en']) {
      const res = await t.api({ method: 'GET', url: '/api/v1/cottage?range=[0,59]', headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list).toHaveLength(60);
      names[lang] = list.map((c: { region: { name: string } }) => c.region.name);
      expect(list.every((c: { mainImage: string | null; comforts: unknown[]; cottageType: unknown[] }) => c.mainImage && c.comforts.length >= 3 && c.cottageType.length >= 1)).toBe(true);
    }
    expect(names.ru).toContain('Ташкентская область');
    expect(names.en).toContain('Tashkent Region');
    expect(names.uz).toContain('Toshkent viloyati');
    const orders = await t.api({ method: 'GET', url: '/api/v1/order/all/for/admin', headers: { 'accept-language': 'ru' } });
    expect(orders.json()[0].tariff.service.name).toMatch(/ТОП|Рекомендуемое/);
    const stats = (await t.api({ method: 'GET', url: '/api/v1/stats' })).json();
    expect(stats).toMatchObject({ cottages: 60, regions: REGIONS.length });
    expect(stats.progressCottages).toBeGreaterThan(0);
  });

  it('lets the moderator log in and confirm cottages', async () => {
    const { accessToken } = await t.login(result.moderator!.username, result.moderator!.password);
    const list = await t.api({ method: 'GET', url: `/api/v1/cottage?filter=${encodeURIComponent('{"cottageStatus":"progress"}')}`, token: accessToken });
    expect(list.statusCode).toBe(200);
    const target = list.json()[0].id;
    const res = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${target}`, payload: { cottageStatus: 'confirmed' }, token: accessToken });
    expect(res.statusCode).toBe(200);
  });

  it('lets only one of two parallel runs seed (the second finds the first one\'s data)', async () => {
    const other = await createTestApp();
    try {
      const results = await Promise.all([seedDemo(other.database.db, other.app.storage), seedDemo(other.database.db, other.app.storage)]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      const res = await other.database.db.execute(sql.raw('select count(*)::int as n from cottage'));
      expect((res as unknown as { rows: { n: number }[] }).rows[0].n).toBe(60);
      const images = await other.database.db.execute(sql.raw('select count(*)::int as n from cottage_image'));
      const files = (await other.uploadedFiles()).length;
      expect(files).toBeGreaterThanOrEqual((images as unknown as { rows: { n: number }[] }).rows[0].n);
      expect(files).toBeLessThan((images as unknown as { rows: { n: number }[] }).rows[0].n + 80);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('does nothing on a database that already has a catalogue', async () => {
    const before = await t.uploadedFiles();
    const again = await seedDemo(t.database.db, t.app.storage);
    expect(again.seeded).toBe(false);
    expect(await count('cottage')).toBe(60);
    expect(await t.uploadedFiles()).toEqual(before);
  });
});
