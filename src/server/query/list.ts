/**
 * A list's SQL from its checked parameters (`http/list-params.ts` reads them): a page of ids and the total come from one
 * query (see `pageIds`); the route then loads the full records of that page. Without `range` the whole (filtered,
 * sorted) list is returned.
 */
import { and, asc, desc, or, Placeholder, sql, type AnyColumn, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { badRequest } from '../errors';
import { checkFilterValue, filterFieldSchema, kindOfColumn, type FilterKind } from './filter-kinds';
import { said } from '../messages';

/** The refusals of a list's filter and sort, in the reader's language. */
const TEXTS = {
  unknownFilter: { uz: 'Nomaʼlum filtr "{key}"', ru: 'Неизвестный фильтр «{key}»', en: 'Unknown filter "{key}"' },
  unknownFilterField: { uz: 'Nomaʼlum filtr', ru: 'Неизвестный фильтр', en: 'Unknown filter' },
  listOfValues: { uz: '"{key}" filtri qiymatlar roʻyxatini qabul qiladi', ru: 'Фильтр «{key}» принимает список значений', en: 'Filter "{key}" takes a list of values' },
  valueOrList: { uz: '"{key}" filtri qiymat yoki roʻyxatni qabul qiladi', ru: 'Фильтр «{key}» принимает значение или список', en: 'Filter "{key}" takes a value or a list' },
  invalidValue: { uz: 'Notoʻgʻri qiymat', ru: 'Неверное значение', en: 'Invalid value' },
  cannotSort: { uz: '"{field}" boʻyicha saralab boʻlmaydi', ru: 'Нельзя сортировать по «{field}»', en: 'Cannot sort by "{field}"' },
  unknownField: { uz: 'Nomaʼlum maydon {field}', ru: 'Неизвестное поле {field}', en: 'Unknown field {field}' },
} as const;

export interface ListParams {
  range?: { offset: number; limit: number };
  sort?: { field: string; order: 'asc' | 'desc' };
  filter: Record<string, unknown>;
  /** The request's language, for the messages of refused filter values (English without it). */
  lang?: string;
}

/**
 * What `q` searches: an expression folded and matched, or a condition built around the match (`match(expr)`), e.g. a
 * referenced record's name matched in its own table, where its trigram index serves, instead of folded row by row.
 * `folded(column)` matches a column that already holds the folded text (the cottages' `name_fold`): not folded again.
 */
type Match = (expr: AnyColumn | SQL) => SQL;
export type SearchExpr = AnyColumn | SQL | ((match: Match, folded: (column: AnyColumn) => SQL) => SQL);

export interface ListSpec {
  table: PgTable;
  id: PgColumn;
  /** API field name → column or SQL expression, filterable by equality (or a list) and sortable. */
  fields: Record<string, AnyColumn | SQL>;
  /** Expressions `q` searches (case-insensitive, substring). */
  search?: SearchExpr[];
  /** Filters that are not plain equality, e.g. `price_gte`; return undefined to ignore an empty value. */
  filters?: Record<string, (value: unknown) => SQL | undefined>;
  /**
   * The kinds of the fields that are SQL expressions (text unless said) and of the resource's own `filters` (those check
   * their values themselves; the kind documents them). A column's kind is its type's (`query/filter-kinds.ts`).
   */
  kinds?: Record<string, FilterKind>;
  /** Always applied (e.g. a resource view restricted to one status). */
  where?: SQL;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /**
   * Sort fields whose order is a ranking of another table's rows (a region's translated name): `ranking` is a `uuid[]`
   * of that table's ids in order, `column` the reference to them. A page so sorted walks the ranked rows in order, each
   * with an index walk of `(column, id)`, instead of ranking and sorting every row (see `rankedPage`). The field in
   * `fields` must sort the same way (`rankOf`): the whole list and the export use it.
   */
  ranked?: Record<string, { column: AnyColumn; ranking: SQL }>;
}

/** The SQL of a field sorted by its rank in `ranking`, for `fields` (the same order as `rankedPage`'s). */
export const rankOf = (ranking: SQL, column: AnyColumn) => sql`array_position(${ranking}, ${column})`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `q` matches case, apostrophes and Uzbek Cyrillic/Latin alike: both sides folded by `dacha_fold()` (migration 0007,
 * twin of shared/search-fold.ts), whose trigram indexes serve the folded column (cottages' name and description).
 */
const foldedMatch = (expr: AnyColumn | SQL, pattern: SQL | Placeholder<string>) => sql`dacha_fold(${expr}) like dacha_fold(${pattern})`;

/** A spec's own entry only: `filter={"constructor":1}` or `sort=["__proto__"]` must not reach Object.prototype. */
function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

export function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

const kindsCache = new WeakMap<ListSpec, Map<string, FilterKind>>();

/** Every equality-filterable field's kind (`id` and `fields`), by name. */
function fieldKinds(spec: ListSpec): Map<string, FilterKind> {
  let known = kindsCache.get(spec);
  if (!known) {
    known = new Map([['id', kindOfColumn(spec.id)]]);
    for (const [name, field] of Object.entries(spec.fields)) known.set(name, own(spec.kinds, name) ?? kindOfColumn(field));
    kindsCache.set(spec, known);
  }
  return known;
}

/**
 * A 400 naming the first equality filter whose value its field's kind cannot hold (an unknown filter is left to
 * `buildWhere`, which refuses it as before). Every list, view and export checks before building its SQL.
 */
function checkFilterValues(spec: ListSpec, filter: Record<string, unknown>, lang = 'en'): void {
  const known = fieldKinds(spec);
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'q' || own(spec.filters, key)) continue;
    const kind = known.get(key);
    if (kind) checkFilterValue(key, kind, value, lang);
  }
}

/**
 * The `filter` parameter's JSON schema, for the OpenAPI document: `q`, then every field with its kind (a value or a
 * list), then the resource's own filters (their declared kind, or any value).
 */
export function filterSchema(spec: ListSpec): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  if (spec.search?.length) properties.q = { type: 'string', description: 'searches' };
  for (const [name, kind] of fieldKinds(spec)) properties[name] = filterFieldSchema(kind);
  for (const name of Object.keys(spec.filters ?? {})) {
    const kind = own(spec.kinds, name);
    properties[name] = { ...(kind ? filterFieldSchema(kind) : { type: ['string', 'number', 'boolean'] }), description: 'the list\'s own filter' };
  }
  return { type: 'object', properties, additionalProperties: false };
}

/** How a filter's value enters the SQL: a parameter (the default), or a named placeholder (`pageIdsSql`'s cache). */
type Bind = (name: string, value: string) => SQL | Placeholder<string>;
const asParam: Bind = (_, value) => sql`${value}`;

function buildWhere(spec: ListSpec, filter: Record<string, unknown>, bind: Bind = asParam): SQL | undefined {
  const conditions: (SQL | undefined)[] = [spec.where];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q') {
      const text = String(value).trim();
      if (text && spec.search?.length) {
        const pattern = bind('q', `%${escapeLike(text)}%`);
        const match = (expr: AnyColumn | SQL) => foldedMatch(expr, pattern);
        const folded = (column: AnyColumn) => sql`${column} like dacha_fold(${pattern})`;
        conditions.push(or(...spec.search.map((expr) => (typeof expr === 'function' ? expr(match, folded) : match(expr)))));
      }
      continue;
    }
    const custom = own(spec.filters, key);
    if (custom) {
      conditions.push(custom(value));
      continue;
    }
    const column = key === 'id' ? spec.id : own(spec.fields, key);
    if (!column) throw badRequest(said(TEXTS.unknownFilter, { key }), { [key]: said(TEXTS.unknownFilterField) });
    if (Array.isArray(value)) {
      if (!value.every(isScalar)) throw badRequest(said(TEXTS.listOfValues, { key }), { [key]: said(TEXTS.invalidValue) });
      // Raw parameters as text, not the column's mapper: a mapper (e.g. Date for timestamps) would throw on a bad
      // string, and PGlite turns a number sent for a timestamp into a Date itself (a huge one throws in the driver),
      // while PostgreSQL's own cast of the text answers an error the error plugin turns into a 400. node-postgres
      // sends every scalar as text anyway, so both engines now read the same value.
      conditions.push(value.length ? sql`${column} in (${sql.join(value.map((v, i) => sql`${bind(`f:${key}.${i}`, String(v))}`), sql`, `)})` : sql`false`);
    } else if (isScalar(value)) {
      conditions.push(sql`${column} = ${bind(`f:${key}`, String(value))}`);
    } else {
      throw badRequest(said(TEXTS.valueOrList, { key }), { [key]: said(TEXTS.invalidValue) });
    }
  }
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

function buildOrder(spec: ListSpec, sort: ListParams['sort']): SQL[] {
  const { field, order } = sort ?? spec.defaultSort;
  const column = field === 'id' ? spec.id : own(spec.fields, field);
  if (!column) throw badRequest(said(TEXTS.cannotSort, { field }), { sort: said(TEXTS.unknownField, { field }) });
  const direction = order === 'desc' ? desc : asc;
  return [direction(column as AnyColumn), asc(spec.id)];
}

/**
 * One page of ids in order, and the total of the filtered list. The total is an uncorrelated subquery (computed once,
 * a plain count), not `count(*) over()`: a window over the whole filtered list forces every row to be read and sorted
 * before the limit, while without it the page can stop after `limit` rows of an index in the sort's order. A `q`
 * search reads its matches off the folded text's trigram index (or every row of a small table), so there one pass with
 * the window is cheaper than a count plus a walk of the sort's index that finds few matches.
 */
function countOf(spec: ListSpec, params: ListParams, where: SQL | undefined, knownTotal?: SQL): SQL<string> {
  const searching = Boolean(spec.search?.length && String(params.filter.q ?? '').trim());
  return (knownTotal as SQL<string> | undefined) ?? (searching ? sql<string>`count(*) over()` : sql<string>`(select count(*) from ${spec.table} where ${where ?? sql`true`})`);
}

function pageQuery(db: DbOrTx, spec: ListSpec, params: ListParams, where: SQL | undefined, placeholders = false, knownTotal?: SQL) {
  const count = countOf(spec, params, where, knownTotal);
  const order = buildOrder(spec, params.sort);
  let query = db
    .select({ id: spec.id, total: count })
    .from(spec.table)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (params.range) {
    query = placeholders
      ? // Written into the text (whole numbers `parseListParams` checked), so PostgreSQL's generic plan of the named
        // statement knows them: with a parameter it guesses a tenth of the table and keeps planning each execution.
        query.limit(sql.raw(String(params.range.limit)) as unknown as number).offset(sql.raw(String(params.range.offset)) as unknown as number)
      : query.limit(params.range.limit).offset(params.range.offset);
  }
  return query;
}

/**
 * A page sorted by a ranked field: the ranked ids in order (a handful: regions, places), for each an index walk of the
 * list's rows that reference it (`(column, id)`, the filter applied there), so PostgreSQL sorts only within the first
 * ranks' rows (an Incremental Sort on the id) and stops at the page's end, instead of sorting the whole list.
 */
function rankedPage(spec: ListSpec, ranked: NonNullable<ListSpec['ranked']>[string], order: 'asc' | 'desc', where: SQL | undefined, range: { offset: number; limit: number }, count: SQL): SQL {
  const direction = sql.raw(order);
  return sql`select c.id, ${count} as total
    from (select r.id, r.ord from unnest(${ranked.ranking}) with ordinality as r(id, ord) order by r.ord ${direction}) as r
    cross join lateral (select ${spec.id} as id from ${spec.table} where ${ranked.column} = r.id and ${where ?? sql`true`}) as c
    order by r.ord ${direction}, c.id limit ${sql.raw(String(range.limit))} offset ${sql.raw(String(range.offset))}`;
}

const dialect = new PgDialect();

export async function pageIds(db: DbOrTx, spec: ListSpec, params: ListParams, opts: { count?: boolean } = {}): Promise<{ ids: string[]; total: number }> {
  checkFilterValues(spec, params.filter, params.lang);
  const where = buildWhere(spec, params.filter);
  // `count: false` (the palette): no total, so a search's first rows need not wait for all its matches. With
  // `count(*) over()` PostgreSQL walked the whole sort index folding every name for a page of 5 (3.5 s at 100 000).
  const rows = await pageQuery(db, spec, params, where, false, opts.count === false ? sql<string>`0` : undefined);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && params.range && params.range.offset > 0) {
    const [row] = await db.select({ n: sql<string>`count(*)` }).from(spec.table).where(where);
    total = Number(row.n);
  }
  return { ids: rows.map((r) => String(r.id)), total };
}

/**
 * The same page as SQL for `PageJson.ranged` (the page of ids, then the JSON by ids): the page of ids (`id` and `total`
 * as above), and the count of the filtered list run when the page is empty (a range past the end). The total is the
 * same as `pageIds` gives: the page's, or when it is empty the count (0 for an empty list).
 */
export function pageIdsSql(db: DbOrTx, spec: ListSpec, params: ListParams, knownTotal?: number): { page: Query; total: Query } {
  checkFilterValues(spec, params.filter, params.lang);
  const shape = shapeOf(spec, params);
  // A total the caller already knows (cache/kept-answers.ts: kept while the tables it reads are unchanged) spares the
  // count, which reads every matching row: the page itself then reads only its rows, whatever the list's size.
  const known = (value: unknown) => (knownTotal === undefined ? undefined : sql`${value}::bigint`);
  const sort = params.sort ?? spec.defaultSort;
  const ranked = own(spec.ranked, sort.field);
  // A ranked page's text holds its range too, like the others' (see `pageQuery`).
  const page = (where: SQL | undefined, total: SQL | undefined, placeholders: boolean): Query =>
    ranked && params.range
      ? dialect.sqlToQuery(rankedPage(spec, ranked, sort.order, where, params.range, countOf(spec, params, where, total)))
      : pageQuery(db, spec, params, where, placeholders, total).toSQL();
  if (!shape) {
    const where = buildWhere(spec, params.filter);
    return { page: page(where, known(knownTotal), false), total: db.select({ n: sql<string>`count(*)` }).from(spec.table).where(where).toSQL() };
  }
  // The SQL of a shape is built once (its values as named placeholders), then only filled.
  let shapes = compiledShapes.get(spec);
  if (!shapes) compiledShapes.set(spec, (shapes = new Map()));
  const key = knownTotal === undefined ? shape.key : `${shape.key}+known`;
  let compiled = shapes.get(key);
  if (!compiled) {
    const where = buildWhere(spec, params.filter, (name) => sql.placeholder(name));
    compiled = { page: page(where, known(sql.placeholder(KNOWN_TOTAL)), true), total: db.select({ n: sql<string>`count(*)` }).from(spec.table).where(where).toSQL() };
    if (shapes.size < MAX_SHAPES) shapes.set(key, compiled);
  }
  const values: Record<string, unknown> = { ...shape.values, [KNOWN_TOTAL]: knownTotal };
  const fill = (query: Query): Query => ({ sql: query.sql, params: query.params.map((p) => (p instanceof Placeholder ? values[p.name] : p)) });
  return { page: fill(compiled.page), total: fill(compiled.total) };
}

/** The placeholder of a known total (not a filter's name: those are `q` and `f:<name>`). */
const KNOWN_TOTAL = 'known_total';
/** The most shapes of page-of-ids SQL kept per list spec; a further one is built each time. */
const MAX_SHAPES = 256;
const compiledShapes = new WeakMap<ListSpec, Map<string, { page: Query; total: Query }>>();

/**
 * What decides a page's SQL text (besides the spec, one per language): which filters are present and how (a value, a
 * list of n values, a search), the sort and the range; and the filters' values by placeholder name, as
 * `buildWhere` names them. Undefined — built each time — when a resource's own filter is present (its SQL may
 * depend on the value) or a value would be refused (the build answers the 400).
 */
function shapeOf(spec: ListSpec, params: ListParams): { key: string; values: Record<string, string> } | undefined {
  const values: Record<string, string> = {};
  const sort = params.sort ?? spec.defaultSort;
  const parts: unknown[] = [sort.field, sort.order, params.range?.limit, params.range?.offset];
  for (const [name, value] of Object.entries(params.filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (name === 'q') {
      const text = String(value).trim();
      if (text && spec.search?.length) {
        values.q = `%${escapeLike(text)}%`;
        parts.push('q');
      }
      continue;
    }
    if (own(spec.filters, name)) return undefined;
    if (Array.isArray(value)) {
      if (!value.every(isScalar)) return undefined;
      value.forEach((v, i) => (values[`f:${name}.${i}`] = String(v)));
      parts.push(name, value.length);
    } else if (isScalar(value)) {
      values[`f:${name}`] = String(value);
      parts.push(name, '=');
    } else return undefined;
  }
  return { key: JSON.stringify(parts), values };
}

/**
 * Every id of the filtered list in its order, for the export: one row holding them as one text, rather than a row
 * (and a record object) per id — 100 000 ids are one string to split, not 100 000 objects kept for the whole export.
 */
export async function allIds(db: DbOrTx, spec: ListSpec, params: Omit<ListParams, 'range'>): Promise<string[]> {
  checkFilterValues(spec, params.filter, params.lang);
  const where = buildWhere(spec, params.filter);
  const order = sql.join(buildOrder(spec, params.sort), sql`, `);
  const [row] = await db
    .select({ ids: sql<string | null>`string_agg(${spec.id}::text, ',' order by ${order})` })
    .from(spec.table)
    .where(where);
  return row?.ids ? row.ids.split(',') : [];
}
