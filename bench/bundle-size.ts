/**
 * The JavaScript a browser must download before the login page shows: the entry script of dist/admin/index.html
 * and every chunk it imports statically (dynamic imports — the panel, other languages, the map, the cropper — load
 * later, the home charts too). Prints each chunk's size and the gzip total against the 400 kB budget and the
 * performance goal (≤ 200 kB gzip, printed as met or missed); exits 1 over budget or when the map or the cropper
 * slipped into it — or into the chunks the login page loads next (the panel with every list, the
 * cottage list among them), which must leave them to their own lazy chunks until a form or the images dialog opens.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { adminIsStale } from '../scripts/build.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist', 'admin');
const BUDGET_KB = 400;
/** The login page's goal: printed beside the figure; only the budget above fails the run. */
const GOAL_KB = 200;
/** Strings only the map library and the cropper carry, to prove they are not in the login page's code. */
const FORBIDDEN: Record<string, RegExp> = {
  'map (leaflet)': /leaflet-container|leafletjs\.com/,
  'cropper (react-easy-crop)': /reactEasyCrop/,
  'home charts (@mui/x-charts)': /MuiChartsSurface/,
};
/** A lazy chunk of the item's own, which the login page may fetch while idle (the home's charts, src/admin/panelChunk.ts). */
const OWN_CHUNK: Record<string, RegExp> = { 'home charts (@mui/x-charts)': /^HomeCharts-/ };

if (adminIsStale()) {
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const entry = html.match(/<script[^>]*type="module"[^>]*src="([^"]+)"/)?.[1];
if (!entry) throw new Error('dist/admin/index.html has no module script');

/** Static imports only: `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")`. */
const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;

/** Dynamic imports as Vite writes them: import(`./Panel-x.js`). */
const DYNAMIC_IMPORT = /import\(\s*[`"']([^`"']+\.js)[`"']\s*\)/g;

/** A chunk and every chunk it imports statically, into `seen`. */
function visit(file: string, seen = new Map<string, Buffer>()): Map<string, Buffer> {
  if (seen.has(file)) return seen;
  const code = readFileSync(file);
  seen.set(file, code);
  for (const m of code.toString('utf8').matchAll(STATIC_IMPORT)) visit(path.resolve(path.dirname(file), m[1]), seen);
  return seen;
}
const seen = visit(path.join(DIST, entry.replace(/^\//, '')));
const leaks = (chunks: Iterable<Buffer>) => {
  const all = [...chunks].map((b) => b.toString('utf8')).join('\n');
  return Object.entries(FORBIDDEN).filter(([, re]) => re.test(all)).map(([name]) => name);
};

const kb = (n: number) => (n / 1024).toFixed(1);
let raw = 0;
let gzip = 0;
console.log('bundle-size: initial JavaScript of the login page');
for (const [file, code] of seen) {
  const zipped = gzipSync(code, { level: 9 }).length;
  raw += code.length;
  gzip += zipped;
  console.log(`  ${path.relative(DIST, file).padEnd(44)} ${kb(code.length).padStart(8)} kB  ${kb(zipped).padStart(7)} kB gzip`);
}
console.log(`  ${'total'.padEnd(44)} ${kb(raw).padStart(8)} kB  ${kb(gzip).padStart(7)} kB gzip`);
console.log(`  budget ${BUDGET_KB} kB gzip → ${((gzip / 1024 / BUDGET_KB) * 100).toFixed(0)}% used`);
console.log(`  goal ≤ ${GOAL_KB} kB gzip: ${gzip / 1024 <= GOAL_KB ? 'met' : 'missed'} (${kb(gzip)} kB)`);

const leaked = leaks(seen.values());
for (const name of leaked) console.log(`  ✗ ${name} is in the login page's initial JavaScript`);

// The chunks the login page loads later (the panel and its lists, the languages), each with its static imports.
const later = new Set<string>();
for (const [file, code] of seen) {
  for (const m of code.toString('utf8').matchAll(DYNAMIC_IMPORT)) later.add(path.resolve(path.dirname(file), m[1]));
}
for (const chunk of later) {
  for (const name of leaks(visit(chunk).values())) {
    if (OWN_CHUNK[name]?.test(path.basename(chunk))) continue;
    leaked.push(name);
    console.log(`  ✗ ${name} is in ${path.relative(DIST, chunk)} (loaded with the lists), not in a lazy chunk of its own`);
  }
}
if (later.size === 0) {
  leaked.push('no lazy panel chunk');
  console.log('  ✗ the login page loads no chunk lazily: the lists and the forms would be in its JavaScript');
}
console.log(`  map and cropper: not in the login page, nor in ${[...later].map((f) => path.relative(DIST, f)).join(', ')}; the charts only in their own chunk`);
const over = gzip / 1024 > BUDGET_KB;
if (over) console.log(`  ✗ over budget by ${kb(gzip - BUDGET_KB * 1024)} kB`);
process.exit(over || leaked.length > 0 ? 1 : 0);
