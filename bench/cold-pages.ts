/**
 * The cold cottage page (issue 27): 200 distinct pages in turn — 40 offsets × 5 sorts (newest, oldest, price both
 * ways, name) — with no kept answer, as after a commit, by 10 keep-alive connections, at each size of `--cottages`.
 * Beside it, in the same run: a bare Fastify replaying a page's body (the wire's ceiling) and, on PostgreSQL, the same
 * pages' statements replayed by pgbench at the same concurrency (PostgreSQL's ceiling, bench/lib/pg-alone.ts). Prints
 * req/s, p50/p99, % of bare, the ratio to PostgreSQL alone and the largest size against the smallest (the sizes
 * loaded in turn, twice, each size's better run kept), each beside its goal (≥ 10 % of bare on PostgreSQL, ≥ 5 % on
 * PGlite; p99 < 50 ms on PostgreSQL; largest vs smallest ≤ 1.2×). Exits 0 either way.
 *
 *   npx tsx bench/cold-pages.ts [--engine postgres|pglite] [--cottages 1000,100000] [--seconds 5] [--no-bare] [--keep]
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import type pg from 'pg';
import { KeptAnswers } from '../src/server/cache/kept-answers';
import { openBenchApp } from './lib/bench-app';
import { runLoad, type LoadResult } from './lib/load';
import { captured, pgAlone, type PgAloneResult, type Statement } from './lib/pg-alone';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    cottages: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    // For a CPU profile of our server alone (`node --cpu-prof`): neither the bare server nor pgbench is loaded.
    'no-bare': { type: 'boolean', default: false },
    // PostgreSQL: keep the seeded databases (named by size) for the next run.
    keep: { type: 'boolean', default: false },
  },
});
const ENGINE = args.engine === 'pglite' ? 'pglite' : 'postgres';
const SIZES = (args.cottages ?? (ENGINE === 'postgres' ? '1000,100000' : '10000')).split(',').map(Number);
const SECONDS = Number(args.seconds);
const CONNECTIONS = 10;
const GOAL_BARE = ENGINE === 'postgres' ? 0.1 : 0.05;
const GOAL_P99 = 50;
const GOAL_FLAT = 1.2;
/** Each size is loaded this many times, in turn with the others; its best run is kept. */
const ROUNDS = 2;

const SORTS: [string, string][] = [
  ['createdAt', 'DESC'],
  ['createdAt', 'ASC'],
  ['price', 'ASC'],
  ['price', 'DESC'],
  ['name', 'ASC'],
];
const enc = encodeURIComponent;
const PATHS = SORTS.flatMap((sort) =>
  Array.from({ length: 40 }, (_, i) => `/api/v1/cottage?range=${enc(`[${i * 25},${i * 25 + 24}]`)}&sort=${enc(JSON.stringify(sort))}`),
);

const fmt = (r: { perSecond: number; p50: number; p99: number }) =>
  `${r.perSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'missed');

interface Figures {
  cottages: number;
  cold: LoadResult;
  bare?: LoadResult;
  alone?: PgAloneResult | string;
}

/** One size's app, its pages visited once in turn (their statements captured on PostgreSQL), ready to be loaded. */
async function prepare(cottages: number) {
  const bench = await openBenchApp('cold', ENGINE, cottages, args.keep);
  if (!bench) return undefined;
  const { app, origin, headers, database } = bench;
  app.caches.listPages = new KeptAnswers(0);
  const calls: Statement[][] = [];
  let body = '';
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  for (const path of PATHS) {
    const fetchOne = async () => {
      const res = await fetch(`${origin}${path}`, { headers });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
      body ||= text;
    };
    if (ENGINE === 'postgres') calls.push(await captured(pool, fetchOne));
    else await fetchOne();
  }
  const load = (seconds: number) => runLoad({ url: origin, paths: PATHS, headers, connections: CONNECTIONS, seconds });
  await load(1); // warm-up: the first seconds of a process run slower (V8 compiling, connections opening)
  return { cottages, bench, calls, body, load };
}

/** The wire's ceiling (a bare Fastify replaying a page) and PostgreSQL's (pgbench replaying the captured statements). */
async function ceilings(body: string, databaseUrl: string | undefined, calls: Statement[][]) {
  const bare = Fastify();
  bare.get('/*', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
  try {
    const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareLoad = await runLoad({ url: bareOrigin, paths: PATHS, connections: CONNECTIONS, seconds: SECONDS });
    const alone = databaseUrl ? await pgAlone(databaseUrl, calls, CONNECTIONS, SECONDS) : undefined;
    return { bare: bareLoad, alone };
  } finally {
    await bare.close();
  }
}

/**
 * Every size's server opened first, then loaded in turn, twice (1 000, 100 000, then 100 000, 1 000: the machine's
 * other load falls on both alike), keeping each size's better run; then the ceilings.
 */
async function measureAll(): Promise<Figures[] | undefined> {
  const prepared: NonNullable<Awaited<ReturnType<typeof prepare>>>[] = [];
  try {
    for (const size of SIZES) {
      const one = await prepare(size);
      if (!one) return undefined;
      prepared.push(one);
    }
    const best = new Map<number, LoadResult>();
    for (let round = 0; round < ROUNDS; round++) {
      // The order turns each round: the first server loaded ran slower in a first try, whichever its size.
      for (const { cottages, load } of round % 2 ? [...prepared].reverse() : prepared) {
        const run = await load(SECONDS);
        const kept = best.get(cottages);
        if (!kept || run.perSecond > kept.perSecond) best.set(cottages, run);
      }
    }
    const figures: Figures[] = [];
    for (const { cottages, body, bench, calls } of prepared) {
      const cold = best.get(cottages)!;
      figures.push(args['no-bare'] ? { cottages, cold } : { cottages, cold, ...(await ceilings(body, bench.databaseUrl, calls)) });
    }
    return figures;
  } finally {
    for (const { bench } of prepared) await bench.close();
  }
}

console.log(`cold pages: ${ENGINE}, cottage page of 25, 200 distinct pages in turn (40 offsets × 5 sorts), no kept answer, ${CONNECTIONS} connections × ${SECONDS} s`);
const results = await measureAll();
if (!results) process.exit(0);
for (const { cottages, cold, bare, alone } of results) {
  console.log(`  ${cottages} cottages`);
  const p99 = ENGINE === 'postgres' ? `  p99 < ${GOAL_P99} ms: ${verdict(cold.p99 < GOAL_P99)}` : '';
  console.log(`    cold ${fmt(cold)}${cold.failures ? `  ${cold.failures} failed` : ''}${p99}`);
  if (bare) {
    const share = cold.perSecond / bare.perSecond;
    console.log(`    bare ${fmt(bare)}  cold is ${(share * 100).toFixed(1)} % of bare, goal ≥ ${GOAL_BARE * 100} %: ${verdict(share >= GOAL_BARE)}`);
  }
  if (typeof alone === 'string') console.log(`    PostgreSQL alone: ${alone}`);
  else if (alone) {
    console.log(`    PostgreSQL alone (pgbench, the same statements, prepared) ${fmt(alone)}  cold is ${((cold.perSecond / alone.perSecond) * 100).toFixed(1)} % of it`);
  }
}
if (results.length > 1) {
  const bySize = [...results].sort((a, b) => a.cottages - b.cottages);
  const [small, large] = [bySize[0], bySize[bySize.length - 1]];
  const ratio = small.cold.perSecond / large.cold.perSecond;
  console.log(`  ${large.cottages} vs ${small.cottages} cottages: ${ratio.toFixed(2)}× the time per page (req/s ${small.cold.perSecond.toFixed(0)} → ${large.cold.perSecond.toFixed(0)}), goal ≤ ${GOAL_FLAT}×: ${verdict(ratio <= GOAL_FLAT)}`);
}
