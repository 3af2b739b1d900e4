/** Small SQL helpers every repository may use. */
import { eq, getTableName, sql, type SQL } from 'drizzle-orm';
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
