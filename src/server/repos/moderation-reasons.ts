/** The rejection reason templates' table (issue #25): the writes take the caller's transaction. */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { moderationReasons } from '../db/schema';
import type { ModerationReasonCreate, ModerationReasonEdit, ModerationReasonRecord } from '../../shared/schemas/moderation-reason';

/** Every template in the desk's order (their number is their place in it). */
export function moderationReasonList(db: DbOrTx): Promise<ModerationReasonRecord[]> {
  return db.select().from(moderationReasons).orderBy(asc(moderationReasons.position), asc(moderationReasons.createdAt), asc(moderationReasons.id));
}

export async function moderationReasonById(db: DbOrTx, id: string): Promise<ModerationReasonRecord | undefined> {
  const [row] = await db.select().from(moderationReasons).where(eq(moderationReasons.id, id));
  return row;
}

/** How many templates there are. */
export async function moderationReasonCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(moderationReasons);
  return row.count;
}

/** A new template; without a position it goes last. */
export async function insertModerationReason(tx: Tx, values: ModerationReasonCreate): Promise<string> {
  const position = values.position ?? sql`(select coalesce(max(${moderationReasons.position}), 0) + 1 from ${moderationReasons})`;
  const [row] = await tx.insert(moderationReasons).values({ ...values, position }).returning({ id: moderationReasons.id });
  return row.id;
}

export async function updateModerationReason(tx: Tx, id: string, changes: ModerationReasonEdit): Promise<void> {
  if (!Object.keys(changes).length) return;
  await tx.update(moderationReasons).set({ ...changes, updatedAt: new Date() }).where(eq(moderationReasons.id, id));
}

export async function deleteModerationReason(tx: Tx, id: string): Promise<void> {
  await tx.delete(moderationReasons).where(eq(moderationReasons.id, id));
}
