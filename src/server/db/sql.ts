/** Small SQL helpers every repository may use. */
import { eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * A column as `"table"."column"`: drizzle prints bare names in single-table select lists, which become ambiguous (or
 * wrong) inside correlated subqueries such as `translatedText`.
 */
export function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** How many rows of `table` have `column = id`. */
export async function countWhere(db: DbOrTx, table: PgTable, column: PgColumn, id: string): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(column, id));
  return n;
}

/** The rows of a raw `db.execute` result (both drivers answer `{rows}`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * `column = any($1::uuid[])`: one array parameter instead of `in ($1, …, $n)`. A batch of ids costs the same to build
 * and send whatever its size (the export loads thousands per query), and the statement text stays the same.
 */
export const anyId = (column: PgColumn | SQL, ids: string[]): SQL => sql`${column} = any(${sql.param(ids)}::uuid[])`;

/**
 * Runs the queries side by side on the pool, or one after another inside a transaction: a transaction is one
 * connection, where node-postgres only queues queries sent together (deprecated; pg 9 refuses them). Each query is a
 * function, so none starts before its turn.
 */
export async function together<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: DbOrTx,
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries.map((query) => query()))) as Results;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as Results;
}

/**
 * Drops the session's cached plans, so that the statements after it are planned for the tables as they are. The one
 * that matters is the foreign key check: PostgreSQL plans it once per connection and keeps that plan, and a plan made
 * while the referenced table was a few rows is a sequential scan. A statement that then inserts thousands of rows
 * referencing rows just added scans the whole growing table for each: quadratic (an import's apply of 6 000 places
 * spent 7 s in one such check, 0.2 s after this). PGlite's one connection keeps its plans for the server's life.
 */
export async function replanStatements(tx: DbOrTx) {
  await tx.execute(sql`discard plans`);
}

/**
 * Marks `tables` as written by this transaction before it writes them (migration 0024): the per-row version trigger
 * then queues nothing for a statement of thousands of rows (an import's apply), where it queued one call a row.
 */
export async function touchTables(tx: DbOrTx, tables: string[]) {
  await tx.execute(sql`select dacha_touch_tables(${sql.param(tables)}::text[])`);
}

/** Rows one statement of `unnestRows` carries at most (its arrays' length). */
const UNNEST_CHUNK = 5000;

/** One statement's worth of rows as arrays: the columns' names and `select * from unnest($1::uuid[], …)`. */
interface UnnestedRows {
  /** The columns' names in the table, in the order of the select's columns. */
  columns: string[];
  select: SQL;
}

/**
 * Many rows of `table` (objects keyed by its columns' property names) as `select * from unnest($1::uuid[], $2::text[])`
 * with the names of its columns: one array parameter per column instead of one per cell, so thousands of rows cost
 * the engine little to receive and plan (PGlite's protocol and parser were a good part of an import's apply). Rows
 * that give different columns get separate statements (a column left out keeps its default, or its value). Undefined
 * when a column given is itself an array (arrays of arrays do not unnest into rows): the caller writes those rows with
 * `values`. The caller writes the `insert into` or `update` with its own table, so the one-door check
 * (`scripts/write-doors.ts`) sees who writes what.
 */
export function unnestedRows(table: PgTable, rows: Record<string, unknown>[]): UnnestedRows[] | undefined {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const out: UnnestedRows[] = [];
  for (const [names, group] of byPropsGiven(rows)) {
    if (!names.length || names.some((p) => !columns[p] || columns[p].getSQLType().endsWith(']'))) return undefined;
    for (let i = 0; i < group.length; i += UNNEST_CHUNK) {
      const part = group.slice(i, i + UNNEST_CHUNK);
      const arrays = names.map((p) => sql`${sql.param(part.map((r) => (r[p] === null ? null : columns[p].mapToDriverValue(r[p]))))}::${sql.raw(columns[p].getSQLType())}[]`);
      out.push({ columns: names.map((p) => columns[p].name), select: sql`select * from unnest(${sql.join(arrays, sql`, `)})` });
    }
  }
  return out;
}

/**
 * Rows grouped by the properties they give (not undefined), each group's names sorted: a statement per group, so that a
 * column a row leaves out keeps its default rather than getting null.
 */
function byPropsGiven(rows: Record<string, unknown>[]): [string[], Record<string, unknown>[]][] {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const props = Object.keys(row).filter((p) => row[p] !== undefined).sort().join(',');
    // Pushed, not spread into a new array: a copy per row made 30 000 rows cost O(n²) in copies and garbage.
    const group = groups.get(props);
    if (group) group.push(row);
    else groups.set(props, [row]);
  }
  return [...groups].map(([props, group]) => [props.split(',').filter(Boolean), group]);
}

/** `unnestedRows` as the tails of `insert into <table> …` statements: `("a", "b") select * from unnest(…)`. */
export function unnestRows(table: PgTable, rows: Record<string, unknown>[]): SQL[] | undefined {
  return unnestedRows(table, rows)?.map(({ columns, select }) => sql`(${sql.join(columns.map((c) => sql.identifier(c)), sql`, `)}) ${select}`);
}

/**
 * Many rows of `table` as `("a", "b") select … from jsonb_to_recordset($1::jsonb)` statements' tails: one parameter,
 * the rows as JSON. Cheaper than `unnestRows` for jsonb columns, whose values an array parameter carries as escaped
 * text inside escaped text (an import's 6 000 audit entries: 0.30 → 0.24 s on PGlite). Rows that give different
 * columns get separate statements, as in `unnestRows`.
 */
export function recordsetRows(table: PgTable, rows: Record<string, unknown>[]): SQL[] {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return byPropsGiven(rows).map(([props, group]) => {
    const json = group.map((r) => Object.fromEntries(props.map((p) => [columns[p].name, r[p] === null || columns[p].dataType === 'json' ? r[p] : columns[p].mapToDriverValue(r[p])])));
    const names = sql.join(props.map((p) => sql.identifier(columns[p].name)), sql`, `);
    const types = sql.join(props.map((p) => sql`${sql.identifier(columns[p].name)} ${sql.raw(columns[p].getSQLType())}`), sql`, `);
    return sql`(${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(${types})`;
  });
}

/**
 * `column = any($ids::uuid[])` with the ids a placeholder (`ids`), for a statement prepared once (`builtOnce`) and run
 * with its values.
 */
export const anyOfIds = (column: PgColumn | SQL): SQL => sql`${column} = any(${sql.placeholder('ids')}::uuid[])`;
/** The request's language as a placeholder (`lang`), where a statement takes the language as text. */
export const LANG_PLACEHOLDER = sql.placeholder('lang') as unknown as string;

/**
 * What `build` makes of a database handle (named prepared statements), built once per process on the pool; a
 * transaction builds its own. Named statements are parsed and planned once per connection by PostgreSQL: a loader's
 * statement with a few joins and translated names took ~1 ms to plan and 0.1 ms to run (issue #38).
 */
export function builtOnce<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const onPool = new WeakMap<object, T>();
  return (db) => {
    if (db instanceof PgTransaction) return build(db);
    let built = onPool.get(db);
    if (!built) onPool.set(db, (built = build(db)));
    return built;
  };
}

/** How a statement built by `preparedById` names its records: one (`= $id`) or many (`anyOfIds`). */
interface IdsForm {
  name: 'one' | 'many';
  of(column: PgColumn | SQL): SQL;
}
const ONE_ID: IdsForm = { name: 'one', of: (column) => sql`${column} = ${sql.placeholder('id')}::uuid` };
const MANY_IDS: IdsForm = { name: 'many', of: anyOfIds };

/**
 * A loader by ids from named statements `build` makes (`builtOnce`): one for a single record (`= $id`, the common
 * case: a record opened or edited), one for many (`= any($ids)`). PostgreSQL reuses a statement's generic plan only
 * when it costs no more than planning anew for the values: for one record it does (the cottage loader's own row: 0.3
 * against 1.2 ms), for an array of unknown length it often plans anew each time. The loader fills `ids`, `id` and
 * whatever else the statements take (`lang`).
 */
export function preparedById<T>(build: (db: DbOrTx, ids: IdsForm) => { execute(values: Record<string, unknown>): Promise<T[]> }) {
  const one = builtOnce((db) => build(db, ONE_ID));
  const many = builtOnce((db) => build(db, MANY_IDS));
  return (db: DbOrTx, ids: string[], values: Record<string, unknown> = {}): Promise<T[]> =>
    (ids.length === 1 ? one : many)(db).execute({ ...values, ids, id: ids[0] });
}
