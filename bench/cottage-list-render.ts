/**
 * From a click on the sidebar's "Announcements" to the cottage list drawn with its 25 rows, in Chromium against the
 * real server on PGlite holding 10 000 cottages (the scale seeder). The first click loads the list's chunk; the later
 * ones start from a freshly loaded home page (no cached list data, the chunk from the browser's cache). Exits 1 when
 * the median exceeds TARGET_MS.
 *
 *   npx tsx bench/cottage-list-render.ts [--cottages 10000] [--runs 9] [--trace]   (--trace: the API calls of the last run)
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { adminIsStale } from '../scripts/build.mjs';
import { ADMIN, ROOT, startServer } from '../e2e/harness/server';
import { login } from '../e2e/harness/ui';

const { values: args } = parseArgs({ options: { cottages: { type: 'string', default: '10000' }, runs: { type: 'string', default: '9' }, trace: { type: 'boolean', default: false } } });
const COTTAGES = Number(args.cottages);
const RUNS = Number(args.runs);
const TARGET_MS = 500;
const ROWS = 25;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function run(command: string, argv: string[], env: Record<string, string> = {}) {
  const res = spawnSync(command, argv, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) throw new Error(`${command} ${argv.join(' ')} failed`);
}

if (adminIsStale()) run('npx', ['vite', 'build', '--logLevel', 'warn']);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-bench-render-'));
let exitCode = 0;
try {
  const seedEnv = { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: 'off' };
  const seeding = performance.now();
  run(process.execPath, ['--import', 'tsx', 'src/server/seed/scale-cli.ts', '--cottages', String(COTTAGES)], seedEnv);
  console.log(`seeded ${COTTAGES} cottages in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const server = await startServer({}, { dataDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await login(page, server.baseUrl);
    const times: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      if (i > 0) await page.goto(`${server.baseUrl}/dashboart`);
      const entry = page.getByRole('menuitem', { name: 'Announcements', exact: true });
      await entry.waitFor();
      const calls: string[] = [];
      let clickedAt = 0;
      const onDone = (request: import('playwright-core').Request) => {
        const timing = request.timing();
        if (request.url().includes('/api/')) calls.push(`${(timing.startTime - clickedAt).toFixed(0).padStart(6)} → ${(timing.startTime + timing.responseEnd - clickedAt).toFixed(0).padStart(6)} ms  ${decodeURIComponent(request.url().replace(server.baseUrl, ''))}`);
      };
      if (args.trace && i === RUNS) page.on('requestfinished', onDone);
      const started = performance.now();
      clickedAt = Date.now();
      await entry.click();
      await page.locator('main table tbody tr').nth(ROWS - 1).locator('td').nth(2).filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
      times.push(performance.now() - started);
      if (args.trace && i === RUNS) {
        page.off('requestfinished', onDone);
        console.log(calls.join('\n'));
      }
    }
    const [cold, ...warm] = times;
    const mid = median(warm);
    console.log(`cottage-list-render: ${COTTAGES} cottages, click on "Announcements" → ${ROWS} rows drawn`);
    console.log(`  first click (loads the chunk): ${cold.toFixed(0)} ms`);
    console.log(`  median of ${RUNS} (fresh page each): ${mid.toFixed(0)} ms (min ${Math.min(...warm).toFixed(0)}, max ${Math.max(...warm).toFixed(0)})`);
    console.log(`  target < ${TARGET_MS} ms: ${mid < TARGET_MS ? 'met' : 'MISSED'}`);
    if (mid >= TARGET_MS) exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
