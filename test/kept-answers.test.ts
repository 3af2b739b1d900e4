/**
 * Kept list answers are keyed to the versions of the tables they read (query/table-versions.ts, migration 0010): a
 * write to another table — a login, a session's touch, an audit entry, a saved query — keeps them; a change to any
 * table they read, by hand in SQL too, is seen on the next request. Identical calls that miss together are computed
 * once (cache/kept-answers.ts). The kept answers live a minute here rather than a second, so that only the versions
 * (not the time to live) can make a change seen, and a slow machine cannot expire an answer mid-test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeptAnswers } from '../src/server/cache/kept-answers';
import { cottagePageJson } from '../src/server/repos/cottages';
import { tablesIn } from '../src/server/query/table-versions';
import { createTestApp, type TestContext } from './helpers';
import { region, translation } from './fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.app.caches.listPages = new KeptAnswers(60_000, 100);
});

const api = '/api/v1';
const ranged = (resource: string, sort: string) =>
  `${api}/${resource}?range=${encodeURIComponent('[0,0]')}&sort=${encodeURIComponent(JSON.stringify([sort, 'DESC']))}`;
const LAST_REGION = ranged('region', 'createdAt');
const LAST_PLACE = ranged('place', 'createdAt');
const stats = () => ({ ...t.app.caches.listPages.stats });
const get = async (url: string) => {
  const res = await t.api({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

describe('kept list answers', () => {
  it('name the tables their statements read, joined ones included', () => {
    expect(tablesIn(...cottagePageJson.texts)).toEqual(
      expect.arrayContaining(['comfort', 'cottage', 'cottage_comfort', 'cottage_cottage_type', 'cottage_image', 'cottage_type', 'definition', 'place', 'region']),
    );
    expect(tablesIn('select "x"."id" from "session" join audit_log on true where "user"."name" = \'a\'')).toEqual(['audit_log', 'session', 'user']);
  });

  it('every table has a version', async () => {
    const rows = (await exec(sql`select tablename from pg_tables where schemaname = current_schema()
      and tablename not in ('table_version', 'table_version_flush')
      and tablename not in (select table_name from table_version)`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([]);
  });

  it('a table a later migration adds is versioned once the migrations have run, without asking', async () => {
    await exec(sql`create table kept_probe (id int primary key)`);
    await t.database.migrate();
    const tracked = (await exec(sql`select version from table_version where table_name = 'kept_probe'`)) as unknown as { rows: { version: unknown }[] };
    expect(tracked.rows).toHaveLength(1);
    await exec(sql`drop table kept_probe`);
    await exec(sql`delete from table_version where table_name = 'kept_probe'`);
  });

  it('a write to an unrelated table keeps the answer', async () => {
    await region(t, 'Saqlangan');
    const first = await get(LAST_REGION);
    expect(first).toContain('Saqlangan uz');
    const before = stats();
    // A login (a session, the throttle, the last login), a session's touch and an audit entry by hand, a saved query.
    await t.login();
    await exec(sql`update session set last_used_at = now()`);
    await exec(sql`insert into audit_log (resource, record_id, action, changes) values ('comfort', 'x', 'update', '{}')`);
    const saved = await t.api({ method: 'POST', url: `${api}/saved-query/add`, payload: { resource: 'region', name: 'Kept', query: { filter: {}, sort: { field: 'createdAt', order: 'DESC' } } } });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await get(LAST_REGION)).toBe(first);
    // Nothing computed again: the answer (and any identical call the writes made) came from the kept one.
    expect(stats().computed).toBe(before.computed);
    expect(stats().kept).toBeGreaterThan(before.kept);
  });

  it('a write through the API to a table the answer reads is seen on the next request', async () => {
    const { id } = await region(t, 'Oldingi');
    expect(await get(LAST_REGION)).toContain('Oldingi uz');
    const edit = await t.api({ method: 'PATCH', url: `${api}/region/edit/${id}`, payload: { name: await translation(t, 'Keyingi') } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await get(LAST_REGION)).toContain('Keyingi uz');
  });

  it('a hand SQL UPDATE on a related table is seen on the next request', async () => {
    const r = await region(t, 'Viloyat');
    const place = await t.api({ method: 'POST', url: `${api}/place/add`, payload: { name: await translation(t, 'Qishloq'), regionId: r.id } });
    expect(place.statusCode, place.body).toBe(201);
    expect(await get(LAST_PLACE)).toContain('Viloyat uz');
    expect(await get(LAST_PLACE)).toContain('Viloyat uz');
    // The place's region (another table) renamed by hand: its name's text, then the region's name itself.
    await exec(sql`update definition set value = 'Qoʻlda uz' where value = 'Viloyat uz'`);
    expect(await get(LAST_PLACE)).toContain('Qoʻlda uz');
    await exec(sql`update region set name_translate_id = ${await translation(t, 'Boshqa')} where id = ${r.id}`);
    expect(await get(LAST_PLACE)).toContain('Boshqa uz');
    // In a transaction that writes two tables, in the other order than their names' (the bumps take them sorted).
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update region set updated_at = now() where id = ${r.id}`);
      await tx.execute(sql`update definition set value = 'Oxirgi uz' where value = 'Boshqa uz'`);
    });
    expect(await get(LAST_PLACE)).toContain('Oxirgi uz');
  });

  it('writers of the same tables in opposite orders neither deadlock nor lose a version', async () => {
    const N = 12;
    const rows = await Promise.all(Array.from({ length: N }, async (_, i) => region(t, `Navbat ${i}`)));
    const version = async () => {
      const res = (await exec(sql`select table_name, version::int as v from table_version where table_name in ('definition', 'region') order by 1`)) as unknown as { rows: { v: number }[] };
      return res.rows.map((r) => r.v);
    };
    const [definitions, regions] = await version();
    await Promise.all(
      rows.map((r, i) =>
        t.database.db.transaction(async (tx) => {
          const region = sql`update region set updated_at = now() where id = ${r.id}`;
          const definition = sql`update definition set value = value || '.' where translation_id = ${r.nameTranslateId}`;
          for (const statement of i % 2 ? [region, definition] : [definition, region]) {
            await tx.execute(statement);
            await tx.execute(sql`select pg_sleep(0.02)`);
          }
        }),
      ),
    );
    expect(await version()).toEqual([definitions + N, regions + N]);
  });

  it('identical calls that miss together are computed once', async () => {
    const N = 8;
    await region(t, 'Bir marta');
    type Query = (...args: unknown[]) => Promise<unknown>;
    const client = (t.database.db as unknown as { $client: { query: Query } }).$client;
    const real = client.query.bind(client);
    const isPage = (query: unknown) => /page_ids/.test(typeof query === 'string' ? query : String((query as { text?: string }).text));
    // The real JSON statement, held back a moment so that every call has missed before the first one's answer is in.
    const statements = vi.spyOn(client, 'query').mockImplementation(async (...args: unknown[]) => {
      if (isPage(args[0])) await new Promise((resolve) => setTimeout(resolve, 300));
      return real(...args);
    });
    const before = stats();
    try {
      const bodies = await Promise.all(Array.from({ length: N }, () => get(LAST_REGION)));
      expect(new Set(bodies).size).toBe(1);
      expect(bodies[0]).toContain('Bir marta uz');
      // The JSON statement (the page of ids and its records) ran once for the N calls.
      expect(statements.mock.calls.filter(([query]) => isPage(query))).toHaveLength(1);
    } finally {
      statements.mockRestore();
    }
    expect(stats()).toMatchObject({ computed: before.computed + 1, shared: before.shared + N - 1 });
  });
});
