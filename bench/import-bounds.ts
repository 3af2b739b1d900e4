/**
 * The import's bounds (issue #32), on the real app listening on a port, in-process (its RSS is the server's):
 *
 * - memory: the peak RSS growth while the server refuses hostile files (one row of 16 M separators, one 8 MB cell,
 *   a 17 MB file) and accepts a 10 000-row one; goal < 100 MB each;
 * - stall: while a 3 000-row dry run, then its apply, runs, `GET /health` and a list page are asked every 50 ms (from a
 *   worker thread, so that a transaction holding the server's thread is counted); the
 *   longest answer of each is printed beside the goal (1 s). On PGlite every request shares the one connection;
 * - the apply of 10 000 new places: its time, and the longest wait of the same concurrent requests.
 *
 *   npx tsx bench/import-bounds.ts [--engine pglite|postgres] [--rows 3000] [--apply-rows 10000] [--parts memory,dry,apply,big] [--timeline]
 *
 * `--timeline` prints where each import's time went beside the probes' slow answers (`lib/import-timeline.ts`).
 *
 * `--parts` runs only some of them (a loaded machine may not have the hour the whole takes).
 */
// V8 sized as the server's own process sizes it (`main.ts` imports this first): the bench measures the server's memory.
import '../src/server/v8-memory';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { openBenchApp } from './lib/bench-app';
import { startTimeline } from './lib/import-timeline';

const { values: args } = parseArgs({
  options: { engine: { type: 'string', default: 'pglite' }, rows: { type: 'string', default: '3000' }, 'apply-rows': { type: 'string', default: '10000' }, parts: { type: 'string', default: 'memory,dry,apply,big' }, timeline: { type: 'boolean', default: false } },
});
const engine = args.engine === 'postgres' ? 'postgres' : 'pglite';
const STALL_ROWS = Number(args.rows);
const APPLY_ROWS = Number(args['apply-rows']);
const MEMORY_GOAL_MB = 100;
const WAIT_GOAL_MS = 1000;
const parts = new Set(args.parts.split(','));

const bench = await openBenchApp('import_bounds', engine, 10);
if (!bench) process.exit(0);
const { origin, headers } = bench;
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
let failed = false;

const multipart = (csv: Buffer | string) => {
  const boundary = `----bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
/** POSTs the file with node:http: fetch gives up waiting for the answer's headers after 5 min (a 10 000-row import). */
const importOf = (route: string, csv: Buffer | string, dryRun: boolean) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { body, headers: sent } = multipart(csv);
    const req = request(`${origin}/api/v1/${route}/import${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', headers: { ...sent, 'content-length': String(body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });

/** PGlite's WebAssembly memory (the embedded database's heap and buffers; it grows and never shrinks), 0 on PostgreSQL. */
const wasmBytes = () => (engine === 'pglite' ? ((bench.database.db as unknown as { $client: { mod?: { HEAPU8?: Uint8Array } } }).$client.mod?.HEAPU8?.byteLength ?? 0) : 0);

/**
 * Runs `work` while sampling RSS every 10 ms: its time and peak RSS growth, with the parts of it that are the JS heap's
 * peak growth and the database's WebAssembly memory's (which part of the process grew).
 */
async function measured<T>(work: () => Promise<T>) {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  const heap0 = process.memoryUsage().heapUsed;
  const wasm0 = wasmBytes();
  let peak = rss0;
  let heapPeak = heap0;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  };
  const timer = setInterval(sample, 10);
  const start = performance.now();
  try {
    const result = await work();
    sample();
    return { result, seconds: (performance.now() - start) / 1000, growth: peak - rss0, heap: heapPeak - heap0, wasm: wasmBytes() - wasm0 };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The probes' loop, in a worker thread of its own: PGlite runs in the server's thread and a transaction's statements
 * resolve as microtasks, so that thread's timers do not fire until the transaction ends. Probes timed from the server's
 * own thread slept through it (a 9 s apply measured as a 0.9 s wait); an administrator's browser does not.
 */
const PROBE_LOOP = `
const { parentPort, workerData } = require('node:worker_threads');
const { origin, urls, headers } = workerData;
let running = true;
const longest = urls.map(() => 0);
const counts = urls.map(() => 0);
// Answers slower than 250 ms, in absolute milliseconds (timeOrigin + now, comparable across threads).
const slow = [];
const failures = [];
const now = () => performance.timeOrigin + performance.now();
parentPort.on('message', () => (running = false));
Promise.all(urls.map(async (url, i) => {
  while (running) {
    const start = now();
    let res;
    try {
      res = await fetch(origin + url, { headers });
      await res.arrayBuffer();
    } catch (error) {
      // Kept and counted as an answer that never came (e.g. undici's 300 s header timeout), with its cause.
      failures.push({ url, start, end: now(), error: String(error.cause ?? error) });
      continue;
    }
    if (res.status !== 200) throw new Error(url + ': ' + res.status);
    const took = now() - start;
    longest[i] = Math.max(longest[i], took);
    if (took > 250) slow.push({ url: i, start, end: start + took });
    counts[i]++;
    await new Promise((r) => setTimeout(r, 50));
  }
})).then(() => parentPort.postMessage({ longest, counts, slow, failures }), (error) => parentPort.postMessage({ error: String(error) }));
`;

/** Asks `urls` every 50 ms (each waits for its previous answer) from another thread while `work` runs: the longest answer of each. */
async function probed<T>(work: () => Promise<T>, urls: string[]) {
  const worker = new Worker(PROBE_LOOP, { eval: true, workerData: { origin, urls, headers } });
  const answer = new Promise<{ longest: number[]; counts: number[]; slow: { url: number; start: number; end: number }[]; failures: { url: string; start: number; end: number; error: string }[]; error?: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const start = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    worker.postMessage('stop');
  }
  const seconds = (performance.now() - start) / 1000;
  const { longest, counts, slow, failures, error } = await answer;
  await worker.terminate();
  for (const f of failures) console.log(`    ${f.url} failed after ${((f.end - f.start) / 1000).toFixed(1)} s: ${f.error}`);
  if (failures.length) failed = true;
  if (error) throw new Error(error);
  return { result, seconds, longest, counts, slow };
}

const placesCsv = (rows: number, prefix: string) => {
  const lines = ['#,Name (uz),Name (ru),Name (en),Region'];
  for (let i = 0; i < rows; i++) lines.push(`,${prefix} qishloq ${i},${prefix} посёлок ${i},${prefix} village ${i},${['Toshkent viloyati', 'Ташкентская область', 'Tashkent Region'][i % 3]}`);
  return `${lines.join('\r\n')}\r\n`;
};
// The places name a region of the scale seeder's by its name in each language.
try {
  console.log(`import bounds on ${engine}`);
  console.log(`  memory (peak RSS growth of the process while the server reads the file; goal < ${MEMORY_GOAL_MB} MB):`);
  const header = '#;Название (uz)\r\n';
  const hostile: [string, () => Buffer][] = [
    ['one row of 16 M separators', () => Buffer.from(`${header};${';'.repeat(16 * 1024 * 1024 - 40)}\r\n`)],
    ['one 8 MB cell', () => Buffer.from(`${header};${'x'.repeat(8 * 1024 * 1024)}\r\n`)],
    ['a 17 MB file (cells of 60 kB)', () => Buffer.from(header + `;${'x'.repeat(60_000)}\r\n`.repeat(290))],
  ];
  for (const [name, file] of parts.has('memory') ? hostile : []) {
    const csv = file();
    const { result, seconds, growth } = await measured(() => importOf('region', csv, true));
    const ok = growth / 1024 / 1024 < MEMORY_GOAL_MB && result.status >= 400 && result.status < 500;
    failed ||= !ok;
    console.log(`    ${name.padEnd(32)} → ${result.status} in ${seconds.toFixed(2)} s, RSS +${mb(growth)} MB  ${ok ? 'ok' : 'OVER'}  (${JSON.parse(result.body).message})`);
  }

  const urls = ['/api/v1/health', '/api/v1/region?range=[0,24]&sort=["name","ASC"]'];
  const stall = async (label: string, rows: number, dryRun: boolean, prefix: string) => {
    const csv = placesCsv(rows, prefix);
    const timeline = args.timeline ? startTimeline(engine === 'pglite' ? (bench.database.db as unknown as { $client: PGlite }).$client : undefined) : undefined;
    const { result, seconds, longest, counts, slow } = await probed(() => measured(() => importOf('place', csv, dryRun)), urls);
    const answer = JSON.parse(result.result.body) as { created?: number; message?: string };
    if (result.result.status !== 200 || answer.created !== rows) throw new Error(`${label}: ${result.result.status} ${result.result.body.slice(0, 300)}`);
    const waits = urls.map((u, i) => `${u.split('?')[0]} ${longest[i].toFixed(0)} ms (${counts[i]} asked)`).join(', ');
    const ok = longest.every((w) => w < WAIT_GOAL_MS);
    failed ||= !ok && engine === 'pglite';
    console.log(`    ${label.padEnd(32)} ${seconds.toFixed(2)} s, RSS +${mb(result.growth)} MB (JS heap's peak +${mb(result.heap)}, database's WebAssembly +${mb(result.wasm)}); longest concurrent answer: ${waits}  (goal < ${WAIT_GOAL_MS} ms: ${ok ? 'ok' : 'OVER'})`);
    timeline?.print(slow, urls);
  };
  console.log(`  concurrent requests during an import (${urls.join(' and ')} every 50 ms):`);
  if (parts.has('dry')) await stall(`dry run of ${STALL_ROWS} rows`, STALL_ROWS, true, 'a');
  if (parts.has('apply')) await stall(`apply of ${STALL_ROWS} rows`, STALL_ROWS, false, 'b');
  if (parts.has('big')) await stall(`apply of ${APPLY_ROWS} rows`, APPLY_ROWS, false, 'c');
} finally {
  await bench.close();
}
process.exit(failed ? 1 : 0);
