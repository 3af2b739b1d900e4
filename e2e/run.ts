/**
 * `npm run test:e2e`: builds the admin if its sources changed, starts the real server on a free port with a fresh
 * data folder, drives the built admin in Debian's Chromium, screenshots failures into e2e/artifacts/, and closes
 * everything. `npm run test:e2e -- <text>` runs only the specs whose name contains <text>.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { adminIsStale, buildServer, serverIsStale } from '../scripts/build.mjs';
import { apiAs } from './harness/api';
import { ROOT, startServer, type RunningServer } from './harness/server';
import type { Spec } from './harness/types';
import { trackRequests } from './harness/ui';

const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const grep = process.argv.slice(2).join(' ');

async function loadSpecs(): Promise<Spec[]> {
  const dir = path.join(ROOT, 'e2e', 'specs');
  const files = readdirSync(dir).filter((f) => f.endsWith('.e2e.ts')).sort();
  const all: Spec[] = [];
  for (const file of files) all.push(...((await import(path.join(dir, file))) as { specs: Spec[] }).specs);
  return all.filter((s) => s.name.includes(grep));
}

/** The specs drive the build `npm start` serves: the panel and the server, rebuilt when their sources changed. */
async function buildIfStale() {
  if (adminIsStale()) {
    console.log('e2e: building the admin panel…');
    const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (res.status !== 0) throw new Error('the admin panel failed to build');
  }
  if (serverIsStale()) {
    console.log('e2e: building the server…');
    await buildServer();
  }
}

/**
 * What every browser group's server gets: the tests' scrypt cost (2^14, as the API tests use; the browser specs log in
 * about 110 times, and at the production 2^17 each login costs ~300 ms of a core), unless a group names its own.
 */
const GROUP_DEFAULTS = { SCRYPT_N: String(2 ** 14) };
/** Groups run side by side, each with its own server; two fit the 2-core machine CI runs on. */
const CONCURRENCY = Math.max(1, Number(process.env.E2E_CONCURRENCY) || 2);

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();

async function runGroup(browser: Browser, specs: Spec[], env: Record<string, string>, results: Result[]) {
  let server: RunningServer | undefined;
  try {
    server = await startServer({ ...GROUP_DEFAULTS, ...env }, { built: true });
    for (const spec of specs) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      trackRequests(page);
      page.setDefaultTimeout(15_000);
      const started = Date.now();
      try {
        const api = await apiAs(server.baseUrl);
        const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
        await spec.run({ page, browser, server, baseUrl: server.baseUrl, api, unique });
        results.push({ name: spec.name, ok: true, ms: Date.now() - started });
        console.log(`  ✓ ${spec.name} (${Date.now() - started} ms)`);
      } catch (error) {
        const shot = path.join(ARTIFACTS, `${slug(spec.name)}.png`);
        await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
        const message = error instanceof Error ? error.message : String(error);
        results.push({ name: spec.name, ok: false, ms: Date.now() - started, error: message, shot });
        console.log(`  ✗ ${spec.name}\n      ${message.split('\n').slice(0, 6).join('\n      ')}\n      screenshot: ${shot}`);
      } finally {
        await context.close();
      }
    }
  } catch (error) {
    for (const spec of specs.filter((s) => !results.some((r) => r.name === s.name))) {
      results.push({ name: spec.name, ok: false, ms: 0, error: `server: ${String(error)}` });
      console.log(`  ✗ ${spec.name}: the server did not start\n${String(error)}`);
    }
  } finally {
    await server?.stop();
  }
}

interface Result {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
  shot?: string;
}

async function main() {
  if (!existsSync(chromiumPath)) {
    console.error(`e2e: no Chromium at ${chromiumPath}; install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
    process.exit(2);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  await buildIfStale();
  const specs = await loadSpecs();
  console.log(`e2e: ${specs.length} browser specs${grep ? ` matching "${grep}"` : ''}`);
  const groups = new Map<string, Spec[]>();
  for (const spec of specs) {
    const key = JSON.stringify(spec.env ?? {});
    groups.set(key, [...(groups.get(key) ?? []), spec]);
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const results: Result[] = [];
  try {
    // The largest groups first, so that the two lanes end near the same time.
    const queue = [...groups].sort((a, b) => b[1].length - a[1].length);
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await runGroup(browser, next[1], JSON.parse(next[0]), results);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  } finally {
    await browser.close();
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`\ne2e: ${results.length} specs ran, ${results.length - failed.length} passed, ${failed.length} failed`);
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name}`);
  // For `npm test`'s summary: the count, and the failures in the shape of a vitest report.
  if (process.env.E2E_REPORT) {
    const assertionResults = results.map((r) => ({ fullName: r.name, status: r.ok ? 'passed' : 'failed', failureMessages: r.error ? [r.error] : [] }));
    writeFileSync(process.env.E2E_REPORT, JSON.stringify({ numTotalTests: results.length, testResults: [{ name: 'e2e/specs', assertionResults }] }));
  }
  process.exit(failed.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error('e2e: the harness failed:', error);
  process.exit(1);
});
