/**
 * The admin's list calls as the catalogue grows: the real app in-process (`inject`) on in-memory PGlites (or on
 * PostgreSQL, `--engine postgres`), one database at a baseline size and one the scale seeder grew, the two measured
 * side by side (call by call, taking turns), the median of warm runs of each call on each and the ratio between them. Page reads sort and page in SQL on indexes, so reading a
 * page of 25 at 20× the data must cost less than 2× the time on PGlite, and at 100× no more than 1.2× on PostgreSQL
 * (the performance issue's "flat with size"); exits 1 when a targeted call exceeds its target. The kept list answers
 * (plugins/changes.ts) are off here: every call is read from the database, as after a write, since what grows with the
 * data is the database's work.
 *
 *   npm run bench                                   (all benchmarks)
 *   npx tsx bench/list-scaling.ts --cottages 20000  (baseline 1 000 → 20 000 cottages)
 *   npx tsx bench/list-scaling.ts --engine postgres --cottages 100000
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { KeptAnswers } from '../src/server/cache/kept-answers';
import { loadConfig } from '../src/server/config';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/server/db/open';
import { type Database } from '../src/server/db/client';
import { openPglite, PGLITE_EXTENSIONS } from '../src/server/db/pglite';
import { bootstrap } from '../src/server/seed/bootstrap';
import { seedScale } from '../src/server/seed/scale';
import { diskStorage } from '../src/server/storage';
import { BENCH_ADMIN, createBenchDatabase, dropBenchDatabase } from './lib/postgres';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    cottages: { type: 'string' },
    baseline: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '21' },
  },
});
const ENGINE = args.engine === 'postgres' ? 'postgres' : 'pglite';
const LARGE = Number(args.cottages ?? (ENGINE === 'postgres' ? 100_000 : 20_000));
const BASELINE = Number(args.baseline);
const RUNS = Number(args.runs);
if (![LARGE, BASELINE, RUNS].every((n) => Number.isInteger(n) && n > 0) || LARGE <= BASELINE) {
  console.error('usage: tsx bench/list-scaling.ts [--cottages N] [--baseline B < N] [--runs R]');
  process.exit(2);
}
const WARMUP = 10;
/**
 * Measured at 1 000 → 20 000 on a busy 2-core machine: 0.76–1.26× for the targeted calls (the cottage page was 1.55×
 * before the page stopped counting with a window over every row). 2× leaves room for noise and still trips when a page
 * read turns linear again. The exact total (Content-Range) is still a count, linear but cheap next to the page.
 */
const TARGET_RATIO = ENGINE === 'postgres' ? 1.2 : 2;

const enc = encodeURIComponent;
interface Call {
  name: string;
  url: string;
  /** Why this call is not held to the target, shown in the table; absent means targeted. */
  notTargeted?: string;
}
const CALLS: Call[] = [
  { name: 'cottage page, newest first', url: `/api/v1/cottage?range=${enc('[0,24]')}&sort=${enc('["createdAt","DESC"]')}` },
  {
    name: 'cottage page, status filter',
    url: `/api/v1/cottage?range=${enc('[0,24]')}&sort=${enc('["createdAt","DESC"]')}&filter=${enc('{"cottageStatus":"progress"}')}`,
  },
  {
    name: 'cottage page, q search',
    url: `/api/v1/cottage?range=${enc('[0,24]')}&sort=${enc('["createdAt","DESC"]')}&filter=${enc('{"q":"number 1234"}')}`,
    // Read off the folded text's trigram indexes (bench/search.ts measures it), but the matches grow with the data
    // ("number 1234" also finds 12340…12349), and they are all sorted and counted.
    notTargeted: 'matches grow with the data',
  },
  {
    name: 'filtered + sorted by price',
    url: `/api/v1/cottage?range=${enc('[0,24]')}&sort=${enc('["price","ASC"]')}&filter=${enc('{"cottageStatus":"confirmed","price_gte":100}')}`,
  },
  { name: 'order page (admin)', url: `/api/v1/order/all/for/admin?range=${enc('[0,24]')}` },
  {
    name: 'stats',
    url: '/api/v1/stats',
    // Exact counts (the home tiles) read every row of the table or index: linear in the data by nature.
    notTargeted: 'exact count(*), linear',
  },
];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-bench-'));
const dbNames = ['base', 'large'].map((size) => `dacha_bench_scaling_${size}_${process.pid}`);
let exitCode = 0;

/** One catalogue size: its own database, app and admin session. */
interface Site {
  app: FastifyInstance;
  database: Database;
  storage: ReturnType<typeof diskStorage>;
  headers: Record<string, string>;
}

async function openSite(name: string): Promise<Site | undefined> {
  const databaseUrl = ENGINE === 'postgres' ? await createBenchDatabase('list-scaling', name) : undefined;
  if (ENGINE === 'postgres' && !databaseUrl) return undefined;
  const dir = path.join(dataDir, name);
  const config = loadConfig({
    DATA_DIR: dir,
    JWT_SECRET: 'bench-access-secret-0123456789-abcdef',
    JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789-abcdef',
    ADMIN_DIST_DIR: path.join(dir, 'no-admin'),
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = databaseUrl ? openPostgres(databaseUrl) : openPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }), 'bench');
  await database.migrate();
  await bootstrap(database.db, BENCH_ADMIN);
  const storage = diskStorage(dir);
  const app = await buildApp(config, { database, storage });
  // Every call read from the database (see the header).
  app.caches.listPages = new KeptAnswers(0);
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload: { ...BENCH_ADMIN, userAgent: 'bench' } });
  if (login.statusCode !== 201) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { app, database, storage, headers: { authorization: `Bearer ${login.json().accessToken}` } };
}

async function grow(site: Site, cottages: number) {
  const t = performance.now();
  await seedScale(site.database.db, site.storage, { cottages, batch: ENGINE === 'postgres' ? 10_000 : 5000 });
  // Fresh statistics, as autovacuum would gather on a database that grew this much over time.
  await site.database.db.execute(sql`analyze`);
  const seconds = (performance.now() - t) / 1000;
  return { cottages, seconds, rowsPerSecond: cottages / seconds };
}

/**
 * Median milliseconds of each call on each site over RUNS rounds, after WARMUP discarded rounds (JIT and PGlite's
 * WebAssembly warm up, caches fill, prepared statements settle on their plans). The two sizes take turns call by
 * call, the first of the pair alternating by round, so a slow moment of the machine hits both alike.
 */
async function measure(sites: Site[]): Promise<Map<string, number>[]> {
  const times = sites.map(() => new Map<string, number[]>(CALLS.map((c) => [c.name, []])));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const call of CALLS) {
      for (const i of round % 2 ? [1, 0] : [0, 1]) {
        const t = performance.now();
        const res = await sites[i].app.inject({ method: 'GET', url: call.url, headers: sites[i].headers });
        const ms = performance.now() - t;
        if (res.statusCode !== 200) throw new Error(`${call.url}: ${res.statusCode} ${res.body}`);
        if (round >= WARMUP) times[i].get(call.name)!.push(ms);
      }
    }
  }
  return times.map((site) => new Map([...site].map(([name, list]) => [name, median(list)])));
}

const sites: Site[] = [];
try {
  const rssStart = process.memoryUsage().rss;
  for (const name of dbNames) {
    const site = await openSite(name);
    if (!site) process.exit(0);
    sites.push(site);
  }
  const [baseSite, largeSite] = sites;
  const first = await grow(baseSite, BASELINE);
  await grow(largeSite, BASELINE);
  const second = await grow(largeSite, LARGE - BASELINE);
  const [base, large] = await measure(sites);
  const rssEnd = process.memoryUsage().rss;

  const factor = LARGE / BASELINE;
  console.log(`list-scaling: ${ENGINE}, ${BASELINE} vs ${LARGE} cottages (${factor.toFixed(0)}× the data) side by side, median of ${RUNS} warm runs`);
  console.log(`  target: a targeted page read costs less than ${TARGET_RATIO}× its baseline time`);
  console.log(`  ${'call'.padEnd(30)} ${'baseline ms'.padStart(12)} ${'large ms'.padStart(10)} ${'ratio'.padStart(7)}  verdict`);
  for (const call of CALLS) {
    const b = base.get(call.name)!;
    const l = large.get(call.name)!;
    const ratio = l / b;
    let verdict: string;
    if (call.notTargeted) verdict = `not targeted (${call.notTargeted})`;
    else if (ratio < TARGET_RATIO) verdict = 'ok';
    else {
      verdict = `✗ over ${TARGET_RATIO}×`;
      exitCode = 1;
    }
    console.log(`  ${call.name.padEnd(30)} ${b.toFixed(2).padStart(12)} ${l.toFixed(2).padStart(10)} ${`${ratio.toFixed(2)}×`.padStart(7)}  ${verdict}`);
  }
  for (const [label, s] of [['baseline, with the demo catalogue first', first], ['growth', second]] as const) {
    console.log(`  seeder (${label}): ${s.cottages} cottages in ${s.seconds.toFixed(1)} s = ${Math.round(s.rowsPerSecond)} cottages/s (each with 3 images, 3 comforts, 1 type; an order per 10)`);
  }
  console.log(`  RSS: ${mb(rssStart)} empty, ${mb(rssEnd)} with ${BASELINE} and ${LARGE} cottages${ENGINE === 'pglite' ? ' (both in-memory PGlites included)' : ''}`);
} finally {
  for (const site of sites) await site.app.close();
  await rm(dataDir, { recursive: true, force: true });
  if (ENGINE === 'postgres') for (const name of dbNames) await dropBenchDatabase(name);
}
process.exit(exitCode);
