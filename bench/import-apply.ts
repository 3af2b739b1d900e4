/**
 * The import's apply transaction alone (issue #32): an in-memory PGlite, the real app in-process (`inject`), a sheet of
 * N new places (or, with `--edit`, the same places renamed and moved to another region) imported; the one transaction that commits during the
 * apply is timed, and every statement in it: its count, the time inside PGlite (its wasm and JS protocol) by kind of
 * statement, and the time outside any statement (our JavaScript, drizzle building statements). `--profile FILE`
 * writes a CPU profile (`.cpuprofile`) of the transaction alone.
 *
 *   npx tsx bench/import-apply.ts [--rows 1000,3000] [--edit] [--file] [--profile apply.cpuprofile]
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../src/server/db/pglite';
import { multipart, openImportApp, placesCsv } from './lib/import-app';
import { slowestKinds, timeQueries, type Timing } from './lib/query-timing';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '1000,3000' }, edit: { type: 'boolean', default: false }, file: { type: 'boolean', default: false }, profile: { type: 'string' } } });
const SIZES = args.rows.split(',').map(Number);
const STALL_GOAL_MS = 1000;

async function run(rows: number, profileTo?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-bench-apply-'));
  // In memory by default (as wave 8 timed it); `--file`: in a folder, as a server keeps it.
  const client = await PGlite.create(args.file ? path.join(dataDir, 'pg') : undefined, { extensions: PGLITE_EXTENSIONS });
  const queries = timeQueries(client);
  const { app, database, api } = await openImportApp(client, dataDir, rows);
  try {
    const importOf = async (csv: string) => {
      const res = await api({ method: 'POST', url: '/api/v1/place/import', ...multipart(csv) });
      if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 500)}`);
      return res.json() as { created: number; updated: number };
    };
    let csv = placesCsv(rows);
    if (args.edit) {
      // Every place renamed (its translation's texts) and moved to another region (its row), the demo's Samarkand.
      await importOf(csv);
      csv = (await api({ method: 'GET', url: '/api/v1/place/export' })).body.replace(/Village (\d+)/g, 'Hamlet $1').replaceAll('Tashkent Region', 'Samarkand Region');
    }

    // The apply's transaction: the one of the import that commits (the plan's slices roll back).
    const db = database.db as unknown as { transaction: (fn: unknown) => Promise<unknown> };
    const transaction = db.transaction.bind(db);
    let applyMs = 0;
    let inQuery = 0;
    let byKind = new Map<string, Timing>();
    // One profile over the whole import (starting the profiler logs every wasm function: once, not per slice), with
    // the apply's window in the profile's clock (monotonic µs) for the reader to keep only its samples.
    const session = profileTo ? new Session() : undefined;
    const window = { start: 0, end: 0 };
    const micros = () => Number(process.hrtime.bigint() / 1000n);
    // Timed from inside the callback (the connection held: another transaction that asks meanwhile, the webhooks'
    // loop, waits) to its commit; the longest committed one is the apply's.
    db.transaction = async (fn) => {
      let start = 0;
      let startMicros = 0;
      let committed = false;
      try {
        const out = await transaction(async (tx: unknown) => {
          queries.on = true;
          queries.byKind = new Map();
          queries.inQuery = 0;
          start = performance.now();
          startMicros = micros();
          return (fn as (tx: unknown) => Promise<unknown>)(tx);
        });
        committed = true;
        return out;
      } finally {
        queries.on = false;
        const ms = performance.now() - start;
        if (committed && ms > applyMs) {
          applyMs = ms;
          inQuery = queries.inQuery;
          byKind = queries.byKind;
          Object.assign(window, { start: startMicros, end: micros() });
        }
      }
    };
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const start = performance.now();
    const done = await importOf(csv);
    const total = performance.now() - start;
    db.transaction = transaction;
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(profileTo!, JSON.stringify({ ...profile, applyWindow: window }));
      session.disconnect();
    }
    console.log(
      `${rows} ${args.edit ? 'edited' : 'new'} places: the import ${(total / 1000).toFixed(2)} s, its apply's transaction ${(applyMs / 1000).toFixed(2)} s ` +
        `(in statements ${(inQuery / 1000).toFixed(2)} s, between them ${((applyMs - inQuery) / 1000).toFixed(2)} s); ${done.created} created, ${done.updated} updated`,
    );
    // The transaction holds PGlite's only connection: every other request waits that long (issue #32: < 1 s at 3 000 rows).
    if (rows <= 3000) console.log(`  goal: the transaction under ${STALL_GOAL_MS} ms at 3 000 rows: ${applyMs < STALL_GOAL_MS ? 'ok' : 'OVER'}`);
    for (const line of slowestKinds(byKind)) console.log(`  ${line}`);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

for (const rows of SIZES) await run(rows, args.profile && rows === SIZES.at(-1) ? args.profile : undefined);
process.exit(0);
