/**
 * The list's fast path (docs/decisions.md, "Performance"): a page of records built as JSON text by the database, in
 * one statement compiled once per process, and sent as it comes — no records in between, no re-serialisation. The text
 * equals what the record schema's encoding gives (`test/page-json.test.ts` compares them for every resource that has
 * one): the same keys in the same order, times as the same ISO strings (milliseconds, UTC), numbers as numbers, nulls.
 */
import { getTableName, is, Placeholder, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, PgUUID, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/sql';

/** A timestamp as the ISO text `JSON.stringify(new Date(…))` writes (milliseconds, truncated like the driver's Date). */
export const isoText = (value: SQL | AnyColumn) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The page's ids (a `uuid[]`) inside a compiled statement. */
const IDS = sql.placeholder('ids');

const unwrap = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodNullable || schema instanceof z.ZodOptional ? unwrap(schema.unwrap() as z.ZodType) : schema;

/** SQL whose value is JSON text already (an object or a list built here), embedded as it is. */
export class JsonText {
  constructor(readonly text: SQL) {}
}

/** A uuid as JSON: quoted, never escaped (its text is hex digits and dashes); null stays null. */
const uuidJson = (value: SQL | AnyColumn) => new JsonText(sql`'"' || (${value})::text || '"'`);

/**
 * A record as compact JSON text, its keys in the record schema's order, each from `values` (a key the schema has and
 * `values` lacks is an error at start-up, so the fast path cannot drop a field): scalars through `to_json` (strings
 * escaped as `JSON.stringify` escapes them, numbers and booleans as they are), dates as ISO text, null as `null`.
 * Concatenated text rather than `json_build_object`, whose output spaces its keys and values (`{"id" : …}`): the
 * answer stays byte for byte the one the record schema gives.
 */
export function jsonObjectOf(record: z.ZodType, values: Record<string, SQL | AnyColumn | JsonText>, what: string): JsonText {
  if (!(record instanceof z.ZodObject)) throw new Error(`${what}: the JSON page needs an object record`);
  const pieces = Object.entries(record.shape as Record<string, z.ZodType>).map(([key, schema], i) => {
    if (!Object.hasOwn(values, key)) throw new Error(`${what}: the JSON page has no value for "${key}"`);
    if (!/^\w+$/.test(key)) throw new Error(`${what}: the JSON page cannot name "${key}"`);
    const value = values[key];
    const type = unwrap(schema);
    // Text that never needs escaping is written as it is: uuid columns and ISO times quoted, numbers and booleans as
    // their text (a float8 and `to_json` print the same digits; `true`/`false`); other strings through `to_json`.
    const json =
      value instanceof JsonText
        ? value.text
        : is(value, PgUUID)
          ? uuidJson(value).text
          : type instanceof z.ZodDate
          ? sql`'"' || ${isoText(value)} || '"'`
          : type instanceof z.ZodNumber || type instanceof z.ZodBoolean
            ? sql`(${value})::text`
            : sql`to_json(${value})::text`;
    return sql`${sql.raw(`'${i ? ',' : '{'}"${key}":'`)} || coalesce(${json}, 'null')`;
  });
  return new JsonText(sql`(${sql.join(pieces, sql` || `)} || '}')`);
}

/** A JSON array of `object` for each row of `from`, in `order`: `[]` when there is none. */
export const jsonList = (object: JsonText, from: SQL, order: SQL) =>
  new JsonText(sql`coalesce((select '[' || string_agg(${object.text}, ',' order by ${order}) || ']' ${from}), '[]')`);

/** A compiled statement: its text once, its parameters with the placeholders still to fill. */
export interface Compiled {
  name: string;
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();
let statements = 0;

export function compile(query: SQL): Compiled {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: `dacha_page_${++statements}`, text, params };
}

/** Runs a statement: a named (prepared once per connection) one on a pool; through drizzle in a transaction. */
async function runText<T>(db: DbOrTx, name: string | undefined, text: string, params: unknown[]): Promise<T[]> {
  const client = db instanceof PgTransaction ? undefined : (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query<T & pg.QueryResultRow>(name ? { name, text, values: params } : { text, values: params })).rows;
  // PGlite (not imported here: a server on PostgreSQL never loads it) answers `query(text, params)` with its rows too.
  if (client && typeof (client as { query?: unknown }).query === 'function') {
    return (await (client as { query: (text: string, params: unknown[]) => Promise<{ rows: T[] }> }).query(text, params)).rows;
  }
  // Anything else (a transaction): the same text and values through drizzle.
  const chunks = text.split(/\$(\d+)/);
  const query = sql.empty();
  chunks.forEach((chunk, i) => query.append(i % 2 ? sql`${params[Number(chunk) - 1]}` : sql.raw(chunk)));
  return rowsOf<T>(await db.execute(query));
}

/** Runs a compiled statement with its placeholders filled. */
export function runCompiled<T>(db: DbOrTx, compiled: Compiled, values: Record<string, unknown>): Promise<T[]> {
  const params = compiled.params.map((p) => (p instanceof Placeholder ? values[p.name] : p));
  return runText<T>(db, compiled.name, compiled.text, params);
}

/** A query compiled elsewhere (drizzle's `toSQL()`): its text with `$n` parameters, and their values. */
export interface Query {
  sql: string;
  params: unknown[];
}

/**
 * Unfiltered pages of ids are prepared too (`ranged(…, prepare)`), one name per text (a sort and a range), so a page
 * already seen on a connection is neither sent whole nor parsed again. Not a filtered one: its generic plan can be
 * disastrous for the values at hand (a `q` search walked the whole creation-time index: 1.8 s instead of 13 ms at
 * 100 000 cottages) and PostgreSQL may settle on it. Bounded: past `PAGE_NAMES` texts in the process, unnamed.
 */
const pageNames = new Map<string, string>();
const PAGE_NAMES = 256;
function pageStatementName(text: string): string | undefined {
  let name = pageNames.get(text);
  if (!name && pageNames.size < PAGE_NAMES) pageNames.set(text, (name = `dacha_ids_${pageNames.size + 1}`));
  return name;
}

/** What a resource gives the fast path: one object per row of `from` (its table, named by `alias`), in the page's order. */
interface PageJsonSpec {
  table: PgTable;
  id: PgColumn;
  /** The record as JSON text (see `jsonObjectOf`); may use `LANG_PLACEHOLDER` (`db/sql.ts`). */
  object: JsonText;
  /** Further joins (lateral subqueries) the object uses. */
  joins?: SQL;
  /** Common table expressions the statement starts with (may use the page's ids and `LANG_PLACEHOLDER`). */
  with?: SQL;
}

/** A page's JSON: its records in the order of `ids`, and how many were found (a record deleted meanwhile is left out). */
export type PageJson = ((db: DbOrTx, ids: string[], lang: string) => Promise<{ body: string; count: number }>) & {
  compiled?: Compiled;
  /** The statements' texts, for the tables they read (query/table-versions.ts). */
  texts: string[];
  /**
   * One page: `page` (columns `id` and `total`: the page of ids in order and the filtered list's total), a small
   * statement planned for its values each time (`prepare`, for a page without filter: a named statement), then the
   * JSON by ids (one statement per resource, prepared, its generic plan); `total` (one column) counts the filtered
   * list when the page is empty (a range past the end).
   */
  ranged: (db: DbOrTx, page: Query, total: Query, lang: string, prepare?: boolean) => Promise<{ body: string; count: number; total: number }>;
};

export function pageJsonOf(spec: PageJsonSpec): PageJson {
  const table = sql.identifier(getTableName(spec.table));
  const compiled = compile(sql`${spec.with ? sql`with ${spec.with} ` : sql``}select coalesce('[' || string_agg(${spec.object.text}, ',' order by page.ord) || ']', '[]') as body, count(*)::int as count
    from unnest(${IDS}::uuid[]) with ordinality as page(id, ord)
    join ${table} on ${table}.${sql.identifier(spec.id.name)} = page.id
    ${spec.joins ?? sql``}`);
  const page: PageJson = Object.assign(
    async (db: DbOrTx, ids: string[], lang: string) => {
      if (!ids.length) return { body: '[]', count: 0 };
      const [row] = await runCompiled<{ body: string; count: number }>(db, compiled, { ids, lang });
      return row;
    },
    {
      compiled,
      texts: [compiled.text],
      async ranged(db: DbOrTx, pageQuery: Query, total: Query, lang: string, prepare = false) {
        // Named `page_ids` like the page of every list, whatever its resource (a test recognises it by that name).
        const text = `select id, total from (${pageQuery.sql}) as page_ids(id, total)`;
        const rows = await runText<{ id: string; total: string }>(db, prepare ? pageStatementName(text) : undefined, text, pageQuery.params);
        const count = rows.length
          ? Number(rows[0].total)
          : Number((await runText<{ n: string }>(db, undefined, `select n from (${total.sql}) as counted(n)`, total.params))[0].n);
        return { ...(await page(db, rows.map((r) => r.id), lang)), total: count };
      },
    },
  );
  return page;
}
