/**
 * `GET /stats`: the home tiles and the progress badge in one call and one database round. A count is only computed
 * (and only present) when the caller may list that resource, so the dashboard never reveals more than the lists.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perm } from '../../shared/permissions';
import { countStats } from '../repos/stats';
import { STATS_KEYS, STATS_PATH, statsSchema, type StatsKey } from '../../shared/schemas/stats';

const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/${STATS_PATH}`,
    { onRequest: app.requirePermission(perm('stats', 'view')), schema: { tags: ['stats'], response: { 200: statsSchema } } },
    async (request) => {
      const granted = request.user!.permissions;
      const keys = (Object.keys(STATS_KEYS) as StatsKey[]).filter((k) => granted.has(`${STATS_KEYS[k]}.list`));
      if (!keys.length) return {};
      const row = await countStats(app.db, keys);
      return Object.fromEntries(keys.map((k) => [k, Number(row[k])]));
    },
  );
};

export default statsRoutes;
