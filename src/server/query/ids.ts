/** Record ids: what one looks like, and records loaded by ids put back in the ids' order. */
import type { DbOrTx } from '../db/client';

/** Loads records by ids in the request's language (any order; `inOrder` restores the page's). */
export type Loader<R> = (db: DbOrTx, ids: string[], lang: string) => Promise<R[]>;

export const uuidLike = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Keeps the page's order when records were loaded with `where id in (...)`. */
export function inOrder<T extends { id: string }>(ids: string[], records: T[]): T[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}
