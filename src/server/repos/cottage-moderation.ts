/** What moderation and the delete dialog need beyond the cottage's own record. */
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notifications, orders, premiumPlacements } from '../db/schema';
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
  if (!reason || !cottage.userId) return;
  const message = moderationNotice(cottage.name, cottageStatus, reason);
  await db.insert(notifications).values({ message, type: 'personal', userId: cottage.userId });
}

/** How many orders and premium placements (running or not) a cottage's delete takes with it. */
export async function cottageDependents(db: DbOrTx, cottageId: string) {
  const [[o], [p]] = await together(db, [
    () => db.select({ n: count() }).from(orders).where(eq(orders.cottageId, cottageId)),
    () => db.select({ n: count() }).from(premiumPlacements).where(eq(premiumPlacements.cottageId, cottageId)),
  ]);
  return { orders: Number(o?.n ?? 0), placements: Number(p?.n ?? 0) };
}
