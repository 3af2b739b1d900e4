/**
 * The CSV export of a big list on PostgreSQL: the real app listening on a port, 100 000 cottages from the scale
 * seeder, `GET /api/v1/cottage/export` read to the end. Prints the time to the last byte and the server's RSS growth
 * while it streams, beside the goals (under 10 s, under 50 MB), and the same list read as JSON without `range` in the
 * same run for comparison. Exits 1 when a goal is missed. Needs a PostgreSQL (BENCH_DATABASE_URL, default the local
 * one); it creates its own database and drops it.
 *
 *   npx tsx bench/export.ts [--cottages 100000]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPostgres } from '../src/server/db/client';
import { bootstrap } from '../src/server/db/seed/bootstrap';
import { seedScale } from '../src/server/db/seed/scale';
import { diskStorage } from '../src/server/storage';

const { values: args } = parseArgs({ options: { cottages: { type: 'string', default: '100000' } } });
const COTTAGES = Number(args.cottages);
const GOAL_SECONDS = 10;
const GOAL_GROWTH_MB = 50;
const ADMIN = { username: 'bench-admin', password: 'bench-password-1' };
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const mb = (bytes: number) => bytes / 1024 / 1024;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

try {
  await admin('select 1');
} catch (error) {
  console.log(`export: SKIPPED — no PostgreSQL at ${base} (${(error as Error).message})`);
  process.exit(0);
}

const name = `dacha_bench_export_${process.pid}`;
const url = new URL(base);
url.pathname = `/${name}`;
await admin(`create database ${name}`);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-bench-export-'));
let exitCode = 0;
try {
  const database = openPostgres(url.toString());
  await database.migrate();
  await bootstrap(database.db, ADMIN);
  const storage = diskStorage(dataDir);
  const seeded = performance.now();
  await seedScale(database.db, storage, { cottages: COTTAGES, batch: 10_000 });
  console.log(`export: seeded ${COTTAGES} cottages in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    JWT_SECRET: 'bench-access-secret-0123456789',
    JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789',
    ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { database, storage });
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${origin}/api/v1/auth/login/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, userAgent: 'bench' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'accept-language': 'ru' };

    /** Reads a response to its end, sampling this process's RSS (the server's) every 10 ms meanwhile. */
    async function read(pathAndQuery: string) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
      const started = performance.now();
      const res = await fetch(`${origin}${pathAndQuery}`, { headers });
      if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status} ${await res.text()}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines += 1;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      return { seconds, bytes, lines, growth: mb(peak - before), type: res.headers.get('content-type') };
    }

    // The scale seeder puts the demo catalogue (and its cottages) first: the list's own total is the expectation.
    const page = await fetch(`${origin}/api/v1/cottage?range=${encodeURIComponent('[0,0]')}`, { headers });
    const expected = Number(page.headers.get('x-total-count'));
    const csv = await read('/api/v1/cottage/export');
    const json = await read('/api/v1/cottage');
    const rows = csv.lines - 1;
    if (rows !== expected) {
      console.log(`  ✗ the export holds ${rows} rows, the list ${expected}`);
      exitCode = 1;
    }
    const verdict = (ok: boolean) => (ok ? 'ok' : ((exitCode = 1), '✗ missed'));
    console.log(`export: ${COTTAGES} cottages on PostgreSQL, one run`);
    console.log(`  ${'call'.padEnd(34)} ${'seconds'.padStart(8)} ${'MB sent'.padStart(8)} ${'RSS growth MB'.padStart(14)}  goal`);
    console.log(
      `  ${'CSV export (every row)'.padEnd(34)} ${csv.seconds.toFixed(2).padStart(8)} ${mb(csv.bytes).toFixed(1).padStart(8)} ${csv.growth.toFixed(1).padStart(14)}  ` +
        `< ${GOAL_SECONDS} s: ${verdict(csv.seconds < GOAL_SECONDS)}, < ${GOAL_GROWTH_MB} MB: ${verdict(csv.growth < GOAL_GROWTH_MB)}`,
    );
    console.log(
      `  ${'JSON list without range (compat)'.padEnd(34)} ${json.seconds.toFixed(2).padStart(8)} ${mb(json.bytes).toFixed(1).padStart(8)} ${json.growth.toFixed(1).padStart(14)}  not targeted here`,
    );
    console.log(`  ratio CSV / JSON time: ${(csv.seconds / json.seconds).toFixed(2)}×`);
  } finally {
    await app.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await admin(`drop database if exists ${name} with (force)`);
}
process.exit(exitCode);
