/** Saved list queries' table: an owner's rows with the owner's name, looked up, listed, written. */
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { savedQueries, users } from '../db/schema';
import type { SavedQueryValue } from '../../shared/schemas/saved-query';

const selection = {
  id: savedQueries.id,
  userId: savedQueries.userId,
  resource: savedQueries.resource,
  name: savedQueries.name,
  query: savedQueries.query,
  shared: savedQueries.shared,
  createdAt: savedQueries.createdAt,
  updatedAt: savedQueries.updatedAt,
  ownerName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username}, '')`,
};
export type SavedQueryRow = { [K in keyof typeof selection]: K extends 'ownerName' ? string : (typeof savedQueries.$inferSelect)[Exclude<K, 'ownerName'>] };

const withOwner = (db: DbOrTx) => db.select(selection).from(savedQueries).innerJoin(users, eq(users.id, savedQueries.userId));

export async function savedQueryById(db: DbOrTx, id: string): Promise<SavedQueryRow | undefined> {
  const [row] = await withOwner(db).where(eq(savedQueries.id, id));
  return row;
}

/** A list's queries the user owns, and the ones others shared, by name. */
export function savedQueriesOf(db: DbOrTx, resource: string, userId: string): Promise<SavedQueryRow[]> {
  return withOwner(db)
    .where(and(eq(savedQueries.resource, resource), or(eq(savedQueries.userId, userId), eq(savedQueries.shared, true))))
    .orderBy(asc(savedQueries.name), asc(savedQueries.createdAt));
}

/** Whether the user already has a query of this name on this list (other than `exceptId`). */
export async function savedQueryNameTaken(db: DbOrTx, userId: string, resource: string, name: string, exceptId?: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: savedQueries.id })
    .from(savedQueries)
    .where(and(eq(savedQueries.userId, userId), eq(savedQueries.resource, resource), eq(savedQueries.name, name), exceptId ? ne(savedQueries.id, exceptId) : undefined));
  return Boolean(taken);
}

export async function insertSavedQuery(tx: Tx, values: { userId: string; resource: string; name: string; query: SavedQueryValue; shared: boolean }): Promise<string> {
  const [row] = await tx.insert(savedQueries).values(values).returning({ id: savedQueries.id });
  return row.id;
}

export async function updateSavedQuery(tx: Tx, id: string, changes: { name?: string; shared?: boolean }): Promise<void> {
  await tx.update(savedQueries).set({ ...changes, updatedAt: sql`now()` }).where(eq(savedQueries.id, id));
}

export async function deleteSavedQuery(tx: Tx, id: string): Promise<void> {
  await tx.delete(savedQueries).where(eq(savedQueries.id, id));
}
