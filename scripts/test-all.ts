/**
 * `npm test`: everything that can run on this machine — type check, lint, unit/component/API tests on PGlite, the API
 * tests on PostgreSQL when TEST_DATABASE_URL is set, the crash test (kill -9 under load; its PostgreSQL half when
 * TEST_DATABASE_URL is set), the API tests again under the current Node LTS (fetched from the npm registry), the
 * operations test, and the browser suite when a Chromium is found. It says loudly what it skipped and why,
 * and fails when any step fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  skip?: string;
  /** Decided when the step is reached (it may take a while): the reason to skip it, or nothing. */
  probe?: () => string | undefined;
  /** A vitest run's JSON report, read back for the summary (a CI log is often seen only by its tail). */
  report?: string;
}

const reports = mkdtempSync(join(tmpdir(), 'test-all-'));
/** vitest's usual output, plus a JSON report the summary names the failed tests from. */
function vitest(name: string, ...args: string[]): Pick<Step, 'command' | 'report'> {
  const report = join(reports, `${name}.json`);
  return { command: [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], report };
}

/** The failed tests of a vitest report, with the first lines of each failure. */
function failedTests(report: string): string[] {
  if (!existsSync(report)) return [];
  const json = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[] };
  return json.testResults.flatMap((file) => {
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    const where = file.name.replace(`${process.cwd()}/`, '');
    if (!failed.length && file.message) return [`${where}: ${file.message.split('\n').slice(0, 4).join(' | ')}`];
    return failed.map((t) => `${where} › ${t.fullName}: ${(t.failureMessages[0] ?? '').split('\n').slice(0, 4).join(' | ')}`);
  });
}

/**
 * The current LTS line, besides this machine's Node: the npm registry ships Node's binaries as the `node` package, so
 * `npm exec --package=node@<line>` runs a command under it (downloaded once into npm's cache).
 */
const LTS_LINE = '24';
const underLts = ['npm', 'exec', '--yes', `--package=node@${LTS_LINE}`, '--'];
function probeLts(): string | undefined {
  const run = spawnSync(underLts[0], [...underLts.slice(1), 'node', '--version'], { encoding: 'utf8', timeout: 300_000 });
  const version = run.stdout?.trim() ?? '';
  if (run.status === 0 && version.startsWith(`v${LTS_LINE}.`)) return undefined;
  return `Node ${LTS_LINE} could not be obtained from the npm registry (npm exec --package=node@${LTS_LINE}: ${run.error?.message ?? (run.stderr?.trim().split('\n').at(-1) || `exit ${run.status}`)})`;
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const pgUrl = process.env.TEST_DATABASE_URL;
const posixSignals = process.platform !== 'win32';

const steps: Step[] = [
  { name: 'type check', command: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', command: ['npx', 'eslint', '.', '--max-warnings', '0'] },
  { name: 'layers: no upward import, no cycle (dependency-cruiser)', command: ['npm', 'run', '--silent', 'check:layers'] },
  { name: 'unused files, exports and dependencies (knip)', command: ['npm', 'run', '--silent', 'check:unused'] },
  { name: 'recipe: docs/adding-a-resource.md applied to a scratch copy type-checks and passes the resource tests', command: ['npm', 'run', '--silent', 'check:recipe'] },
  { name: 'unit, component and API tests (PGlite)', ...vitest('pglite', 'npx', 'vitest', 'run') },
  {
    name: 'API tests (PostgreSQL)',
    ...vitest('postgres', 'npx', 'vitest', 'run', 'test/'),
    env: { TEST_ENGINE: 'postgres' },
    skip: pgUrl ? undefined : 'TEST_DATABASE_URL is not set',
  },
  {
    name: `API tests on Node ${LTS_LINE}, the current LTS (PGlite)`,
    ...vitest('node-lts', ...underLts, 'node', 'node_modules/vitest/vitest.mjs', 'run', 'test/'),
    probe: probeLts,
  },
  {
    name: 'operations: data folder modes, backup and restore round trip, graceful shutdown (WORKERS=2 with PostgreSQL)',
    command: ['npx', 'tsx', 'scripts/ops-test.ts'],
    skip: posixSignals ? undefined : 'signals and unix sockets need a POSIX system',
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

const results: { name: string; outcome: string; failures?: string[] }[] = [];
for (const step of steps) {
  step.skip ??= step.probe?.();
  if (step.skip) {
    console.log(`\n==> SKIPPED: ${step.name} — ${step.skip}`);
    results.push({ name: step.name, outcome: `SKIPPED (${step.skip})` });
    continue;
  }
  console.log(`\n==> ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command[0], step.command.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const failures = run.status === 0 || !step.report ? undefined : failedTests(step.report);
  results.push({ name: step.name, outcome: run.status === 0 ? `passed in ${seconds}s` : `FAILED (exit ${run.status ?? run.signal})`, failures });
}

console.log('\n==> Summary');
for (const r of results) {
  console.log(`  ${r.outcome.startsWith('FAILED') ? '✗' : r.outcome.startsWith('SKIPPED') ? '!' : '✓'} ${r.name}: ${r.outcome}`);
  for (const failure of r.failures ?? []) console.log(`      ${failure.slice(0, 600)}`);
}
process.exit(results.some((r) => r.outcome.startsWith('FAILED')) ? 1 : 0);
