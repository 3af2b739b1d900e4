/**
 * Throughput of the admin's list calls against a bare Fastify replaying the very same response body, in one run:
 * the real app listening on a port (PostgreSQL by default, `--engine pglite` for the embedded one), `--cottages`
 * cottages from the scale seeder, then for each call 10 keep-alive connections for `--seconds` against ours and
 * against the bare server. Prints requests per second, p50/p99 and the ratio ours / bare beside the goals of the
 * performance issue (cottage page ≥ 10 % on PostgreSQL and ≥ 5 % on PGlite, region list ≥ 10 %, p99 < 50 ms), and
 * the server's RSS after the load. Each list call is loaded twice: as the server runs (a repeated call is answered from
 * the list answers kept until the next write, plugins/changes.ts) and with that cache off, every request building its
 * page in the database as after a write (the cold figure). Exits 0 either way (goals are reported, the figures vary
 * with the machine's load).
 *
 *   npx tsx bench/throughput.ts [--engine postgres|pglite] [--cottages 1000] [--seconds 5] [--no-bare]
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { KeptAnswers } from '../src/server/cache/kept-answers';
import { openBenchApp } from './lib/bench-app';
import { runLoad, type LoadResult } from './lib/load';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    cottages: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '5' },
    // For a CPU profile of our server alone (`node --cpu-prof`): the bare server is not loaded.
    'no-bare': { type: 'boolean', default: false },
  },
});
const ENGINE = args.engine === 'pglite' ? 'pglite' : 'postgres';
const COTTAGES = Number(args.cottages);
const SECONDS = Number(args.seconds);
const CONNECTIONS = 10;
const fmt = (r: LoadResult) => `${r.perSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms`;

const bench = await openBenchApp('throughput', ENGINE, COTTAGES);
if (!bench) process.exit(0);
const { app, origin, headers } = bench;
try {
  const bare = Fastify();
  let replay = { body: '', type: 'application/json' };
  bare.get('/*', (_req, reply) => reply.type(replay.type).send(replay.body));
  try {
    const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });
    const page = (filter: object, sort: [string, string]) =>
      `/api/v1/cottage?range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent(JSON.stringify(sort))}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const calls = [
      { name: 'cottage page of 25', path: page({}, ['createdAt', 'DESC']), goal: ENGINE === 'postgres' ? 0.1 : 0.05 },
      { name: 'filtered + sorted by price', path: page({ cottageStatus: 'confirmed', price_gte: 100 }, ['price', 'ASC']), goal: undefined },
      { name: 'region list', path: '/api/v1/region', goal: ENGINE === 'postgres' ? 0.1 : undefined },
    ];
    console.log(`throughput: ${ENGINE}, ${COTTAGES} cottages, ${CONNECTIONS} connections × ${SECONDS} s per call`);
    for (const call of calls) {
      const first = await fetch(`${origin}${call.path}`, { headers });
      replay = { body: await first.text(), type: first.headers.get('content-type') ?? 'application/json' };
      if (first.status !== 200) throw new Error(`${call.path}: ${first.status} ${replay.body}`);
      const kept = app.caches.listPages;
      const ours = await runLoad({ url: `${origin}${call.path}`, headers, connections: CONNECTIONS, seconds: SECONDS });
      app.caches.listPages = new KeptAnswers(0);
      const cold = await runLoad({ url: `${origin}${call.path}`, headers, connections: CONNECTIONS, seconds: SECONDS });
      app.caches.listPages = kept;
      const them = args['no-bare'] ? ours : await runLoad({ url: `${bareOrigin}${call.path}`, connections: CONNECTIONS, seconds: SECONDS });
      const ratio = ours.perSecond / them.perSecond;
      const goal = call.goal === undefined ? '' : `  goal ≥ ${(call.goal * 100).toFixed(0)} %: ${ratio >= call.goal ? 'met' : 'missed'}`;
      const failed = (r: LoadResult) => (r.failures ? `  ${r.failures} failed` : '');
      console.log(`  ${call.name} (${(replay.body.length / 1024).toFixed(1)} kB)`);
      console.log(`    ours ${fmt(ours)}${failed(ours)}`);
      console.log(`    cold ${fmt(cold)}${failed(cold)}  (${((cold.perSecond / them.perSecond) * 100).toFixed(1)} % of bare: no kept answer, as after a write to a table the list reads)`);
      console.log(`    bare ${fmt(them)}`);
      console.log(`    ratio ${(ratio * 100).toFixed(1)} %${goal}${ENGINE === 'postgres' && call.goal ? `, p99 < 50 ms: ${ours.p99 < 50 ? 'met' : 'missed'}` : ''}`);
    }
    console.log(`  server RSS after the load: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB (this process also holds the bare server)`);
  } finally {
    await bare.close();
  }
} finally {
  await bench.close();
}
