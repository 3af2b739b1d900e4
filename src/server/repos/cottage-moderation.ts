/** What moderation and the delete dialog need beyond the cottage's own record. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, cottages, notifications, orders, premiumPlacements } from '../db/schema';
import { lockVersion } from '../query/versions';
import type { CottageRecord } from '../../shared/records/cottage';
import type { CottageStatus } from '../../shared/enums';
import { together } from '../db/sql';

/**
 * The decision as the owner reads it, in Uzbek, the marketplace's default language: a notification is one stored
 * text with no language of its own, and the moderator's reason goes in verbatim, in whatever language it was typed.
 */
const DECISIONS: Record<CottageStatus, string> = {
  confirmed: 'tasdiqlandi',
  rejected: 'rad etildi',
  progress: 'qayta koʻrib chiqishga qaytarildi',
};

export const moderationNotice = (name: string, cottageStatus: CottageStatus, reason: string) =>
  `«${name}» eʼloningiz ${DECISIONS[cottageStatus]}. Sabab: ${reason}`;

/** The owner's personal notification of a moderation decision; nothing when the cottage has no owner or no reason. */
export async function notifyOwner(db: DbOrTx, cottage: CottageRecord, cottageStatus: CottageStatus, reason: string | undefined) {
  if (!reason || !cottage.userId) return undefined;
  const message = moderationNotice(cottage.name, cottageStatus, reason);
  const [row] = await db.insert(notifications).values({ message, type: 'personal', userId: cottage.userId }).returning({ id: notifications.id });
  return row?.id;
}

/**
 * Deletes the owner's notice of a decision (an undo): the one written in the decision's own transaction — its
 * `created_at` is that transaction's `now()`, the same as the decision's audit entry — about this cottage and status.
 * Answers the message deleted, if any.
 */
export async function withdrawNotice(db: DbOrTx, cottage: CottageRecord, cottageStatus: CottageStatus, decisionEntryId: string) {
  if (!cottage.userId) return undefined;
  const prefix = moderationNotice(cottage.name, cottageStatus, '');
  const [gone] = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, cottage.userId),
        eq(notifications.type, 'personal'),
        // Compared in SQL: a JavaScript Date would lose the microseconds.
        eq(notifications.createdAt, sql`(select ${auditLog.createdAt} from ${auditLog} where ${auditLog.id} = ${decisionEntryId})`),
        sql`left(${notifications.message}, ${prefix.length}) = ${prefix}`,
      ),
    )
    .returning({ message: notifications.message });
  return gone?.message;
}

/** How many orders and premium placements (running or not) a cottage's delete takes with it. */
export async function cottageDependents(db: DbOrTx, cottageId: string) {
  const [[o], [p]] = await together(db, [
    () => db.select({ n: count() }).from(orders).where(eq(orders.cottageId, cottageId)),
    () => db.select({ n: count() }).from(premiumPlacements).where(eq(premiumPlacements.cottageId, cottageId)),
  ]);
  return { orders: Number(o?.n ?? 0), placements: Number(p?.n ?? 0) };
}

/** A cottage's latest audit entry (any writer, any call), with its age in seconds: what an undo may take back. */
export async function latestCottageEntry(db: DbOrTx, cottageId: string) {
  const [row] = await db
    .select({
      id: auditLog.id,
      userId: auditLog.userId,
      action: auditLog.action,
      changes: auditLog.changes,
      ageSeconds: sql<number>`extract(epoch from now() - ${auditLog.createdAt})::float8`,
    })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'cottage'), eq(auditLog.recordId, cottageId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row;
}

/** Holds the cottage's row until the transaction ends: what is read after it is what the next writer will see. */
export async function holdCottage(tx: DbOrTx, id: string): Promise<void> {
  await lockVersion(tx, cottages, id);
}
