/**
 * Places: a translated name, a region and an optional image. A place with cottages cannot be deleted or moved to
 * another region (its cottages name the region too).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { cottages, places, regions } from '../db/schema';
import { countWhere, qualified } from '../db/sql';
import { conflict, HttpError } from '../errors';
import { placeRecord } from '../../shared/records/named';
import { namedResource } from '../lib/named-resource';
import { registerResource } from '../lib/resource-routes';
import { translatedText } from '../lib/translated';
import { jsonObjectOf } from '../lib/page-json';

const regionName = (lang: string) => translatedText(sql`(select r.name_translate_id from ${regions} r where r.id = ${qualified(places.regionId)})`, lang);

const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(
    app,
    namedResource({
      key: 'place',
      record: placeRecord,
      check: async (db, data, current) => {
        const regionId = data.regionId as string | undefined;
        if (!regionId || regionId === current?.regionId) return;
        if (!(await countWhere(db, regions, regions.id, regionId))) throw new HttpError(404, 'Region not found', { regionId: 'Region not found' });
        if (current && (await countWhere(db, cottages, cottages.placeId, current.id))) {
          throw conflict('The place has cottages, so it cannot move to another region');
        }
      },
      select: (lang) => ({ regionId: places.regionId, regionName: regionName(lang) }),
      json: (lang) => ({ region: jsonObjectOf(placeRecord.shape.region, { id: qualified(places.regionId), name: regionName(lang) }, 'place region') }),
      shape: ({ regionName, ...row }) => ({ ...row, region: { id: row.regionId as string, name: regionName as string } }),
      listFields: () => ({ regionId: places.regionId }),
      deleteBlocker: async (db, id) => {
        const n = await countWhere(db, cottages, cottages.placeId, id);
        return n ? `The place still has ${n} ${n === 1 ? 'cottage' : 'cottages'}; move or delete them first` : undefined;
      },
    }),
  );
};

export default placeRoutes;
