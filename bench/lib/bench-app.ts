/**
 * The real app for an in-process benchmark: a database of its own (PostgreSQL, or PGlite in a temporary folder) with
 * the bench admin and `cottages` from the scale seeder, the app listening on a free port, the admin's headers; `close`
 * stops it and drops the database. `keep` (PostgreSQL): the database is named by its size, reused when already
 * seeded and kept afterwards (for profiling runs; drop it by hand).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { openDatabase, openPostgres } from '../../src/server/db/open';
import { bootstrap } from '../../src/server/seed/bootstrap';
import { seedScale } from '../../src/server/seed/scale';
import { rowsOf } from '../../src/server/db/sql';
import { diskStorage } from '../../src/server/storage';
import { runStatement } from '../../src/server/db/run-statement';
import { adminHeaders, BENCH_ADMIN, benchDatabaseUrl, createBenchDatabase, dropBenchDatabase } from './postgres';

interface BenchApp {
  app: FastifyInstance;
  database: Database;
  origin: string;
  headers: Record<string, string>;
  /** The PostgreSQL database's URL (undefined on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** Opens the app on a seeded database; undefined (said why) when no PostgreSQL answers. */
export async function openBenchApp(bench: string, engine: 'postgres' | 'pglite', cottages: number, keep = false): Promise<BenchApp | undefined> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `dacha-bench-${bench}-`));
  const dbName = keep ? `dacha_bench_${bench}_${cottages}` : `dacha_bench_${bench}_${process.pid}_${cottages}`;
  let database: Database;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    databaseUrl = keep && (await exists(dbName)) ? benchDatabaseUrl(dbName) : await createBenchDatabase(bench, dbName);
    if (!databaseUrl) return undefined;
    database = openPostgres(databaseUrl);
  } else {
    // As the server opens it (its buffer cache's size included: a bench that measures memory measures the server's).
    database = await openDatabase({ dataDir });
  }
  const storage = diskStorage(dataDir);
  await database.migrate();
  const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from cottage`));
  if (n < cottages) {
    await bootstrap(database.db, BENCH_ADMIN);
    await seedScale(database.db, storage, { cottages, batch: 10_000 });
    if (engine === 'postgres') await database.db.execute(sql`vacuum analyze`);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    JWT_SECRET: 'bench-access-secret-0123456789-abcdef',
    JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789-abcdef',
    ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
    LOG_LEVEL: 'silent',
    // A bench of many minutes on a loaded machine must not see its token expire midway (406).
    ACCESS_TOKEN_TTL: '4h',
  });
  const app = await buildApp(config, { database, storage });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    origin,
    databaseUrl,
    headers: await adminHeaders(origin),
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      if (engine === 'postgres' && !keep) await dropBenchDatabase(dbName);
    },
  };
}

async function exists(name: string): Promise<boolean> {
  try {
    await runStatement(benchDatabaseUrl(name), 'select 1 from cottage limit 1');
    return true;
  } catch {
    return false;
  }
}
