/** The database as a decorated plugin, closed with the app, so tests can hand in PGlite or PostgreSQL per file. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

async function databasePlugin(app: FastifyInstance, opts: { database: Database; closeWithApp: boolean }) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  if (opts.closeWithApp) app.addHook('onClose', () => opts.database.close());
}

export default fp(databasePlugin, { name: 'database' });
