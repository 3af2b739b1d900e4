/**
 * Webhooks (issue #36): what the outbox adds to a write's latency, and deliveries per second to a local receiver, on
 * PGlite and on PostgreSQL (skipped, said why, when none answers).
 *
 *   npx tsx bench/webhooks.ts [--engine both|pglite|postgres] [--writes 100] [--messages 1000]
 *
 * The write is an edit of a rejection reason template through the API (`PATCH moderation-reason/edit/:id`), p50/p99
 * over `--writes` sequential edits: first with no endpoint (the plain write), then with one endpoint that wants every
 * event (the write also puts a message in the outbox, in its transaction). Deliveries: `--messages` messages put in
 * the outbox at once, timed until the receiver has had every one (one process's delivery loop, 16 at a time).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { openBenchApp } from './lib/bench-app';
import { enqueueWebhookMessages } from '../src/server/repos/webhooks';

const { values: args } = parseArgs({
  options: { engine: { type: 'string', default: 'both' }, writes: { type: 'string', default: '100' }, messages: { type: 'string', default: '1000' } },
});
const WRITES = Number(args.writes);
const MESSAGES = Number(args.messages);
const engines = args.engine === 'both' ? (['pglite', 'postgres'] as const) : ([args.engine === 'pglite' ? 'pglite' : 'postgres'] as const);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.end();
  });
});
let received = 0;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

for (const engine of engines) {
  const bench = await openBenchApp('webhooks', engine, 1);
  if (!bench) {
    console.log(`${engine}: skipped (no PostgreSQL answers; set the bench's database URL, bench/lib/postgres.ts)`);
    continue;
  }
  try {
    bench.app.config.webhookAllowPrivate = true;
    const { origin, headers } = bench;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${origin}/api/v1/${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ id: string }>;
    };
    const { id } = await call('POST', 'moderation-reason/add', { uz: 'uz', ru: 'ru', en: 'en' });
    let n = 0;
    const writes = async () => {
      const times: number[] = [];
      for (let i = 0; i < WRITES; i++) {
        const started = performance.now();
        await call('PATCH', `moderation-reason/edit/${id}`, { en: `text ${n++}` });
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b);
    };
    await writes(); // warm-up
    const plain = await writes();
    const endpoint = await call('POST', 'webhook/add', { url: receiverUrl, events: ['*'] });
    received = 0;
    const withHook = await writes();
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(
      `${engine}: a write, p50/p99 — plain ${ms(pct(plain, 50))}/${ms(pct(plain, 99))}; with one endpoint (outbox row in the transaction) ${ms(pct(withHook, 50))}/${ms(pct(withHook, 99))}; ×${(pct(withHook, 50) / pct(plain, 50)).toFixed(2)} at p50`,
    );
    // Let the writes' own messages arrive, then time a batch put in the outbox at once.
    const settle = Date.now();
    while (received < WRITES && Date.now() - settle < 30_000) await new Promise((r) => setTimeout(r, 20));
    received = 0;
    const started = performance.now();
    await enqueueWebhookMessages(
      bench.database.db,
      Array.from({ length: MESSAGES }, (_, i) => ({ messageId: `msg_bench_${Date.now()}_${i}`, endpointId: endpoint.id, eventType: 'bench.run', payload: { type: 'bench.run', i } })),
    );
    bench.app.webhooks.wake();
    while (received < MESSAGES && performance.now() - started < 120_000) await new Promise((r) => setTimeout(r, 5));
    const seconds = (performance.now() - started) / 1000;
    console.log(`${engine}: ${received}/${MESSAGES} deliveries in ${seconds.toFixed(2)} s — ${(received / seconds).toFixed(0)} deliveries/s to a local receiver (one process)`);
  } finally {
    await bench.close();
  }
}
server.close();
