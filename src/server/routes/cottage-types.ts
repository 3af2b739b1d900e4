/**
 * Cottage types: a translated name, an optional image and `hidePrice` — cottages of such a type show no price (the
 * spec's mosque type), decided by data rather than a hard-coded id. Deleting one unlinks it from cottages.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cottageTypes } from '../db/schema';
import { namedResource } from '../lib/named-resource';
import { registerResource } from '../lib/resource-routes';

const cottageTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(
    app,
    namedResource({
      key: 'cottageType',
      select: () => ({ hidePrice: cottageTypes.hidePrice }),
      listFields: () => ({ hidePrice: cottageTypes.hidePrice }),
    }),
  );
};

export default cottageTypeRoutes;
