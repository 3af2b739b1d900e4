/**
 * Optimistic concurrency (DESIGN §8 "Concurrent edits"), its SQL; what a request names is read by `http/versions.ts`. A record's version is its `updated_at`, counted in epoch
 * milliseconds. `GET <resource>/{id}` answers it as `ETag: W/"<ms>"` and every record the route builder answers carries
 * it as `updatedAt`. A write names the version it was based on with `If-Match` (that ETag, or the `updatedAt` it read)
 * or with the body field `version` (the same values); when the stored version is another one, the write answers 409
 * with the current record and changes nothing; so does `If-Unmodified-Since` (`Last-Modified`'s date) and the record's
 * own `updatedAt` echoed in the body. The check and the write run in one transaction that holds the row
 * (`select … for update`), so of two edits from the same version exactly one wins. A write that names no version
 * behaves as before. Every write through the route builder that changes the record moves the version forward by at
 * least a millisecond (an edit that changes nothing keeps it; a bulk edit always moves it).
 */
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { RESOURCE_TABLES, type TabledResource } from '../db/tables';
import { anyId } from '../db/sql';

type VersionedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** The resource's table when it keeps a version (`updated_at`), else undefined. */
export function versionedTable(key: string): VersionedTable | undefined {
  const table = RESOURCE_TABLES[key as TabledResource]?.table as (PgTable & { id: PgColumn; updatedAt?: PgColumn }) | undefined;
  return table?.updatedAt ? (table as VersionedTable) : undefined;
}

/** The stored version of one record, with its row held until the transaction ends (undefined: no such row). */
export async function lockVersion(tx: DbOrTx, table: VersionedTable, id: string): Promise<Date | undefined> {
  const [row] = await tx.select({ version: table.updatedAt }).from(table).where(eq(table.id, id)).for('update');
  return row ? (row.version as Date) : undefined;
}

/** Ids a statement of many records names at once. */
const CHUNK = 1000;

/** `lockVersion` for many records: their stored versions, their rows held until the transaction ends. */
export async function lockVersions(tx: DbOrTx, table: VersionedTable, ids: string[]): Promise<Map<string, Date>> {
  const out = new Map<string, Date>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await tx.select({ id: table.id, version: table.updatedAt }).from(table).where(anyId(table.id, ids.slice(i, i + CHUNK))).for('update');
    for (const r of rows) out.set(String(r.id), r.version as Date);
  }
  return out;
}

/** The stored versions of some records. */
export async function readVersions(db: DbOrTx, table: VersionedTable, ids: string[]): Promise<Map<string, Date>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: table.id, version: table.updatedAt })
    .from(table)
    .where(anyId(table.id, ids));
  return new Map(rows.map((r) => [String(r.id), r.version as Date]));
}

/**
 * A row's next version, for a write to set with its other columns: now, and always at least one millisecond past the
 * stored one (versions are compared in milliseconds, so two writes in the same millisecond still get two versions). A
 * write that sets it has moved the version itself (`movedOn`), and is not bumped again: one row version, not two.
 */
export const nextVersion = (column: PgColumn) => sql`date_trunc('milliseconds', greatest(now(), ${column} + interval '1 millisecond'))`;

/** Whether a write already moved a record's version (set `nextVersion` itself). */
export function movedOn(before: object, after: object): boolean {
  const [was, now] = [(before as { updatedAt?: unknown }).updatedAt, (after as { updatedAt?: unknown }).updatedAt];
  return was instanceof Date && now instanceof Date && now.getTime() > was.getTime();
}

/**
 * Moves the version forward: to now, and always at least one millisecond past the stored one (versions are compared
 * in milliseconds, so two writes in the same millisecond still get two versions).
 */
export async function bumpVersion(tx: DbOrTx, table: VersionedTable, id: string): Promise<Date | undefined> {
  const [row] = await tx
    .update(table)
    .set({ updatedAt: nextVersion(table.updatedAt) } as never)
    .where(eq(table.id, id))
    .returning({ version: table.updatedAt });
  return row ? (row as { version: Date }).version : undefined;
}

/** `bumpVersion` for many records, in a statement for each thousand: their new versions. */
export async function bumpVersions(tx: DbOrTx, table: VersionedTable, ids: string[]): Promise<Map<string, Date>> {
  const out = new Map<string, Date>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await tx
      .update(table)
      .set({ updatedAt: nextVersion(table.updatedAt) } as never)
      .where(anyId(table.id, ids.slice(i, i + CHUNK)))
      .returning({ id: table.id, version: table.updatedAt });
    for (const r of rows as { id: unknown; version: Date }[]) out.set(String(r.id), r.version);
  }
  return out;
}

/** Whether a write changed what a record reads as (its version aside): an edit that changed nothing keeps its version. */
export function changed(before: object, after: object): boolean {
  const plain = (record: object) => JSON.stringify({ ...record, updatedAt: undefined });
  return plain(before) !== plain(after);
}
