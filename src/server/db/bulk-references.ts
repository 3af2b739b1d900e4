/**
 * A bulk insert's foreign keys checked once per statement rather than once per row (issue #32: an import's apply holds
 * PGlite's only connection, and 9 000 definitions spent half their insert in 18 000 per-row reference checks).
 *
 * PostgreSQL checks a reference with a trigger per row: a lookup that locks the referenced row `for key share`. Here
 * the distinct referenced keys are looked up and locked the same way in one statement per key, and the insert then
 * runs with the per-row triggers off (`session_replication_role = replica`, local to the transaction). Only where that
 * is exact: a table whose only triggers are its reference checks and its version mark (marked here beforehand), with
 * single-column keys, on a login allowed to set the role (PGlite's always is; a PostgreSQL login that is not a
 * superuser keeps the per-row checks). A key that is missing leaves the per-row checks on, so the insert fails with
 * PostgreSQL's own error.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { rowsOf, touchTables } from './sql';

/** Below this many rows the per-row checks cost less than the statements that replace them. */
const FEW_ROWS = 200;

interface ForeignKey {
  /** The referencing column's name and SQL type, and the table and column referenced. */
  column: string;
  type: string;
  refTable: string;
  refColumn: string;
}

/** Per table: its foreign keys, or null when checking them per statement would not be exact. Read once a process. */
const plans = new Map<string, Promise<ForeignKey[] | null>>();

async function planOf(db: DbOrTx, table: string): Promise<ForeignKey[] | null> {
  const [can] = rowsOf<{ can: boolean; others: number; wide: number }>(
    await db.execute(sql`select
      (current_setting('is_superuser') = 'on' or has_parameter_privilege('session_replication_role', 'SET')) as can,
      (select count(*)::int from pg_trigger where tgrelid = ${table}::regclass and not tgisinternal
        and tgname not in ('dacha_table_version', 'dacha_table_version_truncate')) as others,
      (select count(*)::int from pg_constraint where conrelid = ${table}::regclass and contype = 'f' and cardinality(conkey) > 1) as wide`),
  );
  if (!can.can || can.others || can.wide) return null;
  return rowsOf<ForeignKey>(
    await db.execute(sql`select a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
        t.relname as "refTable", r.attname as "refColumn"
      from pg_constraint c
      join pg_class t on t.oid = c.confrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute r on r.attrelid = c.confrelid and r.attnum = c.confkey[1]
      where c.conrelid = ${table}::regclass and c.contype = 'f'`),
  );
}

/**
 * Runs `insert` (statements that insert `rows` into `table`, objects keyed by its columns' property names) with the rows' references checked
 * once per distinct key. Falls back to PostgreSQL's per-row checks where that would not be exact (see above).
 */
export async function withReferencesCheckedOnce(db: DbOrTx, table: PgTable, rows: Record<string, unknown>[], insert: () => Promise<void>) {
  const name = getTableName(table);
  if (rows.length < FEW_ROWS) return insert();
  if (!plans.has(name)) plans.set(name, planOf(db, name));
  const keys = await plans.get(name)!;
  if (!keys) return insert();
  const propOf = new Map(Object.entries(getTableColumns(table) as Record<string, PgColumn>).map(([prop, column]) => [column.name, prop]));
  for (const key of keys) {
    const prop = propOf.get(key.column) ?? key.column;
    const wanted = [...new Set(rows.map((r) => r[prop]).filter((v) => v !== null && v !== undefined))];
    if (!wanted.length) continue;
    const found = rowsOf(
      await db.execute(
        sql`select 1 from ${sql.identifier(key.refTable)} where ${sql.identifier(key.refColumn)} = any(${sql.param(wanted)}::${sql.raw(key.type)}[]) for key share`,
      ),
    );
    if (found.length !== wanted.length) return insert();
  }
  await touchTables(db, [name]);
  await db.execute(sql`set local session_replication_role = replica`);
  await insert();
  await db.execute(sql`set local session_replication_role = origin`);
}
