/**
 * Cottage types: a translated name, an optional image and `hidePrice` — cottages of such a type show no price (the
 * spec's mosque type), decided by data rather than a hard-coded id. Deleting one unlinks it from cottages.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cottageTypes } from '../db/schema';
import { resources } from '../../shared/resources';
import { cottageTypeCreateSchema, cottageTypeEditSchema } from '../../shared/schemas/catalogue';
import { registerNamedResource } from '../lib/named-resource';

export const cottageTypeRecord = z.object({
  id: z.string(),
  name: z.string(),
  nameTranslateId: z.string(),
  image: z.string().nullable(),
  hidePrice: z.boolean(),
  createdAt: z.date(),
});

const cottageTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerNamedResource(app, {
    def: resources.cottageType,
    label: 'Cottage type',
    table: cottageTypes,
    columns: { id: cottageTypes.id, name: cottageTypes.nameTranslateId, createdAt: cottageTypes.createdAt, image: cottageTypes.image },
    image: { required: false },
    createSchema: cottageTypeCreateSchema,
    editSchema: cottageTypeEditSchema,
    record: cottageTypeRecord,
    values: (data) => ({ hidePrice: data.hidePrice }),
    select: () => ({ hidePrice: cottageTypes.hidePrice }),
    listFields: () => ({ hidePrice: cottageTypes.hidePrice }),
  });
};

export default cottageTypeRoutes;
