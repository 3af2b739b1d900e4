/**
 * `GET /config`, public: the map's tile server, the place search and the time zone, so changing them needs a restart,
 * not a rebuild of the panel. Only these fields are sent (the response schema drops anything else).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CONFIG_PATH, publicConfigSchema } from '../../shared/schemas/public-config';

const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`/${PUBLIC_CONFIG_PATH}`, { schema: { tags: ['config'], response: { 200: publicConfigSchema } } }, async () => ({
    mapTileUrl: app.config.mapTileUrl,
    geocoderUrl: app.config.geocoderUrl,
    timeZone: app.config.timeZone,
  }));
};

export default publicConfigRoutes;
