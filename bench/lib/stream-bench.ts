/**
 * A long streamed answer measured on PostgreSQL: `cottages` from the scale seeder in a database of its own (or an
 * already seeded one, `BENCH_EXPORT_DB=<name>`), the real server (`src/server/main.ts`) in its own process, each call
 * read to the end. Prints the time to the last byte and the server process's RSS growth while it streams (read from
 * /proc, so the client's memory is not counted) beside the goals, and the same bytes streamed by a bare Node server in
 * the same run as the baseline. Answers whether every goal was met (undefined: skipped, no PostgreSQL).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../e2e/harness/server';
import { openPostgres } from '../../src/server/db/open';
import { bootstrap } from '../../src/server/seed/bootstrap';
import { seedScale } from '../../src/server/seed/scale';
import { diskStorage } from '../../src/server/storage';
import { adminHeaders, BENCH_ADMIN, benchDatabaseUrl, createBenchDatabase, dropBenchDatabase } from './postgres';

interface StreamedCall {
  label: string;
  path: string;
  goalSeconds: number;
  goalGrowthMb: number;
  /** The answer's rows (CSV lines after the header, or JSON array items), to compare with the list's total. */
  rows: (body: Buffer) => number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
/** A process's resident memory in bytes, from /proc (Linux). */
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Reads an answer to its end, sampling the process `pid`'s RSS every 10 ms meanwhile; keeps the body. */
async function read(target: string, pid: number, headers: Record<string, string> = {}) {
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

/** The same bytes in 16 kB writes from a bare Node server, read the same way: what the machine itself takes. */
async function bareReplay(body: Buffer) {
  const bare = createServer((_req, res) => {
    res.writeHead(200);
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        if (!res.write(body.subarray(offset, (offset += 16 * 1024)))) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  try {
    return await read(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, process.pid);
  } finally {
    await new Promise((r) => bare.close(r));
  }
}

export async function streamBench(name: string, cottages: number, calls: StreamedCall[]): Promise<boolean | undefined> {
  const reuse = process.env.BENCH_EXPORT_DB;
  const database = reuse ?? `dacha_bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  const url = reuse ? benchDatabaseUrl(reuse) : await createBenchDatabase(name, database);
  if (!url) return undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-bench-stream-'));
  let met = true;
  try {
    if (!reuse) {
      const db = openPostgres(url);
      await db.migrate();
      await bootstrap(db.db, BENCH_ADMIN);
      const seeded = performance.now();
      await seedScale(db.db, diskStorage(dataDir), { cottages, batch: 10_000 });
      console.log(`${name}: seeded ${cottages} cottages in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
      await db.close();
    }
    const server = await startServer(
      {
        DATABASE_URL: url,
        // One process, so the RSS read is the one that streams (workers would leave the primary idle).
        WORKERS: '1',
        JWT_SECRET: 'bench-access-secret-0123456789-abcdef',
        JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789-abcdef',
        ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
        LOG_LEVEL: 'warn',
      },
      { dataDir },
    );
    try {
      const origin = server.baseUrl;
      const headers = await adminHeaders(origin);
      // The scale seeder puts the demo catalogue (and its cottages) first: the list's own total is the expectation.
      const page = await fetch(`${origin}/api/v1/cottage?range=${encodeURIComponent('[0,0]')}`, { headers });
      const expected = Number(page.headers.get('x-total-count'));
      const verdict = (ok: boolean) => (ok ? 'ok' : ((met = false), '✗ missed'));
      console.log(`${name}: ${cottages} cottages on PostgreSQL, one run`);
      console.log(`  ${'call'.padEnd(36)} ${'seconds'.padStart(8)} ${'MB sent'.padStart(8)} ${'RSS growth MB'.padStart(14)}  goal`);
      for (const call of calls) {
        const ours = await read(`${origin}${call.path}`, server.pid, headers);
        const rows = call.rows(ours.body);
        if (rows !== expected) {
          console.log(`  ✗ ${call.label} holds ${rows} rows, the list ${expected}`);
          met = false;
        }
        const bare = await bareReplay(ours.body);
        console.log(
          `  ${call.label.padEnd(36)} ${ours.seconds.toFixed(2).padStart(8)} ${mb(ours.body.length).toFixed(1).padStart(8)} ${ours.growth.toFixed(1).padStart(14)}  ` +
            `< ${call.goalSeconds} s: ${verdict(ours.seconds < call.goalSeconds)}, < ${call.goalGrowthMb} MB: ${verdict(ours.growth < call.goalGrowthMb)}`,
        );
        console.log(
          `  ${'  bare Node, the same bytes'.padEnd(36)} ${bare.seconds.toFixed(2).padStart(8)} ${mb(bare.body.length).toFixed(1).padStart(8)} ${'-'.padStart(14)}  ` +
            `baseline (ours ${(ours.seconds / bare.seconds).toFixed(1)}×)`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    if (!reuse) await dropBenchDatabase(database);
  }
  return met;
}

/** Lines of a CSV answer after its header row. */
export const csvRows = (body: Buffer) => body.reduce((n, b) => n + (b === 10 ? 1 : 0), 0) - 1;
