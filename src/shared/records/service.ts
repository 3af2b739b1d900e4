/** Services and their tariffs: one file, as each embeds the other. */
import { z } from 'zod';
import { namedFields } from './named';

export const tariffRecord = z.object({
  id: z.string(),
  type: z.string(),
  typeTranslateId: z.string(),
  description: z.string(),
  descriptionTranslateId: z.string(),
  days: z.number(),
  price: z.number(),
  service_id: z.string(),
  service: z.object({ id: namedFields.id, name: namedFields.name, serviceCode: z.string() }),
  createdAt: z.date(),
});
export type TariffRecord = z.infer<typeof tariffRecord>;

export const serviceRecord = z.object({
  ...namedFields,
  description: z.string(),
  descriptionTranslateId: z.string(),
  serviceCode: z.string(),
  images: z.array(z.string()),
  tariffs: z.array(tariffRecord.pick({ id: true, type: true, description: true, days: true, price: true, service_id: true })),
  createdAt: z.date(),
});
export type ServiceRecord = z.infer<typeof serviceRecord>;
