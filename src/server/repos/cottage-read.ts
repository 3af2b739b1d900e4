/**
 * The three readings of the cottage record, each derived from its declaration (`cottage-record.ts`) rather than
 * written per nested field: the loader (records, in one statement), the list's page JSON (one statement that
 * builds the answer's text) and the CSV export's rows (one statement, the nested fields as their cell text).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { cottages } from '../db/schema';
import { anyId, LANG_PLACEHOLDER, preparedById, qualified, rowsOf } from '../db/sql';
import { cottageRecord, type CottageRecord } from '../../shared/records/cottage';
import { DEFAULT_LANGUAGE } from '../../shared/enums';
import { idOf, nameOf, translatedNames, translatedText } from '../query/translated';
import { isoText, JsonText, jsonList, jsonObjectOf, pageJsonOf } from '../query/page-json';
import { byKind, COTTAGE_COLUMNS, orderSql, type NamedList, type NamedOne, type OwnRows } from './cottage-record';

type Row = Record<string, unknown>;
const ONES = byKind('one');
const LISTS = byKind('list');
const ROWS = byKind('rows');
const CATALOGUES: [string, NamedOne | NamedList][] = [...ONES, ...LISTS];
const id = (name: string) => sql.identifier(name);
/** The key under which `columns` hold `column`. */
const keyOf = (columns: Record<string, PgColumn>, column: PgColumn) => Object.keys(columns).find((k) => columns[k] === column)!;
const names = (n: NamedOne | NamedList) => `${n.alias}_name`;
const where = (r: OwnRows, cottageId: SQL | PgColumn) => and(eq(r.from, cottageId), r.where);

/** A nested list as a JSON array, its items keyed by their record fields, in its order (`[]` for none). */
const jsonItems = (values: Record<string, SQL | PgColumn>, from: SQL, order: SQL) =>
  sql`(select coalesce(json_agg(json_build_object(${sql.join(
    Object.entries(values).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )}) order by ${order}), '[]'::json) ${from})`;

/** An item of a JSON list as the columns' own reading gives it (times as dates; a JSON time is their text). */
function fromJson(columns: Record<string, PgColumn>, item: Row): Row {
  for (const [key, column] of Object.entries(columns)) {
    const value = item[key];
    item[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return item;
}

/**
 * The loader's statement on `db`: the cottages' own rows with the records they name, each nested list a JSON array
 * beside them. One statement, named, with the ids and the language as placeholders, so PostgreSQL parses and plans it
 * once per connection: the loader was five statements, each planned at every call (1.0 ms for the own row, 0.1 ms to
 * run it), a fifth of the statements and of the database's time under fifty admins' load (issue #38). Built once per
 * process on the pool, for one cottage or many (`preparedById`).
 */
const loadRows = preparedById<Row>((db, ids) => {
  // The catalogue records these cottages use, for `translatedNames` (a column of a cottage).
  const ofBatch = (column: PgColumn) => sql`select ${qualified(column)} from ${cottages} where ${ids.of(cottages.id)}`;
  const nested: Record<string, unknown> = Object.fromEntries(ONES.map(([key, n]) => [key, { ...n.columns, name: nameOf(names(n)) }]));
  for (const [key, n] of LISTS) {
    const name = translatedText(n.translationId, LANG_PLACEHOLDER);
    nested[key] = jsonItems({ ...n.columns, name }, sql`from ${n.link} join ${n.table} on ${n.table.id} = ${n.to} where ${n.from} = ${cottages.id}`, orderSql(n.order));
  }
  for (const [key, r] of ROWS) nested[key] = jsonItems(r.columns, sql`from ${r.table} where ${where(r, cottages.id)}`, orderSql(r.order));
  let own = db.select({ ...COTTAGE_COLUMNS, ...(nested as Record<string, SQL>) }).from(cottages).$dynamic();
  for (const [, n] of ONES) {
    const named = translatedNames(names(n), n.table, n.table.id, n.translationId, LANG_PLACEHOLDER, ofBatch(n.by));
    own = own.innerJoin(n.table, eq(n.table.id, n.by)).innerJoin(named as unknown as PgTable, eq(idOf(names(n)), n.by));
  }
  return own.where(ids.of(cottages.id)).prepare(`dacha_cottages_${ids.name}`);
});

/** Full records of these cottages: their own row with the records they name and their nested lists. */
export async function loadCottages(db: DbOrTx, ids: string[], lang: string): Promise<CottageRecord[]> {
  if (!ids.length) return [];
  const rows = await loadRows(db, ids, { lang });
  // The record's keys are put in its order when it is encoded (the answer, the page JSON test), not here.
  return rows.map((row) => {
    const record: Row = { ...row };
    for (const [key, n] of LISTS) record[key] = (row[key] as Row[]).map((item) => fromJson(n.columns, item));
    for (const [key, r] of ROWS) {
      const items = (row[key] as Row[]).map((item) => fromJson(r.columns, item));
      record[key] = items;
      if (r.main) record[r.main.field] = items.find((item) => item[keyOf(r.columns, r.main!.flag)])?.[keyOf(r.columns, r.cell)] ?? null;
    }
    return record as CottageRecord;
  });
}

/** The record's schema of a nested field: the object, or a list's element. */
const shapeOf = (key: string) => {
  const schema = cottageRecord.shape[key as keyof typeof cottageRecord.shape] as z.ZodType;
  return ('element' in schema ? schema.element : schema) as z.ZodType;
};
/** A list's order in the page JSON: a catalogue's own columns are kept beside its JSON, as `o<i>`. */
const listOrder = (n: NamedList, alias: string) =>
  sql.join(n.order.map(({ column, desc }, i) => sql`${column.table === n.table ? sql`${id(alias)}.${id(`o${i}`)}` : column}${sql.raw(desc ? ' desc' : '')}`), sql`, `);

/**
 * Every catalogue record's JSON once per page, each with its name in the request's language (the names looked up in one
 * pass over their definitions, first by language: the request's, the default, then any — as `translatedText`); a
 * cottage's row only joins their text. Rows of its own are aggregated per cottage; a `main` one with its list.
 */
function pageJsonParts() {
  const catalogueJson = ([key, n]: [string, NamedOne | NamedList]) => {
    const keep = n.kind === 'list' ? n.order.map(({ column }, i) => (column.table === n.table ? sql`, ${column} as ${id(`o${i}`)}` : sql``)) : [];
    const json = jsonObjectOf(shapeOf(key), { ...n.columns, name: sql`coalesce(n.name, '')` }, key);
    return sql`${id(`${n.alias}_json`)} as materialized (select ${n.table.id}, ${json.text} as json${sql.join(keep, sql``)}
      from ${n.table} left join names n on n.id = ${n.translationId})`;
  };
  const withSql = sql`
    names as materialized (select distinct on (d.translation_id) d.translation_id as id, d.value as name
      from definition d join language l on l.id = d.language_id
      where d.translation_id in (${sql.join(CATALOGUES.map(([, n]) => sql`select ${n.translationId} from ${n.table}`), sql` union all `)})
      order by d.translation_id, case l.code when ${LANG_PLACEHOLDER} then 0 when ${DEFAULT_LANGUAGE} then 1 else 2 end, l.created_at, l.code),
    ${sql.join(CATALOGUES.map(catalogueJson), sql`,\n`)}`;
  const joins: SQL[] = ONES.map(([, n]) => sql`join ${id(`${n.alias}_json`)} on ${id(`${n.alias}_json`)}.id = ${n.by}`);
  const values: Record<string, SQL | PgColumn | JsonText> = { ...COTTAGE_COLUMNS };
  for (const [key, n] of ONES) values[key] = new JsonText(sql`${id(`${n.alias}_json`)}.json`);
  for (const [key, n] of LISTS) {
    const from = sql`from ${n.link} join ${id(`${n.alias}_json`)} x on x.id = ${n.to} where ${n.from} = ${cottages.id}`;
    values[key] = jsonList(new JsonText(sql`x.json`), from, listOrder(n, 'x'));
  }
  for (const [key, r] of ROWS) {
    const object = jsonObjectOf(shapeOf(key), r.columns, key);
    if (!r.main) {
      values[key] = jsonList(object, sql`from ${r.table} where ${where(r, cottages.id)}`, orderSql(r.order));
      continue;
    }
    // The list and the main one from the same rows, once per cottage.
    const alias = id(`${key}_rows`);
    joins.push(sql`cross join lateral (select (array_agg(${r.cell} order by ${orderSql(r.order)}) filter (where ${r.main.flag}))[1] as main,
        '[' || string_agg(${object.text}, ',' order by ${orderSql(r.order)}) || ']' as list
      from ${r.table} where ${where(r, cottages.id)}) as ${alias}`);
    values[r.main.field] = sql`${alias}.main`;
    values[key] = new JsonText(sql`coalesce(${alias}.list, '[]')`);
  }
  return { with: withSql, joins: sql.join(joins, sql`\n`), object: jsonObjectOf(cottageRecord, values, 'cottage') };
}

/**
 * A page of cottages as the JSON the list answers (the list's fast path, `query/page-json.ts`): one statement builds
 * what `loadCottages` reads as records and the route encodes (docs/decisions.md, "Cold pages").
 */
export const cottagePageJson = pageJsonOf({ table: cottages, id: cottages.id, ...pageJsonParts() });

/** The own columns of an export row: as the record has them, times as ISO text (what a cell shows of a date). */
const exportedColumns = sql.join(
  Object.entries(COTTAGE_COLUMNS).map(([key, column]) => sql`${column.dataType === 'date' ? isoText(column) : column} as ${id(key)}`),
  sql`, `,
);

/**
 * The CSV export's rows of these cottages, built by the database in one statement: the record's fields with the nested
 * ones already as their cell text (a named record by its name, a list's names and own rows' cells joined with "; "),
 * so a 100 000-row export parses one flat row per cottage instead of several result sets and their records.
 */
export async function loadCottageExportRows(db: DbOrTx, ids: string[], lang: string): Promise<{ id: string }[]> {
  if (!ids.length) return [];
  const which = (n: NamedOne | NamedList) =>
    n.kind === 'one' ? sql`select ${n.by} from ${cottages} where ${anyId(cottages.id, ids)}` : sql`select ${n.to} from ${n.link} where ${anyId(n.from, ids)}`;
  const nameTables = CATALOGUES.map(([, n]) => sql`${id(names(n))} as materialized (select ${n.table.id}, ${translatedText(n.translationId, lang)} as name from ${n.table} where ${n.table.id} in (${which(n)}))`);
  const cells: SQL[] = [];
  const joins: SQL[] = [];
  for (const [key, n] of ONES) {
    cells.push(sql`${id(names(n))}.name as ${id(key)}`);
    joins.push(sql`join ${id(names(n))} on ${id(names(n))}.id = ${n.by}`);
  }
  for (const [key, n] of LISTS) {
    // The catalogue's table only when the list is ordered by its columns (comforts by age; types by the link's place).
    const table = n.order.some(({ column }) => column.table === n.table) ? sql`join ${n.table} on ${n.table.id} = ${n.to}` : sql``;
    cells.push(sql`(select string_agg(n.name, '; ' order by ${orderSql(n.order)}) from ${n.link}
        ${table} join ${id(names(n))} n on n.id = ${n.to}
        where ${n.from} = ${cottages.id}) as ${id(key)}`);
  }
  for (const [key, r] of ROWS) {
    if (!r.main) {
      cells.push(sql`(select string_agg(${r.cell}, '; ' order by ${orderSql(r.order)}) from ${r.table} where ${where(r, cottages.id)}) as ${id(key)}`);
      continue;
    }
    const alias = id(`${key}_rows`);
    cells.push(sql`${alias}.main as ${id(r.main.field)}, ${alias}.list as ${id(key)}`);
    // One main row per cottage (a unique index): `min` finds it without sorting.
    joins.push(sql`cross join lateral (select min(${r.cell}) filter (where ${r.main.flag}) as main,
        string_agg(${r.cell}, '; ' order by ${orderSql(r.order)}) as list
      from ${r.table} where ${where(r, cottages.id)}) as ${alias}`);
  }
  const result = await db.execute(sql`with ${sql.join(nameTables, sql`, `)}
    select ${exportedColumns}, ${sql.join(cells, sql`, `)}
    from ${cottages} ${sql.join(joins, sql`\n`)}
    where ${anyId(cottages.id, ids)}`);
  return rowsOf<{ id: string }>(result);
}
