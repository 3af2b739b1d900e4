/**
 * The embedded engine (PGlite) behind the same `Database` as PostgreSQL. A module of its own so that `client.ts` loads
 * it only when there is no `DATABASE_URL`: a server on PostgreSQL never has PGlite in memory.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { channelName, MIGRATIONS_DIR, type Database, type Db } from './client';
import * as schema from './schema';
import { trackNewTables } from './table-tracking';

export { PGlite };

/**
 * The extensions the migrations create (pg_trgm: the search index, migration 0007). Every PGlite that opens our
 * database must load them, or a write to an indexed table fails: pass them to each `new PGlite` / `PGlite.create`.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export function openPglite(client: PGlite, description: string): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    description,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await trackNewTables(db);
    },
    close: () => client.close(),
    exclusive: (fn) => client.runExclusive(fn),
    async tidy(tables) {
      const names = tables.map((t) => `"${t.replaceAll('"', '""')}"`).join(', ');
      if (names) await client.exec(`vacuum (analyze) ${names}`);
    },
    // One process, one connection: nothing can be missed.
    async listen(channel, onMessage, onListening) {
      const stop = await client.listen(channelName(channel), onMessage);
      onListening(true);
      return stop;
    },
  };
}
