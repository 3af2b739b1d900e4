/** `npm run bench`: runs every benchmark script in bench/ in turn and fails when any of them fails. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.spec.ts'))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n==> bench/${script}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, script)], { stdio: 'inherit' });
  if (res.status !== 0) failed += 1;
}
console.log(`\nbench: ${scripts.length} run, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
