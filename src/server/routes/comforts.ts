/** Comforts: a translated name and an image (required on create). Deleting one unlinks it from cottages. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { comforts } from '../db/schema';
import { resources } from '../../shared/resources';
import { namedCreateSchema, namedEditSchema } from '../../shared/schemas/catalogue';
import { registerNamedResource } from '../lib/named-resource';

export const comfortRecord = z.object({
  id: z.string(),
  name: z.string(),
  nameTranslateId: z.string(),
  image: z.string().nullable(),
  createdAt: z.date(),
});

const comfortRoutes: FastifyPluginAsyncZod = async (app) => {
  registerNamedResource(app, {
    def: resources.comfort,
    label: 'Comfort',
    table: comforts,
    columns: { id: comforts.id, name: comforts.nameTranslateId, createdAt: comforts.createdAt, image: comforts.image },
    image: { required: true },
    createSchema: namedCreateSchema,
    editSchema: namedEditSchema,
    record: comfortRecord,
  });
};

export default comfortRoutes;
