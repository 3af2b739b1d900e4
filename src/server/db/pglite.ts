/**
 * The embedded engine (PGlite) behind the same `Database` as PostgreSQL. A module of its own so that `client.ts` loads
 * it only when there is no `DATABASE_URL`: a server on PostgreSQL never has PGlite in memory.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { channelName, MIGRATIONS_DIR, type Database, type Db } from './client';
import * as schema from './schema';

export { PGlite };

export function openPglite(client: PGlite, description: string): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    description,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    exclusive: (fn) => client.runExclusive(fn),
    // One process, one connection: nothing can be missed.
    async listen(channel, onMessage, onListening) {
      const stop = await client.listen(channelName(channel), onMessage);
      onListening(true);
      return stop;
    },
  };
}
