/**
 * What a CSV import matches a related record by (a place's region, a tariff's service, a cottage's comforts): its id,
 * or its name in any language.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { definitions } from '../db/schema';
import { RESOURCE_TABLES, translationColumn, type TabledResource } from '../db/tables';

export interface NameIndex {
  ids: Set<string>;
  /** A name folded (trimmed, lower case) → the ids of the records called so in some language. */
  byName: Map<string, Set<string>>;
}

export const foldName = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** Every record of a resource with a translated `name`, by id and by each of its names. */
export async function nameIndex(db: DbOrTx, key: TabledResource): Promise<NameIndex> {
  const table = RESOURCE_TABLES[key].table as unknown as { id: PgColumn };
  const rows = await db
    .select({ id: table.id, name: definitions.value })
    .from(RESOURCE_TABLES[key].table as never)
    .leftJoin(definitions, eq(definitions.translationId, translationColumn(key, 'name')));
  const index: NameIndex = { ids: new Set(), byName: new Map() };
  for (const { id, name } of rows as { id: string; name: string | null }[]) {
    index.ids.add(id);
    if (!name) continue;
    const folded = foldName(name);
    let ids = index.byName.get(folded);
    if (!ids) index.byName.set(folded, (ids = new Set()));
    ids.add(id);
  }
  return index;
}
