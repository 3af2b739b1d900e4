/**
 * `GET /stats`: the home tiles and the progress badge in one call and one database round. A count is only computed
 * (and only present) when the caller may list that resource, so the dashboard never reveals more than the lists.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import { perm } from '../../shared/permissions';
import { rowsOf } from '../db/sql';
import { STATS_KEYS, STATS_PATH, statsSchema, type StatsKey } from '../../shared/schemas/stats';

const COUNTS: Record<StatsKey, SQL> = {
  users: sql`(select count(*) from "user")`,
  cottages: sql`(select count(*) from cottage)`,
  languages: sql`(select count(*) from language)`,
  regions: sql`(select count(*) from region)`,
  places: sql`(select count(*) from place)`,
  comforts: sql`(select count(*) from comfort)`,
  notifications: sql`(select count(*) from notification)`,
  progressCottages: sql`(select count(*) from cottage where cottage_status = 'progress')`,
};

const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/${STATS_PATH}`,
    { onRequest: app.requirePermission(perm('stats', 'view')), schema: { tags: ['stats'], response: { 200: statsSchema } } },
    async (request) => {
      const granted = request.user!.permissions;
      const keys = (Object.keys(STATS_KEYS) as StatsKey[]).filter((k) => granted.has(`${STATS_KEYS[k]}.list`));
      if (!keys.length) return {};
      const columns = sql.join(
        keys.map((k) => sql`${COUNTS[k]}::int as ${sql.identifier(k)}`),
        sql`, `,
      );
      const result = await app.db.execute<Record<StatsKey, number>>(sql`select ${columns}`);
      const [row] = rowsOf<Record<StatsKey, number>>(result);
      return Object.fromEntries(keys.map((k) => [k, Number(row[k])]));
    },
  );
};

export default statsRoutes;
