/**
 * Places: a translated name, a region and an optional image. A place with cottages cannot be deleted or moved to
 * another region (its cottages name the region too).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cottages, places, regions } from '../db/schema';
import { conflict, HttpError } from '../errors';
import { resources } from '../../shared/resources';
import { placeCreateSchema, placeEditSchema } from '../../shared/schemas/catalogue';
import { registerNamedResource } from '../lib/named-resource';
import { translatedText } from '../lib/translated';
import { qualified } from '../lib/translation-usage';
import { countWhere } from './regions';

export const placeRecord = z.object({
  id: z.string(),
  name: z.string(),
  nameTranslateId: z.string(),
  image: z.string().nullable(),
  regionId: z.string(),
  region: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.date(),
});

const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerNamedResource(app, {
    def: resources.place,
    label: 'Place',
    table: places,
    columns: { id: places.id, name: places.nameTranslateId, createdAt: places.createdAt, image: places.image },
    image: { required: false },
    createSchema: placeCreateSchema,
    editSchema: placeEditSchema,
    record: placeRecord,
    values: (data) => ({ regionId: data.regionId }),
    check: async (db, data, current) => {
      const regionId = data.regionId as string | undefined;
      if (!regionId || regionId === current?.regionId) return;
      const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId));
      if (!region) throw new HttpError(404, 'Region not found', { regionId: 'Region not found' });
      if (current && (await countWhere(db, cottages, cottages.placeId, current.id))) {
        throw conflict('The place has cottages, so it cannot move to another region');
      }
    },
    select: (lang) => ({
      regionId: places.regionId,
      regionName: translatedText(sql`(select r.name_translate_id from ${regions} r where r.id = ${qualified(places.regionId)})`, lang),
    }),
    shape: ({ regionName, ...row }) => ({ ...row, region: { id: row.regionId as string, name: regionName as string } }),
    listFields: () => ({ regionId: places.regionId }),
    deleteBlocker: async (db, id) => {
      const n = await countWhere(db, cottages, cottages.placeId, id);
      return n ? `The place still has ${n} ${n === 1 ? 'cottage' : 'cottages'}; move or delete them first` : undefined;
    },
  });
};

export default placeRoutes;
