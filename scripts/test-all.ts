/**
 * `npm test`: everything that can run on this machine — type check, lint, unit/component/API tests on PGlite, the API
 * tests on PostgreSQL when TEST_DATABASE_URL is set, the crash test (kill -9 under load; its PostgreSQL half when
 * TEST_DATABASE_URL is set), and the browser suite when a Chromium is found. It says loudly what it skipped and why,
 * and fails when any step fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  skip?: string;
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const pgUrl = process.env.TEST_DATABASE_URL;
const posixSignals = process.platform !== 'win32';

const steps: Step[] = [
  { name: 'type check', command: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', command: ['npx', 'eslint', '.', '--max-warnings', '0'] },
  { name: 'unit, component and API tests (PGlite)', command: ['npx', 'vitest', 'run'] },
  {
    name: 'API tests (PostgreSQL)',
    command: ['npx', 'vitest', 'run', 'test/'],
    env: { TEST_ENGINE: 'postgres' },
    skip: pgUrl ? undefined : 'TEST_DATABASE_URL is not set',
  },
  {
    name: 'crash test: kill -9 under load, restart, no acknowledged write lost (PGlite)',
    command: ['npx', 'tsx', 'scripts/crash-test.ts', '--engine', 'pglite'],
    skip: posixSignals ? undefined : 'kill -9 needs a POSIX system',
  },
  {
    name: 'crash test (PostgreSQL)',
    command: ['npx', 'tsx', 'scripts/crash-test.ts', '--engine', 'postgres'],
    skip: !posixSignals ? 'kill -9 needs a POSIX system' : pgUrl ? undefined : 'TEST_DATABASE_URL is not set',
  },
  {
    name: 'scale-out: WORKERS=2 on PostgreSQL behaves as one server',
    command: ['npx', 'tsx', 'scripts/workers-test.ts'],
    skip: pgUrl ? undefined : 'TEST_DATABASE_URL is not set',
  },
  {
    name: 'browser tests (Chromium)',
    command: ['npx', 'tsx', 'e2e/run.ts'],
    env: { CHROMIUM_PATH: chromium },
    skip: existsSync(chromium) ? undefined : `no Chromium at ${chromium} (set CHROMIUM_PATH or apt-get install chromium)`,
  },
];

const results: { name: string; outcome: string }[] = [];
for (const step of steps) {
  if (step.skip) {
    console.log(`\n==> SKIPPED: ${step.name} — ${step.skip}`);
    results.push({ name: step.name, outcome: `SKIPPED (${step.skip})` });
    continue;
  }
  console.log(`\n==> ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command[0], step.command.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  results.push({ name: step.name, outcome: run.status === 0 ? `passed in ${seconds}s` : `FAILED (exit ${run.status ?? run.signal})` });
}

console.log('\n==> Summary');
for (const r of results) console.log(`  ${r.outcome.startsWith('FAILED') ? '✗' : r.outcome.startsWith('SKIPPED') ? '!' : '✓'} ${r.name}: ${r.outcome}`);
process.exit(results.some((r) => r.outcome.startsWith('FAILED')) ? 1 : 0);
