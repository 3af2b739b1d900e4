/** Regions: a translated name. A region that still has places or cottages cannot be deleted (409). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cottages, places } from '../db/schema';
import { countWhere, together } from '../db/sql';
import { namedResource } from '../lib/named-resource';
import { registerResource } from '../lib/resource-routes';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(
    app,
    namedResource({
      key: 'region',
      deleteBlocker: async (db, id) => {
        const [cottageCount, placeCount] = await together(db, [() => countWhere(db, cottages, cottages.regionId, id), () => countWhere(db, places, places.regionId, id)]);
        if (cottageCount) return `The region still has ${plural(cottageCount, 'cottage', 'cottages')}; move or delete them first`;
        if (placeCount) return `The region still has ${plural(placeCount, 'place', 'places')}; delete them first`;
        return undefined;
      },
    }),
  );
};

export default regionRoutes;
