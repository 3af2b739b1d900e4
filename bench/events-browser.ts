/**
 * The change stream's latency from a commit to a real browser (issue #25), on PGlite and on PostgreSQL (skipped, said
 * why, when none answers). Chromium pages on the app's origin each read `GET /api/v1/events` as the panel does
 * (providers/liveEvents.ts: a streaming `fetch` with the bearer header) and note when each change's bytes reached the
 * page's script; Node publishes the events and compares. One raw Node reader (as bench/events.ts) runs beside them.
 *
 *   npx tsx bench/events-browser.ts [--engine both|pglite|postgres] [--events 200] [--readers 5]
 *
 * Times are epoch ms on the machine's one clock (`performance.timeOrigin + performance.now()` on both sides; the
 * page-minus-Node offset is measured and printed, not corrected). Latency is counted from the moment `publishChange`
 * resolved — its second statement, the NOTIFY, has committed then — so it leaves out the insert and the commit itself;
 * the call's own duration is printed apart.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { openBenchApp } from './lib/bench-app';
import { publishChange } from '../src/server/repos/events';

const { values: args } = parseArgs({
  options: { engine: { type: 'string', default: 'both' }, events: { type: 'string', default: '200' }, readers: { type: 'string', default: '5' } },
});
const EVENTS = Number(args.events);
const READERS = Number(args.readers);
const engines = args.engine === 'both' ? (['pglite', 'postgres'] as const) : ([args.engine === 'pglite' ? 'pglite' : 'postgres'] as const);

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const row = (label: string, readers: number, xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(1).padStart(7);
  return `  ${label.padEnd(24)} ${String(EVENTS).padStart(6)} ${String(readers).padStart(7)} ${f(pct(s, 50))} ${f(pct(s, 99))} ${f(s[s.length - 1])}`;
};

/** In the page: opens the stream, resolves at `event: ready`, then keeps noting each change's arrival under its ids. */
function readInPage(authorization: string): Promise<void> {
  const w = globalThis as unknown as { received: Record<string, number> };
  w.received = {};
  return new Promise((resolve, reject) => {
    void (async () => {
      const res = await fetch('/api/v1/events', { headers: { authorization, accept: 'text/event-stream' }, cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        const at = performance.timeOrigin + performance.now();
        if (done) throw new Error('events: the stream ended');
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (/^event: ready$/m.test(block)) resolve();
          const data = /^data: (.*)$/m.exec(block);
          if (/^event: change$/m.test(block) && data) for (const id of (JSON.parse(data[1]) as { ids: string[] }).ids) w.received[id] = at;
        }
      }
    })().catch(reject);
  });
}

/** Page clock minus Node clock, from the fastest of 50 round trips (± half that round trip). */
async function clockOffset(page: Page): Promise<{ offset: number; rtt: number }> {
  let best = { offset: 0, rtt: Infinity };
  for (let i = 0; i < 50; i++) {
    const sent = now();
    const there = await page.evaluate(() => performance.timeOrigin + performance.now());
    const back = now();
    if (back - sent < best.rtt) best = { offset: there - (sent + back) / 2, rtt: back - sent };
  }
  return best;
}

/** A raw HTTP reader in this process, as bench/events.ts has them: resolves once the stream is ready. */
function nodeReader(origin: string, authorization: string, received: Map<string, number>): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL('/api/v1/events', origin), { headers: { authorization }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = now();
        if (chunk.includes('event: ready')) resolve(req);
        for (const match of chunk.matchAll(/"ids":\["(bench-\d+)"\]/g)) received.set(match[1], at);
      });
    });
    req.on('error', reject);
  });
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
try {
  for (const engine of engines) {
    const bench = await openBenchApp('events_browser', engine, 10);
    if (!bench) {
      console.log(`${engine}: skipped (no PostgreSQL answers; set the bench's database URL, bench/lib/postgres.ts)`);
      continue;
    }
    // A browser context per reader: each has its own connection pool, as separate panels would.
    const contexts = await Promise.all(Array.from({ length: READERS }, () => browser.newContext()));
    try {
      const { origin, headers } = bench;
      const pages: Page[] = [];
      for (const context of contexts) {
        const page = await context.newPage();
        await page.goto(`${origin}/api/v1/health`);
        await page.evaluate(readInPage, headers.authorization);
        pages.push(page);
      }
      const nodeReceived = new Map<string, number>();
      const nodeReq = await nodeReader(origin, headers.authorization, nodeReceived);
      const clocks = await Promise.all(pages.map(clockOffset));

      const committed = new Map<string, number>();
      const calls: number[] = [];
      for (let n = 0; n < EVENTS; n++) {
        const id = `bench-${n}`;
        const called = now();
        await publishChange(bench.database.db, { resource: 'cottage', ids: [id], action: 'edit' });
        const done = now();
        committed.set(id, done);
        calls.push(done - called);
        await sleep(20 + Math.random() * 30);
      }

      // Every reader should have every event; give stragglers 5 s, then count what is missing.
      const deadline = Date.now() + 5000;
      let received: Record<string, number>[] = [];
      do {
        received = await Promise.all(pages.map((page) => page.evaluate(() => (globalThis as unknown as { received: Record<string, number> }).received)));
        if (received.every((r) => Object.keys(r).length >= EVENTS) && nodeReceived.size >= EVENTS) break;
        await sleep(100);
      } while (Date.now() < deadline);
      nodeReq.destroy();

      const browserMs: number[] = [];
      let missing = 0;
      for (const [id, at] of committed) {
        for (const r of received) {
          if (r[id] === undefined) missing++;
          else browserMs.push(r[id] - at);
        }
      }
      const nodeMs = [...committed].flatMap(([id, at]) => (nodeReceived.has(id) ? [nodeReceived.get(id)! - at] : []));
      const worstClock = clocks.reduce((a, b) => (Math.abs(b.offset) > Math.abs(a.offset) ? b : a));
      console.log(`${engine}: commit → reader, ${EVENTS} events spaced 20–50 ms (ms, from publishChange resolved)`);
      console.log(`  ${'reader'.padEnd(24)} ${'events'.padStart(6)} ${'readers'.padStart(7)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}`);
      console.log(row('Chromium, fetch stream', READERS, browserMs));
      console.log(row('Node, http.get', 1, nodeMs));
      console.log(row('publishChange call', 1, calls));
      console.log(`  page clock − Node clock: ${worstClock.offset.toFixed(2)} ms at worst (± ${(worstClock.rtt / 2).toFixed(2)} ms)`);
      if (missing || nodeMs.length < EVENTS) throw new Error(`${engine}: ${missing} browser and ${EVENTS - nodeMs.length} Node deliveries never arrived`);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
      await bench.close();
    }
  }
} finally {
  await browser.close();
}
