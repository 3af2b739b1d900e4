/**
 * Opens the database: embedded PGlite in the data folder, or PostgreSQL when a URL is given. Both are driven through
 * the same drizzle schema and the same migrations.
 */
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { mendDataDir } from '../data-dir';
import { channelName, MIGRATIONS_DIR, type Database, type Db } from './client';
import * as schema from './schema';
import { trackNewTables } from './table-tracking';

export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const safe = new URL(url);
  safe.password = '';
  return {
    db,
    kind: 'postgres',
    description: `PostgreSQL ${safe.host}${safe.pathname}`,
    async migrate() {
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await trackNewTables(db);
    },
    close: () => pool.end(),
    listen: (channel, onMessage, onListening) => listenPostgres(url, channelName(channel), onMessage, onListening),
  };
}

/** A connection of its own that stays in LISTEN, reconnecting a second after it is lost. */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void, onListening: (listening: boolean) => void) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      onListening(false);
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => onMessage(message.payload ?? ''));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (client === next) onListening(true);
    } catch {
      lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}

/** The embedded database's buffer cache (PostgreSQL's `shared_buffers`). */
const PGLITE_SHARED_BUFFERS = '32MB';

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const dir = path.join(opts.dataDir, 'db');
  // Durability (docs/decisions.md, "Crash safety"): PGlite's Node filesystem writes through — every page PostgreSQL
  // writes is a `write()` to the operating system before the query resolves — so a commit that was answered survives
  // the process being killed (`npm run test:crash` proves it). `relaxedDurability` stays false so that a query never
  // resolves before PGlite's own filesystem sync either (a no-op on Node today; it matters for a buffering one).
  // PGlite runs PostgreSQL with fsync off: a power cut or kernel crash can still lose the last commits.
  // PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, which never shrinks: the
  // server's RSS reached 400–450 MB under load. Pages missing from 32 MB come from the operating system's cache
  // through one read; bench/start.ts measured 260–275 MB (docs/decisions.md, "Embedded database memory").
  // The embedded engine loads only when it is used: a server on PostgreSQL never has it in memory.
  const { PGlite, PGLITE_EXTENSIONS, openPglite } = await import('./pglite');
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, relaxedDurability: false, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  // PGlite sets some modes itself, past the umask: a new database's files (0666) and the catalogue cache it writes at
  // every start (0644). Narrowed here, once it has started (docs/decisions.md, "The data folder").
  mendDataDir(dir);
  return openPglite(client, `PGlite (embedded) in ${dir}`);
}
