import { z } from 'zod';
import { comfortRecord, cottageTypeRecord, namedFields, placeRecord, regionRecord } from './named';
import { placementRecord } from './placement';

export const cottageImageRecord = z.object({
  id: z.string(),
  cottageId: z.string(),
  image: z.string(),
  isMainImage: z.boolean(),
  status: z.string(),
  createdAt: z.date(),
});
export type CottageImageRecord = z.infer<typeof cottageImageRecord>;

/** `GET cottage/dependents/:id`: how many orders and premium placements a cottage's delete takes with it. */
export const cottageDependentsRecord = z.object({ orders: z.number().int(), placements: z.number().int() });
export type CottageDependentsRecord = z.infer<typeof cottageDependentsRecord>;

export const cottageRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  priceWeekend: z.number(),
  mainImage: z.string().nullable(),
  images: z.array(cottageImageRecord),
  comforts: z.array(comfortRecord.omit({ createdAt: true })),
  cottageType: z.array(cottageTypeRecord.omit({ createdAt: true })),
  regionId: z.string(),
  region: regionRecord.omit({ createdAt: true }),
  placeId: z.string(),
  place: z.object({ ...namedFields, image: placeRecord.shape.image, regionId: placeRecord.shape.regionId }),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: z.string(),
  cottageStatus: z.string(),
  rating: z.number(),
  userId: z.string().nullable(),
  /** Placements running now (not expired, not ended). */
  premiumCottages: z.array(placementRecord),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** The moderation signals' risk score, 0–100, and their kinds (`GET cottage/{id}/signals` tells why). */
  risk: z.number().int(),
  signalKinds: z.array(z.string()),
});
export type CottageRecord = z.infer<typeof cottageRecord>;
