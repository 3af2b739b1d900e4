/**
 * `npm test`: everything that can run on this machine — lint, layers, unused code, the type check and the tests over
 * every resource on the recipe's scratch copy, unit/component/API tests on PGlite, the API tests on PostgreSQL when
 * TEST_DATABASE_URL is set, the operations test, the crash test (kill -9 under load; its PostgreSQL half when
 * TEST_DATABASE_URL is set), the webhooks' kill -9 test, and the browser suite when a Chromium is found. It says
 * loudly what it skipped and why, and fails when any step fails. A side lane runs the operational tests (operations,
 * crash, webhooks, scale-out) from the start, then the PostgreSQL API tests, beside the main lane's checks, PGlite run
 * and browser suite; the summary keeps this list's order.
 *
 * Node lines and engines run as a pairwise matrix: PGlite under this machine's Node (20 in CI), PostgreSQL under the
 * current LTS (24, fetched from the npm registry), so each engine and each line is covered without a third API run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECIPE_TESTS } from './lib/recipe-tests';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  skip?: string;
  /** A vitest run's JSON report, read back for the summary (a CI log is often seen only by its tail). */
  report?: string;
  /** How many tests the step ran before the pairwise matrix and the single recipe run (f0c8a40), for the summary. */
  before?: number;
  /**
   * Runs in the side lane, beside the main lane's next steps, its output kept and printed when it ends. The
   * operational tests mostly wait (on kills, restarts and deliveries), so they start first, beside the checks and the
   * PGlite run; the browser step keeps only ~40 % of the 2 cores busy (440 CPU-s in a 530 s step), so the PostgreSQL
   * API tests run beside it (docs/decisions.md, "CI in two lanes").
   */
  beside?: true;
}

/** The time of day, so that a CI log shows where its minutes went between the steps too. */
const clock = () => new Date().toISOString().slice(11, 19);
const began = clock();
const reports = mkdtempSync(join(tmpdir(), 'test-all-'));
/** vitest's usual output, plus a JSON report the summary names the failed tests from. */
function vitest(name: string, ...args: string[]): Pick<Step, 'command' | 'report'> {
  const report = join(reports, `${name}.json`);
  return { command: [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], report };
}

/** How many tests a report says ran. */
function testsRun(report: string): number | undefined {
  if (!existsSync(report)) return undefined;
  return (JSON.parse(readFileSync(report, 'utf8')) as { numTotalTests?: number }).numTotalTests;
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

/** Tests that passed with a failure on record: the browser specs that failed once and passed on their retry. */
function passedOnRetry(report: string): string[] {
  if (!existsSync(report)) return [];
  const json = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[] };
  return json.testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === 'passed' && t.failureMessages?.length)
      .map((t) => `passed on a retry: ${t.fullName}; first try: ${(t.failureMessages?.[0] ?? '').split('\n').slice(0, 3).join(' | ')}`),
  );
}

/**
 * The current LTS line, besides this machine's Node: the npm registry ships Node's binaries as the `node` package, so
 * `npm exec --package=node@<line>` runs a command under it (downloaded once into npm's cache). When it cannot be
 * had, the PostgreSQL run falls back to this machine's Node, and the summary says so.
 */
const LTS_LINE = '24';
const underLts = ['npm', 'exec', '--yes', `--package=node@${LTS_LINE}`, '--'];
function ltsUnavailable(): string | undefined {
  const run = spawnSync(underLts[0], [...underLts.slice(1), 'node', '--version'], { encoding: 'utf8', timeout: 300_000 });
  const version = run.stdout?.trim() ?? '';
  if (run.status === 0 && version.startsWith(`v${LTS_LINE}.`)) return undefined;
  return `Node ${LTS_LINE} could not be obtained from the npm registry (npm exec --package=node@${LTS_LINE}: ${run.error?.message ?? (run.stderr?.trim().split('\n').at(-1) || `exit ${run.status}`)})`;
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const pgUrl = process.env.TEST_DATABASE_URL;
const posixSignals = process.platform !== 'win32';

const steps: Step[] = [
  {
    name: 'operations: data folder modes, backup and restore round trip, graceful shutdown (WORKERS=2 with PostgreSQL)',
    command: ['npx', 'tsx', 'scripts/ops-test.ts'],
    beside: true,
    skip: posixSignals ? undefined : 'signals and unix sockets need a POSIX system',
  },
  {
    name: 'crash test: kill -9 under load, restart, no acknowledged write lost (PGlite)',
    command: ['npx', 'tsx', 'scripts/crash-test.ts', '--engine', 'pglite'],
    beside: true,
    skip: posixSignals ? undefined : 'kill -9 needs a POSIX system',
  },
  {
    name: 'crash test (PostgreSQL)',
    command: ['npx', 'tsx', 'scripts/crash-test.ts', '--engine', 'postgres'],
    beside: true,
    skip: !posixSignals ? 'kill -9 needs a POSIX system' : pgUrl ? undefined : 'TEST_DATABASE_URL is not set',
  },
  {
    name: 'webhooks: kill -9 mid-delivery of 200 messages, restart, every one delivered under its webhook-id (PGlite; PostgreSQL with WORKERS=2)',
    command: ['npx', 'tsx', 'scripts/webhooks-crash-test.ts'],
    beside: true,
    skip: posixSignals ? undefined : 'kill -9 needs a POSIX system',
  },
  {
    name: 'scale-out: WORKERS=2 on PostgreSQL behaves as one server',
    command: ['npx', 'tsx', 'scripts/workers-test.ts'],
    beside: true,
    skip: pgUrl ? undefined : 'TEST_DATABASE_URL is not set',
  },
  {
    // No warning passes CI, but the long-function rule warns from 120 lines (eslint.config.js: which function to split
    // next) and fails only past 150, as it did before it warned.
    name: 'lint',
    command: ['npx', 'eslint', '.', '--max-warnings', '0'],
    env: { LINT_LONG_FUNCTIONS: 'fail-past-150' },
  },
  { name: 'layers: no upward import, no cycle (dependency-cruiser)', command: ['npm', 'run', '--silent', 'check:layers'] },
  { name: 'unused files, exports and dependencies (knip)', command: ['npm', 'run', '--silent', 'check:unused'] },
  {
    name: 'type check and the tests over every resource, on a scratch copy with docs/adding-a-resource.md applied',
    command: ['npm', 'run', '--silent', 'check:recipe'],
    env: { RECIPE_REPORT: join(reports, 'recipe.json') },
    report: join(reports, 'recipe.json'),
    before: 129,
  },
  {
    name: 'unit, component and API tests (PGlite, Node 20)',
    ...vitest('pglite', 'npx', 'vitest', 'run', ...RECIPE_TESTS.flatMap((file) => ['--exclude', file])),
    before: 776,
  },
  {
    name: `API tests (PostgreSQL, Node ${LTS_LINE})`,
    ...vitest('postgres', ...underLts, 'node', 'node_modules/vitest/vitest.mjs', 'run', 'test/'),
    env: { TEST_ENGINE: 'postgres' },
    skip: pgUrl ? undefined : 'TEST_DATABASE_URL is not set',
    before: 539 + 539,
    beside: true,
  },
  {
    name: 'browser tests (Chromium)',
    command: ['npx', 'tsx', 'e2e/run.ts'],
    env: { CHROMIUM_PATH: chromium, E2E_REPORT: join(reports, 'e2e.json') },
    report: join(reports, 'e2e.json'),
    before: 62,
    skip: existsSync(chromium) ? undefined : `no Chromium at ${chromium} (set CHROMIUM_PATH or apt-get install chromium)`,
  },
];

/** The PostgreSQL step runs under the LTS line when it can be had; otherwise under this Node, said in its name. */
function resolveLts(step: Step) {
  if (step.skip || !step.command.includes('--package=node@' + LTS_LINE)) return;
  const missing = ltsUnavailable();
  if (!missing) return;
  step.command = step.command.slice(underLts.length);
  step.name += ` — run under this machine's Node instead: ${missing}`;
}

type Outcome = { name: string; outcome: string; failures?: string[]; ran?: number; before?: number };

/** Runs a step's command; a side-lane step's output is kept and printed in one piece when it ends. */
async function runStep(step: Step): Promise<Outcome> {
  console.log(`\n==> ${step.beside ? '[side lane] ' : ''}${step.name} (from ${clock()}): ${step.command.join(' ')}`);
  const started = Date.now();
  const child = spawn(step.command[0], step.command.slice(1), { stdio: step.beside ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...step.env } });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const status = await new Promise<number | string>((resolve) => {
    child.on('error', (error) => resolve(error.message));
    child.on('close', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (step.beside) console.log(`\n==> [side lane] ${step.name} ended (${status === 0 ? 'passed' : `exit ${status}`}, ${seconds}s); its output:\n${Buffer.concat(output).toString('utf8')}==> [side lane] end of ${step.name}`);
  const failures = !step.report ? undefined : status === 0 ? passedOnRetry(step.report) : [...failedTests(step.report), ...passedOnRetry(step.report)];
  const ran = step.report ? testsRun(step.report) : undefined;
  return { name: step.name, outcome: status === 0 ? `passed in ${seconds}s` : `FAILED (exit ${status})`, failures, ran, before: step.before };
}

/**
 * Two lanes: the main lane runs its steps one after another; a `beside` step joins the side lane, which runs its steps
 * one after another from the moment the first is reached, beside whatever the main lane runs then.
 */
const results = new Map<Step, Outcome>();
let sideLane = Promise.resolve();
for (const step of steps) {
  resolveLts(step);
  if (step.skip) {
    console.log(`\n==> SKIPPED: ${step.name} — ${step.skip}`);
    results.set(step, { name: step.name, outcome: `SKIPPED (${step.skip})` });
  } else if (step.beside) {
    sideLane = sideLane.then(async () => void results.set(step, await runStep(step)));
  } else {
    results.set(step, await runStep(step));
  }
}
await sideLane;

console.log(`\n==> Summary (${clock()}; npm test began at ${began})`);
for (const r of steps.map((step) => results.get(step)!)) {
  const tests = r.ran === undefined ? '' : `, ${r.ran} tests${r.before ? ` (${r.before} before)` : ''}`;
  console.log(`  ${r.outcome.startsWith('FAILED') ? '✗' : r.outcome.startsWith('SKIPPED') ? '!' : '✓'} ${r.name}: ${r.outcome}${tests}`);
  for (const failure of r.failures ?? []) console.log(`      ${failure.slice(0, 600)}`);
}
const total = (key: 'ran' | 'before') => [...results.values()].reduce((sum, r) => sum + (r[key] ?? 0), 0);
console.log(`  tests run: ${total('ran')}; ${total('before')} in the same steps before (the PostgreSQL step's "before" counts its own run and the former Node 24 run of the same files)`);
process.exit([...results.values()].some((r) => r.outcome.startsWith('FAILED')) ? 1 : 0);
