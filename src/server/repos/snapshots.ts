/**
 * What a revert needs of a record (`http/resource/revert.ts`), at the level of rows: a deleted record's snapshot — its
 * own row and the rows that cascade with it (a cottage's images, comforts and types; a comfort's links to cottages; a
 * role's permissions) — and putting those rows, or some columns of the row, back. Secret columns are never kept: a
 * table that holds one (users) keeps no snapshot, and so cannot be brought back.
 */
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import * as schema from '../db/schema';
import type { RecordSnapshot } from '../db/schema';

export type { RecordSnapshot };
import { RESOURCE_TABLES, type TabledResource } from '../db/tables';
import { SECRET_FIELD } from '../rules/secret-fields';
import { resources, type ResourceDef } from '../../shared/resources';
import { claimTranslatedFields } from './translation-usage';

const TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const byName = new Map(TABLES.map((table) => [getTableName(table), table]));

/** The rows that go when a row of `parent` goes: for each table, its column that references the parent with a cascade. */
function cascadingChildren(parent: PgTable): { table: PgTable; column: PgColumn }[] {
  const out: { table: PgTable; column: PgColumn }[] = [];
  for (const table of TABLES) {
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference();
      if (fk.onDelete === 'cascade' && ref.foreignTable === parent && ref.columns.length === 1) out.push({ table, column: ref.columns[0] });
    }
  }
  return out;
}

const hasSecret = (table: PgTable) => Object.keys(getTableColumns(table)).some((key) => SECRET_FIELD.test(key));

/** A record's rows before a delete, or none when its table holds a secret. */
export async function captureSnapshot(db: DbOrTx, key: TabledResource, id: string, files: Iterable<string>): Promise<RecordSnapshot | undefined> {
  const { table } = RESOURCE_TABLES[key];
  if (hasSecret(table)) return undefined;
  const rows: RecordSnapshot['rows'] = {};
  rows[getTableName(table)] = (await db.select().from(table).where(eq(table.id, id))) as Record<string, unknown>[];
  for (const child of cascadingChildren(table)) {
    if (hasSecret(child.table)) continue;
    const found = (await db.select().from(child.table).where(eq(child.column, id))) as Record<string, unknown>[];
    if (found.length) rows[getTableName(child.table)] = found;
  }
  return { rows, files: [...files] };
}

/** JSON values back into what the table's columns take (times as dates). */
function revived(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (!column) continue;
    out[key] = column.dataType === 'date' && typeof value === 'string' ? new Date(value) : value;
  }
  return out;
}

/** Whether every other record a link row points at still exists (a cottage deleted since loses the link, not the revert). */
async function targetsExist(db: DbOrTx, table: PgTable, parent: PgTable, row: Record<string, unknown>): Promise<boolean> {
  const columns = getTableColumns(table);
  for (const fk of getTableConfig(table).foreignKeys) {
    const ref = fk.reference();
    if (ref.foreignTable === parent || ref.columns.length !== 1) continue;
    const prop = Object.keys(columns).find((k) => columns[k] === ref.columns[0]);
    const value = prop ? row[prop] : undefined;
    if (value === null || value === undefined) continue;
    const [hit] = await db.select({ one: sql`1` }).from(ref.foreignTable).where(eq(ref.foreignColumns[0], value));
    if (!hit) return false;
  }
  return true;
}

/**
 * Puts a snapshot's rows back: the record's row first (its translations claimed again, one use each), then the rows
 * that cascaded with it whose other ends still exist.
 */
export async function restoreSnapshot(tx: DbOrTx, key: TabledResource, snapshot: RecordSnapshot, lang: string): Promise<void> {
  const { table } = RESOURCE_TABLES[key];
  const own = snapshot.rows[getTableName(table)]?.[0];
  if (!own) throw new Error(`the snapshot holds no ${key} row`);
  await claimTranslatedFields(tx, resources[key] as ResourceDef, [{ data: translationIds(key, own) }], lang);
  await tx.insert(table).values(revived(table, own) as never);
  for (const [name, rows] of Object.entries(snapshot.rows)) {
    const child = byName.get(name);
    if (!child || child === table) continue;
    for (const row of rows) if (await targetsExist(tx, child, table, row)) await tx.insert(child).values(revived(child, row) as never);
  }
}

/** A row's translated fields as the API writes them: field → translation id. */
function translationIds(key: TabledResource, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, def] of Object.entries(resources[key].fields as Record<string, { kind: string }>)) {
    if (def.kind === 'translation' && row[`${field}TranslateId`] !== undefined) out[field] = row[`${field}TranslateId`];
  }
  return out;
}

/** The record fields that are its own table's columns (and may be put back as they are); not the id or the times. */
export function columnFields(key: TabledResource): Set<string> {
  const columns = Object.keys(getTableColumns(RESOURCE_TABLES[key].table));
  return new Set(columns.filter((c) => !['id', 'createdAt', 'updatedAt'].includes(c) && !SECRET_FIELD.test(c)));
}

/** Sets some columns of a record back (translations claimed again, one use each). */
export async function restoreColumns(tx: DbOrTx, key: TabledResource, id: string, values: Record<string, unknown>, lang: string): Promise<void> {
  if (!Object.keys(values).length) return;
  const { table } = RESOURCE_TABLES[key];
  await claimTranslatedFields(tx, resources[key] as ResourceDef, [{ recordId: id, data: translationIds(key, values) }], lang);
  await tx.update(table).set(revived(table, values) as never).where(eq(table.id, id));
}
