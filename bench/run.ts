/** `npm run bench`: runs every benchmark script in bench/ in turn and fails when any of them fails. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.spec.ts'))
  .sort();
/** Scripts run more than once, with these arguments (the performance issue's "flat with size" is on PostgreSQL). */
const extraRuns: Record<string, string[][]> = { 'list-scaling.ts': [['--engine', 'postgres']], 'cold-pages.ts': [['--engine', 'pglite']] };
const runs = scripts.flatMap((script) => [[script], ...(extraRuns[script] ?? []).map((args) => [script, ...args])]);
let failed = 0;
for (const [script, ...args] of runs) {
  console.log(`\n==> bench/${[script, ...args].join(' ')}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, script), ...args], { stdio: 'inherit' });
  if (res.status !== 0) failed += 1;
}
console.log(`\nbench: ${runs.length} run, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
