/**
 * Files of deleted records, kept for `DELETED_FILES_DAYS` (table `retired_file`): a delete retires its record's files
 * in its own transaction, a revert that brings the record back takes them back, and the daily sweep
 * (`plugins/deleted-files.ts`) removes each file and then its row once its time is over.
 */
import { inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { retiredFiles } from '../db/schema';

/** Retires these files (now); a file retired again starts its time again. */
export async function retireFiles(db: DbOrTx, paths: Iterable<string | null | undefined>): Promise<void> {
  const unique = [...new Set([...paths].filter((p): p is string => Boolean(p)))];
  if (!unique.length) return;
  await db
    .insert(retiredFiles)
    .values(unique.map((path) => ({ path })))
    .onConflictDoUpdate({ target: retiredFiles.path, set: { retiredAt: sql`now()` } });
}

/** Takes retired files back into use; answers those that were still kept (the others are gone). */
export async function reclaimFiles(db: DbOrTx, paths: string[]): Promise<Set<string>> {
  if (!paths.length) return new Set();
  const rows = await db.delete(retiredFiles).where(inArray(retiredFiles.path, paths)).returning({ path: retiredFiles.path });
  return new Set(rows.map((r) => r.path));
}

/**
 * Files retired more than `days` days ago, at most `limit` of them, held for the caller's transaction (a revert taking
 * one back waits, then finds it gone); rows another sweep holds are skipped.
 */
export async function lockExpiredFiles(tx: Tx, days: number, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ path: retiredFiles.path })
    .from(retiredFiles)
    .where(lt(retiredFiles.retiredAt, sql`now() - make_interval(days => ${days}::int)`))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.path);
}

/** Forgets retired files once they are removed. */
export async function forgetFiles(db: DbOrTx, paths: string[]): Promise<void> {
  if (paths.length) await db.delete(retiredFiles).where(inArray(retiredFiles.path, paths));
}
