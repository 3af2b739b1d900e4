/**
 * The change stream (issue #25): how many streams one process holds, the memory per open stream, and the latency
 * from a commit to the stream's reader, on PGlite and on PostgreSQL (skipped, said why, when none answers).
 *
 *   npx tsx bench/events.ts [--engine both|pglite|postgres] [--streams 1000] [--events 30]
 *
 * Readers are raw HTTP connections in the same process as the server, so the memory per stream counts both ends
 * (an upper bound for the server's share). Latency: `publishChange` on its own statement (it commits at once) to the
 * moment each reader has the frame; p50/p99 over every reader of every event.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { openBenchApp } from './lib/bench-app';
import { publishChange } from '../src/server/repos/events';

const { values: args } = parseArgs({
  options: { engine: { type: 'string', default: 'both' }, streams: { type: 'string', default: '1000' }, events: { type: 'string', default: '30' } },
});
const STREAMS = Number(args.streams);
const EVENTS = Number(args.events);
const engines = args.engine === 'both' ? (['pglite', 'postgres'] as const) : ([args.engine === 'pglite' ? 'pglite' : 'postgres'] as const);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

function settle() {
  (globalThis as { gc?: () => void }).gc?.();
  return new Promise((resolve) => setTimeout(resolve, 300));
}

for (const engine of engines) {
  const bench = await openBenchApp('events', engine, 10);
  if (!bench) {
    console.log(`${engine}: skipped (no PostgreSQL answers; set the bench's database URL, bench/lib/postgres.ts)`);
    continue;
  }
  try {
    bench.app.config.eventStreamsMax = STREAMS + 10;
    const { origin, headers } = bench;
    await settle();
    const before = process.memoryUsage();
    const waiting = new Map<number, (at: number) => void>();
    const sockets: http.ClientRequest[] = [];
    const url = new URL('/api/v1/events', origin);
    const opened = Date.now();
    await Promise.all(
      Array.from(
        { length: STREAMS },
        () =>
          new Promise<void>((resolve, reject) => {
            const req = http.get(url, { headers: { authorization: headers.authorization }, agent: false }, (res) => {
              if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => {
                if (chunk.includes('event: ready')) resolve();
                const match = /data: .*"ids":\["bench-(\d+)"\]/.exec(chunk);
                if (match) waiting.get(Number(match[1]))?.(performance.now());
              });
            });
            req.on('error', reject);
            sockets.push(req);
          }),
      ),
    );
    const openMs = Date.now() - opened;
    await settle();
    const after = process.memoryUsage();
    console.log(`${engine}: ${bench.app.liveEvents.open} streams open in one process (${openMs} ms to open)`);
    console.log(`  memory per open stream (both ends): heap ${((after.heapUsed - before.heapUsed) / STREAMS / 1024).toFixed(1)} kB, RSS ${((after.rss - before.rss) / STREAMS / 1024).toFixed(1)} kB (RSS ${mb(before.rss)} → ${mb(after.rss)} MB)`);

    const latencies: number[] = [];
    for (let n = 0; n < EVENTS; n++) {
      let left = STREAMS;
      const done = new Promise<void>((resolve) => {
        waiting.set(n, (at) => {
          latencies.push(at - started);
          if (--left === 0) resolve();
        });
      });
      const started = performance.now();
      await publishChange(bench.database.db, { resource: 'cottage', ids: [`bench-${n}`], action: 'edit' });
      await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error(`event ${n}: ${left} readers had nothing after 5 s`)), 5000))]);
      waiting.delete(n);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `  commit → reader (${EVENTS} events × ${STREAMS} readers): p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms`,
    );
    for (const req of sockets) req.destroy();
  } finally {
    await bench.close();
  }
}
