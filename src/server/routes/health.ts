/**
 * `GET /health`, public, for load balancers and orchestrators: 200 while the database answers a trivial query within
 * a short time, 503 when it does not. It says nothing else (no versions, no names, no error text).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../repos/health';

/** A database slower than this counts as down: a balancer should stop sending requests it would only queue. */
export const HEALTH_TIMEOUT_MS = 2000;

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS)));
      const query = pingDatabase(app.db).then(
        () => true,
        () => false,
      );
      const up = await Promise.race([query, timeout]);
      clearTimeout(timer);
      // Never cached by a proxy: each probe must reach the server.
      reply.header('cache-control', 'no-store');
      if (up) return { status: 'ok' as const, database: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable', database: 'unavailable' });
    },
  );
};

export default healthRoutes;
