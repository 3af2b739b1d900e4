/**
 * Row writes for resources whose API fields map straight onto their table's columns: a translated field `x` is the
 * column `xTranslateId` (the registry says which fields are translated), every other field its own column.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { conflict } from '../errors';
import type { Message } from '../messages';
import type { DbOrTx, Tx } from '../db/client';
import { claimTranslatedFields } from './translation-usage';
import { RESOURCE_TABLES, translationColumn, type TabledResource } from '../db/tables';
import { resources } from '../../shared/resources';
import { uuidLike } from '../query/ids';
import { withReferencesCheckedOnce } from '../db/bulk-references';
import { anyId, unnestedRows, unnestRows } from '../db/sql';

/** Column values from API values; undefined values are left out (an edit changes only what is sent). */
function columnsOf(key: TabledResource, values: Record<string, unknown>): Record<string, unknown> {
  const fields = resources[key].fields as Record<string, { kind: string }>;
  const columns = RESOURCE_TABLES[key].table as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = fields[field]?.kind === 'translation' ? translationColumn(key, field) : columns[field];
    const prop = Object.keys(columns).find((p) => columns[p] === column);
    if (!prop) throw new Error(`${key} has no column for ${field}`);
    out[prop] = value;
  }
  return out;
}

/** Inserts a record and answers its id. */
export async function insertRecord(db: DbOrTx, key: TabledResource, values: Record<string, unknown>): Promise<string> {
  const { table } = RESOURCE_TABLES[key];
  const [row] = await db.insert(table).values(columnsOf(key, values) as never).returning({ id: table.id });
  return String((row as { id: unknown }).id);
}

/** Changes the values sent (nothing when all are undefined). */
export async function updateRecord(db: DbOrTx, key: TabledResource, id: string, values: Record<string, unknown>): Promise<void> {
  const { table } = RESOURCE_TABLES[key];
  const changes = columnsOf(key, values);
  if (Object.keys(changes).length) await db.update(table).set(changes as never).where(eq(table.id, id));
}

export async function deleteRecord(db: DbOrTx, key: TabledResource, id: string): Promise<void> {
  const { table } = RESOURCE_TABLES[key];
  await db.delete(table).where(eq(table.id, id));
}

/**
 * Inserts a record (or, given its id, changes it) on the caller's transaction, first claiming the translations its
 * translated fields are sent as: one use per translation (see `claimTranslations`). Answers the record's id.
 */
export async function saveTranslatedRecord(tx: Tx, key: TabledResource, values: Record<string, unknown>, lang: string, id?: string): Promise<string> {
  const [saved] = await saveTranslatedRecords(tx, key, [{ id, values }], lang);
  return saved;
}

/** Rows a multi-row statement carries at once. */
const CHUNK = 500;

/**
 * `saveTranslatedRecord` for many records at once (a batch of a command): the claims checked together, the new records
 * inserted and the changed ones updated in a few multi-row statements. Answers their ids, in order.
 */
export async function saveTranslatedRecords(tx: Tx, key: TabledResource, items: { id?: string; values: Record<string, unknown> }[], lang: string): Promise<string[]> {
  await claimTranslatedFields(tx, resources[key], items.map((i) => ({ recordId: i.id, data: i.values })), lang);
  const ids = items.map((i) => i.id ?? randomUUID());
  const fresh = items.flatMap((item, n) => (item.id === undefined ? [{ ...columnsOf(key, item.values), id: ids[n] }] : []));
  const { table } = RESOURCE_TABLES[key];
  const statements = unnestRows(table, fresh);
  await withReferencesCheckedOnce(tx, table, fresh, async () => {
    if (statements) for (const rows of statements) await tx.execute(sql`insert into ${table} ${rows}`);
    else for (let i = 0; i < fresh.length; i += CHUNK) await tx.insert(table).values(fresh.slice(i, i + CHUNK) as never);
  });
  await updateRecords(tx, key, items.flatMap((item) => (item.id === undefined ? [] : [{ id: item.id, values: item.values }])));
  return ids;
}

/**
 * Changes the values sent of many records: the records that change the same columns in one
 * `update … from (select * from unnest(…))` of arrays (`unnestedRows`), a parameter per column rather than per cell.
 * A lone record, or columns that are arrays themselves (no multi-record write sends those), one `update` each.
 */
async function updateRecords(db: DbOrTx, key: TabledResource, items: { id: string; values: Record<string, unknown> }[]): Promise<void> {
  const { table } = RESOURCE_TABLES[key];
  const rows = items.flatMap(({ id, values }) => {
    const changes = columnsOf(key, values);
    return Object.keys(changes).length ? [{ ...changes, id }] : [];
  });
  const parts = rows.length > 1 ? unnestedRows(table, rows) : undefined;
  if (!parts) {
    for (const { id, ...changes } of rows) await db.update(table).set(changes as never).where(eq(table.id, id));
    return;
  }
  for (const { columns, select } of parts) {
    const set = sql.join(columns.filter((c) => c !== 'id').map((c) => sql`${sql.identifier(c)} = v.${sql.identifier(c)}`), sql`, `);
    const names = sql.join(columns.map((c) => sql.identifier(c)), sql`, `);
    await db.execute(sql`update ${table} set ${set} from (${select}) as v(${names}) where ${table.id} = v.id`);
  }
}

/** A 409 with `message` when another record of `key` already holds `value` in the unique column `field`. */
export async function assertFree(db: DbOrTx, key: TabledResource, field: string, value: string, message: Message, exceptId?: string) {
  const { table } = RESOURCE_TABLES[key];
  const column = (table as unknown as Record<string, PgColumn>)[field];
  const [taken] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(column, value), exceptId ? ne(table.id, exceptId) : undefined));
  if (taken) throw conflict(message);
}

/**
 * Whether `key` is a resource with its own table and `id` one of its records. An id that cannot be one (not a uuid) is
 * no record, never a database error.
 */
/** Which of these ids name a record of `key` (one statement for a batch's references). */
export async function existingIds(db: DbOrTx, key: string, ids: string[]): Promise<Set<string>> {
  const candidates = [...new Set(ids.filter(uuidLike))];
  if (!candidates.length || !Object.hasOwn(RESOURCE_TABLES, key)) return new Set();
  const { table } = RESOURCE_TABLES[key as TabledResource];
  return new Set((await db.select({ id: table.id }).from(table).where(anyId(table.id, candidates))).map((r) => String(r.id)));
}

export async function recordExists(db: DbOrTx, key: string, id: string): Promise<boolean> {
  if (!Object.hasOwn(RESOURCE_TABLES, key)) return false;
  const { table } = RESOURCE_TABLES[key as TabledResource];
  // Every resource table's id is a uuid (a table with another kind of id fails the type check here).
  const kind: 'PgUUID' = table.id.columnType;
  if (kind !== 'PgUUID' || !uuidLike(id)) return false;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return row !== undefined;
}
