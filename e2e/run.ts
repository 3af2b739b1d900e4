/**
 * `npm run test:e2e`: builds the admin if its sources changed, starts the real server on a free port with a fresh
 * data folder, drives the built admin in Debian's Chromium, screenshots failures into e2e/artifacts/, and closes
 * everything. `npm run test:e2e -- <text>` runs only the specs whose name contains <text>.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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
 * What every browser group's server gets, unless a group names its own: the cheapest scrypt cost `SCRYPT_N` takes, 2^13
 * (with p 10, OWASP's row; also the production default since the morning-login change: ~150 ms of a core a login, the
 * browser specs log in about 110 times). `SCRYPT_N` refuses the API tests' 2^10.
 */
const GROUP_DEFAULTS = { SCRYPT_N: String(2 ** 13) };
/** Groups run side by side, each with its own server; two fit the 2-core machine CI runs on. */
const CONCURRENCY = Math.max(1, Number(process.env.E2E_CONCURRENCY) || 2);

/**
 * How long each spec took in a full run (`E2E_WRITE_TIMINGS=1 npm run test:e2e` writes it): the groups start longest
 * first, so the two lanes end near the same time. A spec not in it counts as 20 s.
 */
const TIMINGS = path.join(ROOT, 'e2e', 'timings.json');
const timings: Record<string, number> = existsSync(TIMINGS) ? JSON.parse(readFileSync(TIMINGS, 'utf8')) : {};
const expectedMs = (specs: Spec[]) => specs.reduce((sum, spec) => sum + (timings[spec.name] ?? 20_000), 0);

/**
 * The demo seeded once for the run: a server seeds it into a template data folder and computes its signals (the
 * start's backfill), then stops; each demo group starts on a copy. Seeding draws ~60 cottages' pictures and the
 * backfill hashes them, which took each of a dozen groups 30–90 s of a core, beside the other lane's specs.
 */
async function seedDemoTemplate(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dacha-e2e-demo-'));
  const server = await startServer({ ...GROUP_DEFAULTS, DEMO_DATA: 'on', LOG_LEVEL: 'info' }, { built: true, dataDir });
  try {
    const deadline = Date.now() + 300_000;
    while (!/cottages written without signals now have them/.test(server.log())) {
      if (Date.now() > deadline) throw new Error(`the demo's signals were not computed within 300 s:\n${server.log()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await server.stop();
  }
  return dataDir;
}

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();

async function runGroup(browser: Browser, specs: Spec[], env: Record<string, string>, results: Result[], demo: () => Promise<string>) {
  let server: RunningServer | undefined;
  try {
    const template = env.DEMO_DATA === 'on' ? await demo() : undefined;
    server = await startServer({ ...GROUP_DEFAULTS, ...env }, { built: true, template });
    for (const spec of specs) {
      const first = await attempt(browser, server, spec);
      // Once more on a failure: a spec that fails twice is red; one that passes the second time is reported as flaky,
      // with its first error, so a timing that only the loaded 2-core CI machine hits stays visible but lands.
      const result = first.ok ? first : { ...(await attempt(browser, server, spec, true)), firstError: first.error };
      results.push(result);
      if (result.ok) console.log(`  ${result.firstError ? '⚠ (flaky, passed on retry)' : '✓'} ${spec.name} (${result.ms} ms)`);
      else console.log(`  ✗ ${spec.name}\n      ${(result.error ?? '').split('\n').slice(0, 12).join('\n      ')}\n      screenshot: ${result.shot}`);
      if (result.firstError) console.log(`      first try: ${first.error?.split('\n').slice(0, 12).join('\n      ')}\n      screenshot: ${first.shot}`);
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
  /** Set when the spec failed once and passed on its retry. */
  firstError?: string;
}

/** One run of a spec in a fresh browser context; a failure's screenshot is kept per attempt. */
async function attempt(browser: Browser, server: RunningServer, spec: Spec, retry = false): Promise<Result> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  trackRequests(page);
  page.setDefaultTimeout(15_000);
  const started = Date.now();
  try {
    const api = await apiAs(server.baseUrl);
    const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    await spec.run({ page, browser, server, baseUrl: server.baseUrl, api, unique });
    return { name: spec.name, ok: true, ms: Date.now() - started };
  } catch (error) {
    const shot = path.join(ARTIFACTS, `${slug(spec.name)}${retry ? '-retry' : ''}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    return { name: spec.name, ok: false, ms: Date.now() - started, error: error instanceof Error ? error.message : String(error), shot };
  } finally {
    await context.close();
  }
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
  // Seeded when the first demo group needs it; the other lane goes on meanwhile.
  let template: Promise<string> | undefined;
  const demo = () => (template ??= seedDemoTemplate());
  try {
    // The longest groups first, so that the two lanes end near the same time.
    const queue = [...groups].sort((a, b) => expectedMs(b[1]) - expectedMs(a[1]));
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await runGroup(browser, next[1], JSON.parse(next[0]), results, demo);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  } finally {
    await browser.close();
    const folder = await template?.catch(() => undefined);
    if (folder) await rm(folder, { recursive: true, force: true });
  }
  const failed = results.filter((r) => !r.ok);
  if (process.env.E2E_WRITE_TIMINGS && !grep && failed.length === 0) {
    writeFileSync(TIMINGS, `${JSON.stringify(Object.fromEntries(results.map((r) => [r.name, r.ms]).sort()), null, 2)}\n`);
  }
  const flaky = results.filter((r) => r.ok && r.firstError);
  console.log(`\ne2e: ${results.length} specs ran, ${results.length - failed.length} passed (${flaky.length} of them on a retry), ${failed.length} failed`);
  for (const r of results) console.log(`  ${r.ok ? (r.firstError ? '⚠' : '✓') : '✗'} ${r.name}`);
  // For `npm test`'s summary: the count, and the failures in the shape of a vitest report.
  if (process.env.E2E_REPORT) {
    const assertionResults = results.map((r) => ({ fullName: r.name, status: r.ok ? 'passed' : 'failed', failureMessages: [r.error ?? r.firstError].filter(Boolean) }));
    writeFileSync(process.env.E2E_REPORT, JSON.stringify({ numTotalTests: results.length, testResults: [{ name: 'e2e/specs', assertionResults }] }));
  }
  process.exit(failed.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error('e2e: the harness failed:', error);
  process.exit(1);
});
