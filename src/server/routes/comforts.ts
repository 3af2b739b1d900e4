/** Comforts: a translated name and an image (required on create). Deleting one unlinks it from cottages. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { namedResource } from '../lib/named-resource';
import { registerResource } from '../lib/resource-routes';

const comfortRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, namedResource({ key: 'comfort' }));
};

export default comfortRoutes;
