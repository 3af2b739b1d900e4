/** A premium placement: a cottage shown as `top` or `recommended` until `expireAt` (or until ended). */
import { z } from 'zod';

export const placementRecord = z.object({
  id: z.string(),
  cottageId: z.string(),
  serviceCode: z.string(),
  priority: z.number(),
  tariffId: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.date(),
  expireAt: z.date(),
  endedAt: z.date().nullable(),
});
export type PlacementRecord = z.infer<typeof placementRecord>;
