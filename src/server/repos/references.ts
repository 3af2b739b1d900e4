/**
 * Whether a record a write names exists, and how many rows still refer to a record a delete would orphan: the counts
 * the commands turn into their 404 and 409 answers (`http/resource/references.ts`).
 */
import type { DbOrTx } from '../db/client';
import { cottages } from '../db/schema';
import { anyId, countWhere, together } from '../db/sql';
import { onDeleteOf, referenceColumn, RESOURCE_TABLES, type TabledResource } from '../db/tables';
import { dependentsOf, type Reference } from '../../shared/references';

export const cottageExists = async (db: DbOrTx, id: string) => (await countWhere(db, cottages, cottages.id, id)) > 0;

/** Which of these places still have cottages. */
export async function placesWithCottages(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  return new Set((await db.selectDistinct({ id: cottages.placeId }).from(cottages).where(anyId(cottages.placeId, ids))).map((r) => String(r.id)));
}

const tabled = (key: string): key is TabledResource => Object.hasOwn(RESOURCE_TABLES, key);

/**
 * The references to `key` that keep its record from being deleted: those whose foreign key the database enforces by
 * refusing (`restrict`, `no action`), not by deleting or emptying the referring rows. In the order they must go.
 */
export function blockingDependents(key: string): Reference[] {
  if (!tabled(key)) return [];
  return dependentsOf(key).filter((ref) => tabled(ref.from) && ['restrict', 'no action'].includes(onDeleteOf(ref.from, ref.field, key) ?? ''));
}

/** How many rows of each blocking dependent still refer to the record `id` of `key`, in `blockingDependents`' order. */
export async function dependentCounts(db: DbOrTx, key: string, id: string): Promise<{ ref: Reference; n: number }[]> {
  const refs = blockingDependents(key);
  const counts = await together(
    db,
    refs.map((ref) => () => countWhere(db, RESOURCE_TABLES[ref.from as TabledResource].table, referenceColumn(ref.from as TabledResource, ref.field), id)),
  );
  return refs.map((ref, i) => ({ ref, n: counts[i] as number }));
}
