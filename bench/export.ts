/**
 * The CSV export of a big list on PostgreSQL: the real server (`src/server/main.ts`, its own process) on 100 000
 * cottages from the scale seeder, `GET /api/v1/cottage/export` read to the end. Prints the time to the last byte and
 * the server process's RSS growth while it streams (read from /proc, so the client's own memory is not counted),
 * beside the goals (under 10 s, under 50 MB), and the same bytes streamed by a bare Node server in the same run as
 * the baseline. Exits 1 when a goal is missed. Needs a PostgreSQL (BENCH_DATABASE_URL, default the local one); it
 * creates its own database and drops it.
 *
 *   npx tsx bench/export.ts [--cottages 100000]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer } from '../e2e/harness/server';
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

const reuse = process.env.BENCH_EXPORT_DB;
const name = reuse ?? `dacha_bench_export_${process.pid}`;
const url = new URL(base);
url.pathname = `/${name}`;
if (!reuse) await admin(`create database ${name}`);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-bench-export-'));
let exitCode = 0;
try {
  const database = openPostgres(url.toString());
  if (!reuse) {
    await database.migrate();
    await bootstrap(database.db, ADMIN);
    const seeded = performance.now();
    await seedScale(database.db, diskStorage(dataDir), { cottages: COTTAGES, batch: 10_000 });
    console.log(`export: seeded ${COTTAGES} cottages in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  }

  await database.close();

  const server = await startServer(
    {
      DATABASE_URL: url.toString(),
      JWT_SECRET: 'bench-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789',
      ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
      LOG_LEVEL: 'warn',
    },
    { dataDir },
  );
  try {
    const origin = server.baseUrl;
    const login = await fetch(`${origin}/api/v1/auth/login/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, userAgent: 'bench' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'accept-language': 'ru' };
    const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

    /** Reads a response to its end, sampling the process `pid`'s RSS every 10 ms meanwhile; keeps the body. */
    async function read(target: string, pid: number) {
      const before = rssOf(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
      const started = performance.now();
      const res = await fetch(target, { headers });
      if (res.status !== 200) throw new Error(`${target}: ${res.status} ${await res.text()}`);
      const chunks: Buffer[] = [];
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      return { seconds, body: Buffer.concat(chunks), growth: mb(peak - before) };
    }

    // The scale seeder puts the demo catalogue (and its cottages) first: the list's own total is the expectation.
    const page = await fetch(`${origin}/api/v1/cottage?range=${encodeURIComponent('[0,0]')}`, { headers });
    const expected = Number(page.headers.get('x-total-count'));
    const csv = await read(`${origin}/api/v1/cottage/export`, server.pid);
    let rows = -1;
    for (const b of csv.body) if (b === 10) rows += 1;
    if (rows !== expected) {
      console.log(`  ✗ the export holds ${rows} rows, the list ${expected}`);
      exitCode = 1;
    }

    // The baseline: the same bytes streamed in 16 kB writes by a bare Node server, read the same way.
    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      let offset = 0;
      const pump = () => {
        while (offset < csv.body.length) {
          const more = res.write(csv.body.subarray(offset, (offset += 16 * 1024)));
          if (!more) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    const replay = await read(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, process.pid);
    await new Promise((r) => bare.close(r));

    const verdict = (ok: boolean) => (ok ? 'ok' : ((exitCode = 1), '✗ missed'));
    console.log(`export: ${COTTAGES} cottages (${rows} rows) on PostgreSQL, one run`);
    console.log(`  ${'call'.padEnd(36)} ${'seconds'.padStart(8)} ${'MB sent'.padStart(8)} ${'RSS growth MB'.padStart(14)}  goal`);
    console.log(
      `  ${'CSV export (every row)'.padEnd(36)} ${csv.seconds.toFixed(2).padStart(8)} ${mb(csv.body.length).toFixed(1).padStart(8)} ${csv.growth.toFixed(1).padStart(14)}  ` +
        `< ${GOAL_SECONDS} s: ${verdict(csv.seconds < GOAL_SECONDS)}, < ${GOAL_GROWTH_MB} MB: ${verdict(csv.growth < GOAL_GROWTH_MB)}`,
    );
    console.log(`  ${'bare Node replaying the same bytes'.padEnd(36)} ${replay.seconds.toFixed(2).padStart(8)} ${mb(replay.body.length).toFixed(1).padStart(8)} ${'-'.padStart(14)}  baseline`);
    console.log(`  ratio export / bare replay time: ${(csv.seconds / replay.seconds).toFixed(1)}×`);
  } finally {
    await server.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
  if (!reuse) await admin(`drop database if exists ${name} with (force)`);
}
process.exit(exitCode);
