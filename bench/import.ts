/**
 * The CSV import of 10 000 rows on PGlite (issue 24): the real app in-process (`inject`) on an in-memory PGlite, a
 * sheet of new places (a translated name in three languages, a region by its name) imported as a dry run, then
 * applied, then the list's export of those rows imported back (all unchanged). Prints each one's time, the process's
 * peak RSS growth over it (sampled every 20 ms) and its heap growth. (Places, not tariffs: a tariff's translation
 * columns have no index, so each new tariff's one-use check reads every tariff — fine for the tens a marketplace
 * has, quadratic for 10 000.)
 *
 *   npx tsx bench/import.ts [--rows 10000]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../src/server/db/pglite';
import { multipart, openImportApp, placesCsv } from './lib/import-app';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '10000' } } });
const ROWS = Number(args.rows);
if (!Number.isInteger(ROWS) || ROWS < 1) {
  console.error('usage: tsx bench/import.ts [--rows N]');
  process.exit(2);
}

/** Runs `work`, sampling RSS meanwhile: its time, peak RSS growth and heap growth. */
async function measured<T>(work: () => Promise<T>) {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  const heap0 = process.memoryUsage().heapUsed;
  let peak = rss0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - start) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    return { result, line: `${seconds.toFixed(2)} s, peak RSS +${mb(peak - rss0)} MB, heap +${mb(process.memoryUsage().heapUsed - heap0)} MB` };
  } finally {
    clearInterval(timer);
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-bench-import-'));
let exitCode = 0;
try {
  const { app, api } = await openImportApp(await PGlite.create({ extensions: PGLITE_EXTENSIONS }), dataDir, ROWS);
  try {
    const csv = placesCsv(ROWS);
    console.log(`import: ${ROWS} new places on PGlite (in memory), a ${(csv.length / 1024 / 1024).toFixed(1)} MB CSV`);

    const importOf = async (body: string, dryRun: boolean) => {
      const res = await api({ method: 'POST', url: `/api/v1/place/import${dryRun ? '?dryRun=true' : ''}`, ...multipart(body) });
      if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 500)}`);
      return res.json() as { created: number; updated: number; unchanged: number };
    };
    const dry = await measured(() => importOf(csv, true));
    console.log(`  dry run:  ${dry.line} — ${dry.result.created} would be created`);
    const applied = await measured(() => importOf(csv, false));
    console.log(`  apply:    ${applied.line} — ${applied.result.created} created`);
    const exported = await api({ method: 'GET', url: '/api/v1/place/export' });
    const again = await measured(() => importOf(exported.body, true));
    console.log(`  re-import of the export (dry run): ${again.line} — ${again.result.unchanged} unchanged`);
    if (dry.result.created !== ROWS || applied.result.created !== ROWS || again.result.unchanged !== ROWS) exitCode = 1;
  } finally {
    await app.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
