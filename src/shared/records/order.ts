import { z } from 'zod';
import { cottageRecord } from './cottage';
import { placementRecord } from './placement';
import { serviceRecord, tariffRecord } from './service';
import { userSummary } from './user';

export const orderRecord = z.object({
  id: z.string(),
  cottageId: z.string(),
  userId: z.string().nullable(),
  tariffId: z.string(),
  status: z.string(),
  orderStatus: z.string(),
  expireAt: z.date().nullable(),
  premiumActivatedAt: z.date().nullable(),
  createdAt: z.date(),
  cottage: cottageRecord.pick({ id: true, name: true, rating: true, cottageStatus: true, mainImage: true }),
  user: userSummary.nullable(),
  tariff: tariffRecord.omit({ service: true, createdAt: true }).extend({
    service: serviceRecord.pick({ id: true, name: true, nameTranslateId: true, serviceCode: true }),
  }),
  /** The placement "Active Pre" made from this order, if any. */
  premium: placementRecord.nullable(),
});
export type OrderRecord = z.infer<typeof orderRecord>;
