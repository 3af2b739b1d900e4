/** What moderation and the delete dialog need beyond the cottage's own record. */
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notifications, orders, premiumPlacements } from '../db/schema';
import type { CottageRecord } from '../../shared/records/cottage';
import { together } from '../db/sql';

/** The owner's personal notification of a moderation decision; nothing when the cottage has no owner or no reason. */
export async function notifyOwner(db: DbOrTx, cottage: CottageRecord, cottageStatus: string, reason: string | undefined) {
  if (!reason || !cottage.userId) return;
  const message = `Cottage "${cottage.name}" was ${cottageStatus}: ${reason}`;
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
