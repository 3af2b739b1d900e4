/**
 * Bulk data for benchmarks (`npm run seed:scale -- --cottages N`): N cottages with three image rows each, comfort and
 * type links, and an order for every tenth, inserted by the database itself (`generate_series`) in batches, so
 * N = 100 000 takes seconds on PostgreSQL. Ids are derived from a run tag and the row number, so each statement of a
 * batch finds the cottages of the previous one without sending ids back and forth.
 *
 * The rows share a handful of picture files (writing 300 000 files is not the point of a benchmark); deleting such a
 * cottage through the API deletes its shared file too — this is benchmark data, not a demo.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/sql';
import type { FileStorage } from '../file-storage';
import { seedDemo } from './demo';
import { cottagePicture } from './demo-images';

interface ScaleOptions {
  cottages: number;
  batch?: number;
  log?: (line: string) => void;
}

/** `array['a','b']::uuid[]` from ids read from the database (uuids only, so safe to inline). */
function uuidArray(ids: string[]) {
  for (const id of ids) if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`not a uuid: ${id}`);
  return sql.raw(`array[${ids.map((id) => `'${id}'`).join(',')}]::uuid[]`);
}
function numberArray(values: number[]) {
  return sql.raw(`array[${values.map((v) => (Number.isFinite(v) ? String(v) : '0')).join(',')}]::float8[]`);
}
function textArray(values: string[]) {
  return sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
}

export async function seedScale(db: Db, storage: FileStorage, opts: ScaleOptions) {
  const log = opts.log ?? (() => {});
  const total = Math.floor(opts.cottages);
  const batch = Math.max(1, Math.floor(opts.batch ?? 10_000));
  if (!(total > 0)) throw new Error('--cottages must be a positive whole number');

  const [{ n: regionCount }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from region`));
  if (regionCount === 0) {
    log('no catalogue yet: adding the demo data first');
    await seedDemo(db, storage);
  }
  const places = rowsOf<{ id: string; region_id: string; lat: number | null; lng: number | null }>(
    await db.execute(sql`
      select p.id, p.region_id, avg(c.latitude) as lat, avg(c.longitude) as lng
      from place p left join cottage c on c.place_id = p.id group by p.id, p.region_id order by p.id`),
  );
  const comforts = rowsOf<{ id: string }>(await db.execute(sql`select id from comfort order by id`)).map((r) => r.id);
  const types = rowsOf<{ id: string }>(await db.execute(sql`select id from cottage_type where not hide_price order by id`)).map((r) => r.id);
  const tariffs = rowsOf<{ id: string }>(await db.execute(sql`select id from tariff order by id`)).map((r) => r.id);
  const users = rowsOf<{ id: string }>(await db.execute(sql`select id from "user" order by id limit 50`)).map((r) => r.id);
  if (!places.length || comforts.length < 3 || !types.length || !tariffs.length || !users.length) {
    throw new Error('the catalogue needs places, 3 comforts, a priced cottage type, a tariff and a user');
  }

  const pictures: string[] = [];
  for (let i = 0; i < 8; i++) pictures.push(await storage.save(await cottagePicture(100 + i, 640), 'jpg'));

  const run = randomBytes(4).toString('hex');
  // A v4-shaped uuid from the run tag, a kind and the row number.
  const idOf = (kind: string, g: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) =>
    sql`overlay(overlay(md5(${`${run}-${kind}-`} || ${g}::text) placing '4' from 13) placing '8' from 17)::uuid`;
  const g = sql.raw('g');
  const placeIds = uuidArray(places.map((p) => p.id));
  const regionIds = uuidArray(places.map((p) => p.region_id));
  const lats = numberArray(places.map((p) => Number(p.lat ?? 41.2995)));
  const lngs = numberArray(places.map((p) => Number(p.lng ?? 69.2401)));
  const nPlaces = places.length;
  const started = Date.now();

  for (let from = 1; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into cottage (id, name, description, price, price_weekend, latitude, longitude, status, cottage_status,
                             rating, user_id, region_id, place_id, created_at, updated_at)
        select ${idOf('cottage', g)},
               'Dacha #' || g,
               'Benchmark cottage number ' || g,
               200000 + (g::bigint * 7919 % 57) * 50000,
               250000 + (g::bigint * 7919 % 57) * 55000,
               least(90, greatest(-90, (${lats})[1 + g % ${nPlaces}] + ((g::bigint * 31 % 401) - 200) / 10000.0)),
               least(180, greatest(-180, (${lngs})[1 + g % ${nPlaces}] + ((g::bigint * 17 % 401) - 200) / 10000.0)),
               case when g % 13 = 0 then 'inactive' else 'active' end,
               case when g % 10 < 7 then 'confirmed' when g % 10 < 9 then 'progress' else 'rejected' end,
               3 + (g % 21) / 10.0,
               (${uuidArray(users)})[1 + g % ${users.length}],
               (${regionIds})[1 + g % ${nPlaces}],
               (${placeIds})[1 + g % ${nPlaces}],
               now() - (g % 730) * interval '1 hour' * 12,
               now() - (g % 730) * interval '1 hour' * 12
        from generate_series(${from}::int, ${to}::int) g`);
      await tx.execute(sql`
        insert into cottage_image (cottage_id, image, is_main_image, created_at)
        select ${idOf('cottage', g)}, (${textArray(pictures)})[1 + (g + k) % ${pictures.length}], k = 0, now() + k * interval '1 second'
        from generate_series(${from}::int, ${to}::int) g cross join generate_series(0, 2) k`);
      await tx.execute(sql`
        insert into cottage_comfort (cottage_id, comfort_id)
        select ${idOf('cottage', g)}, (${uuidArray(comforts)})[1 + (g + k) % ${comforts.length}]
        from generate_series(${from}::int, ${to}::int) g cross join generate_series(0, 2) k`);
      await tx.execute(sql`
        insert into cottage_cottage_type (cottage_id, cottage_type_id, position)
        select ${idOf('cottage', g)}, (${uuidArray(types)})[1 + g % ${types.length}], 0
        from generate_series(${from}::int, ${to}::int) g`);
      await tx.execute(sql`
        insert into orders (id, cottage_id, tariff_id, user_id, status, order_status, created_at)
        select ${idOf('order', g)}, ${idOf('cottage', g)}, (${uuidArray(tariffs)})[1 + g % ${tariffs.length}],
               (${uuidArray(users)})[1 + (g / 10) % ${users.length}],
               'inactive', case when g % 3 = 0 then 'cancelled' else 'progress' end, now() - (g % 90) * interval '1 day'
        from generate_series(${from}::int, ${to}::int) g where g % 10 = 0`);
    });
    log(`${to} / ${total} cottages (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await db.execute(sql`analyze`);
  return { cottages: total, seconds: (Date.now() - started) / 1000 };
}
