/** What a premium placement reads before it writes (`routes/premium.ts`): the cottage's status and an order's cottage. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { cottages, orders } from '../db/schema';

/** The cottage a placement is for: its id and moderation status, or `undefined`. */
export async function cottageToPlace(db: DbOrTx, id: string) {
  return (await db.select({ id: cottages.id, cottageStatus: cottages.cottageStatus }).from(cottages).where(eq(cottages.id, id)))[0];
}

/** The cottage an order is for, as `{cottageId}`, or `undefined` when there is no such order. */
export async function orderCottage(db: DbOrTx, orderId: string) {
  return (await db.select({ cottageId: orders.cottageId }).from(orders).where(eq(orders.id, orderId)))[0];
}
