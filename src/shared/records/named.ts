/**
 * The catalogue records that are a translated name (regions, places, comforts, cottage types), and the short forms of
 * them other records embed.
 */
import { z } from 'zod';

/** A translated field reads as its text in the request language plus the translation's id. */
export const namedFields = { id: z.string(), name: z.string(), nameTranslateId: z.string() };

export const regionRecord = z.object({ ...namedFields, createdAt: z.date() });
export type RegionRecord = z.infer<typeof regionRecord>;

export const placeRecord = z.object({
  ...namedFields,
  image: z.string().nullable(),
  regionId: z.string(),
  region: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.date(),
});
export type PlaceRecord = z.infer<typeof placeRecord>;

export const comfortRecord = z.object({ ...namedFields, image: z.string().nullable(), createdAt: z.date() });
export type ComfortRecord = z.infer<typeof comfortRecord>;

export const cottageTypeRecord = z.object({ ...namedFields, image: z.string().nullable(), hidePrice: z.boolean(), createdAt: z.date() });
export type CottageTypeRecord = z.infer<typeof cottageTypeRecord>;
