/**
 * Start and memory, as `npm start` runs the server (the compiled `dist/server/main.mjs`, built first when stale), on
 * an existing database of `--cottages` cottages: the time from the process's spawn to its first answer, the median
 * of `--runs` starts, for PostgreSQL with one process and with `WORKERS` at its default (the cores), and for the
 * embedded PGlite. After the last start of each, 10 connections load the cottage page for `--seconds`, and the RSS
 * of every server process is read from /proc. Prints the figures beside the performance issue's goals (start ≤ 1.5 s
 * on PostgreSQL and ≤ 2.5 s on PGlite; RSS after the load ≤ 150 MB and ≤ 300 MB per process); exits 0 either way.
 *
 *   npx tsx bench/start.ts [--engine postgres|pglite|both] [--cottages 1000] [--runs 3] [--seconds 10]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer, serverIsStale } from '../scripts/build.mjs';
import { openPostgres } from '../src/server/db/open';
import { bootstrap } from '../src/server/seed/bootstrap';
import { seedScale } from '../src/server/seed/scale';
import { diskStorage } from '../src/server/storage';
import { freePort } from '../e2e/harness/server';
import { runLoad } from './lib/load';
import { rssOf } from './lib/stream-bench';
import { adminHeaders, BENCH_ADMIN, createBenchDatabase, dropBenchDatabase } from './lib/postgres';

const { values: args } = parseArgs({
  options: { engine: { type: 'string', default: 'both' }, cottages: { type: 'string', default: '1000' }, runs: { type: 'string', default: '3' }, seconds: { type: 'string', default: '10' } },
});
const COTTAGES = Number(args.cottages);
const RUNS = Number(args.runs);
const SECONDS = Number(args.seconds);
const ROOT = path.resolve(import.meta.dirname, '..');
const MAIN = path.join(ROOT, 'dist', 'server', 'main.mjs');
const PAGE = `/api/v1/cottage?range=${encodeURIComponent('[0,24]')}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rssMb = (pid: number) => rssOf(pid) / 1024 / 1024;
/** The server's processes: the one spawned and, with workers, its children. */
function processTree(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...children.flatMap(processTree)];
}


/** Spawns the compiled server and answers it once `GET /api/v1/config` answers, with the milliseconds that took. */
async function start(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string; ms: number }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env } });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${origin}/api/v1/config`).then((r) => r.ok, () => false);
    if (up) return { child, origin, ms: performance.now() - began };
    await new Promise((r) => setTimeout(r, 10));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  return exited;
}

interface Figures {
  label: string;
  startMs: number[];
  rssMb: number[];
  perSecond: number;
  startGoalMs: number;
  rssGoalMb: number;
}

async function measure(label: string, env: Record<string, string>, startGoalMs: number, rssGoalMb: number): Promise<Figures> {
  const startMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await start(env);
    startMs.push(server.ms);
    if (i < RUNS - 1) {
      await stop(server.child);
      continue;
    }
    try {
      const load = await runLoad({ url: `${server.origin}${PAGE}`, headers: await adminHeaders(server.origin), connections: 10, seconds: SECONDS });
      if (load.failures) console.log(`  ${label}: ${load.failures} answers other than 200 under load`);
      const rss = processTree(server.child.pid!).map(rssMb);
      return { label, startMs, rssMb: rss, perSecond: load.perSecond, startGoalMs, rssGoalMb };
    } finally {
      await stop(server.child);
    }
  }
  throw new Error('no runs');
}

if (serverIsStale()) await buildServer();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-bench-start-'));
const common = { JWT_SECRET: 'bench-access-secret-0123456789-abcdef', JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789-abcdef', ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'), DATA_DIR: dataDir };
const dbName = `dacha_bench_start_${process.pid}`;
const results: Figures[] = [];
try {
  const url = args.engine === 'pglite' ? undefined : await createBenchDatabase('start', dbName);
  if (url) {
    const database = openPostgres(url);
    await database.migrate();
    await bootstrap(database.db, BENCH_ADMIN);
    await seedScale(database.db, diskStorage(dataDir), { cottages: COTTAGES, batch: 10_000 });
    await database.close();
    results.push(await measure('PostgreSQL, WORKERS=1', { ...common, DATABASE_URL: url, WORKERS: '1' }, 1500, 150));
    results.push(await measure(`PostgreSQL, WORKERS=${os.availableParallelism()} (default)`, { ...common, DATABASE_URL: url }, 1500, 150));
  }
  if (args.engine !== 'postgres') {
    const pgliteDir = path.join(dataDir, 'pglite');
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/seed/scale-cli.ts', '--cottages', String(COTTAGES)], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATA_DIR: pgliteDir, DATABASE_URL: '', ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, DEMO_DATA: 'off' },
    });
    if (seeded.status !== 0) throw new Error('seeding the embedded database failed');
    results.push(await measure('PGlite', { ...common, DATA_DIR: pgliteDir, DATABASE_URL: '' }, 2500, 300));
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(dbName).catch(() => {});
}

console.log(`\nstart and memory: ${COTTAGES} cottages, ${RUNS} starts each, then 10 connections on the cottage page for ${SECONDS} s (load average ${os.loadavg()[0].toFixed(1)})`);
for (const r of results) {
  const startMs = median(r.startMs);
  const peak = Math.max(...r.rssMb);
  console.log(
    `  ${r.label.padEnd(30)} start ${startMs.toFixed(0).padStart(5)} ms (${r.startMs.map((ms) => ms.toFixed(0)).join(', ')}), goal ≤ ${r.startGoalMs}: ${startMs <= r.startGoalMs ? 'ok' : '✗ missed'}` +
      ` · ${r.perSecond.toFixed(0)} req/s · RSS ${r.rssMb.map((mb) => mb.toFixed(0)).join(' + ')} MB, largest ≤ ${r.rssGoalMb}: ${peak <= r.rssGoalMb ? 'ok' : '✗ missed'}`,
  );
}
