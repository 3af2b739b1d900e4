/**
 * `npm run test:e2e`: builds the admin if its sources changed, starts the real server on a free port with a fresh
 * data folder, drives the built admin in Debian's Chromium, screenshots failures into e2e/artifacts/, and closes
 * everything. `npm run test:e2e -- <text>` runs only the specs whose name contains <text>.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { adminIsStale } from '../scripts/build.mjs';
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

function buildIfStale() {
  if (!adminIsStale()) return;
  console.log('e2e: building the admin panel…');
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('the admin panel failed to build');
}

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();

async function runGroup(browser: Browser, specs: Spec[], env: Record<string, string>, results: Result[]) {
  let server: RunningServer | undefined;
  try {
    server = await startServer(env);
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
  buildIfStale();
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
    for (const [env, group] of groups) await runGroup(browser, group, JSON.parse(env), results);
  } finally {
    await browser.close();
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`\ne2e: ${results.length} specs ran, ${results.length - failed.length} passed, ${failed.length} failed`);
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name}`);
  process.exit(failed.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error('e2e: the harness failed:', error);
  process.exit(1);
});
