/**
 * `npm run check:recipe`: keeps docs/adding-a-resource.md honest. It applies the recipe's marked steps to a scratch
 * copy of the project — adding the small named resource `district` — then generates its migration and runs the type
 * check and the tests that loop over every resource. A recipe that drifts from the code fails here, not for the next
 * developer. A step is a fenced block right after a marker:
 *
 *   <!-- recipe: new <file> -->                      the block is a new file
 *   <!-- recipe: after "<anchor>" in <file> -->      the block goes after the first line holding <anchor>
 *   <!-- recipe: before "<anchor>" in <file> -->     … or before it
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RECIPE_TESTS } from './lib/recipe-tests';

const ROOT = path.resolve(import.meta.dirname, '..');
const RECIPE = path.join(ROOT, 'docs/adding-a-resource.md');
/** The places the recipe promises (DESIGN: a named resource costs five). */
const MAX_PLACES = 5;

interface Step {
  file: string;
  anchor?: string;
  before?: boolean;
  text: string;
  /** The recipe's place this step belongs to: its `## n.` section. */
  place: string;
}

function stepsOf(markdown: string): Step[] {
  const steps: Step[] = [];
  let place = '';
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heading = /^## (\d+)\./.exec(lines[i]);
    if (heading) place = heading[1];
    const marker = /^<!-- recipe: (?:new (\S+)|(after|before) "(.+)" in (\S+)) -->$/.exec(lines[i].trim());
    if (!marker) continue;
    const open = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    const close = lines.findIndex((line, j) => j > open && line.startsWith('```'));
    if (open !== i + 1 || close < 0) throw new Error(`recipe line ${i + 1}: a marker must be followed by a fenced block`);
    if (!place) throw new Error(`recipe line ${i + 1}: a step outside a numbered "## n." place`);
    const text = lines.slice(open + 1, close).join('\n') + '\n';
    steps.push({ file: marker[1] ?? marker[4], anchor: marker[3], before: marker[2] === 'before', text, place });
    i = close;
  }
  return steps;
}

function apply(dir: string, step: Step) {
  const target = path.join(dir, step.file);
  if (!step.anchor) {
    if (existsSync(target)) throw new Error(`${step.file} already exists`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, step.text);
    return;
  }
  const lines = readFileSync(target, 'utf8').split('\n');
  const at = lines.findIndex((line) => line.includes(step.anchor!));
  if (at < 0) throw new Error(`${step.file}: the recipe's anchor "${step.anchor}" is not there any more`);
  lines.splice(step.before ? at : at + 1, 0, step.text.replace(/\n$/, ''));
  writeFileSync(target, lines.join('\n'));
}

interface Report {
  testResults: { name: string; assertionResults: { ancestorTitles: string[]; fullName: string; status: string }[] }[];
}

/** The tests of the report that name the district, by file; and every test that did not run. */
function districtTests(report: Report) {
  const byFile = new Map<string, number>();
  let skipped = 0;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'passed' && test.status !== 'failed') skipped++;
      if (test.status === 'passed' && /\bdistrict\b/.test(test.fullName)) byFile.set(path.basename(file.name), (byFile.get(path.basename(file.name)) ?? 0) + 1);
    }
  }
  const passed = [...byFile.values()].reduce((a, b) => a + b, 0);
  return {
    passed,
    skipped,
    contract: byFile.get('contract.test.ts') ?? 0,
    references: byFile.get('references.test.ts') ?? 0,
    byFile: [...byFile].map(([file, n]) => `${file}: ${n}`),
  };
}

function run(dir: string, title: string, command: string[]): string {
  console.log(`\n==> ${title}: ${command.join(' ')}`);
  const result = spawnSync(command[0], command.slice(1), { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  if (result.status !== 0) throw new Error(`${title} failed (exit ${result.status ?? result.signal})`);
  return result.stdout ?? '';
}

const steps = stepsOf(readFileSync(RECIPE, 'utf8'));
const places = new Set(steps.map((s) => s.place));
const files = new Set(steps.map((s) => s.file));
console.log(`recipe: ${steps.length} steps in ${files.size} files, ${places.size} places (${[...places].join(', ')})`);
if (!steps.length) throw new Error('the recipe marks no step');
if (places.size > MAX_PLACES) throw new Error(`the recipe needs ${places.size} places; a named resource should cost at most ${MAX_PLACES}`);

const scratch = mkdtempSync(path.join(tmpdir(), 'dacha-recipe-'));
try {
  // The project as it is in this checkout (tracked files, with their working-tree content), and its installed packages.
  const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  for (const file of tracked) if (existsSync(path.join(ROOT, file))) cpSync(path.join(ROOT, file), path.join(scratch, file));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(scratch, 'node_modules'));
  for (const step of steps) apply(scratch, step);
  run(scratch, 'its migration', ['npx', 'drizzle-kit', 'generate', '--name', 'district']);
  run(scratch, 'type check', ['npx', 'tsc', '--noEmit']);
  run(scratch, 'layers', ['npx', 'depcruise', 'src', '--config', '.dependency-cruiser.cjs']);
  // A JSON report, read below (and by `npm test`, which counts the tests in its summary when it names the file).
  const reportFile = process.env.RECIPE_REPORT ?? path.join(scratch, 'recipe-report.json');
  run(scratch, 'the tests over every resource', ['npx', 'vitest', 'run', ...RECIPE_TESTS, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]);
  // The tests must have met the new resource — run, not skipped — not only passed without it.
  const met = districtTests(JSON.parse(readFileSync(reportFile, 'utf8')) as Report);
  console.log(`\nthe district's tests: ${met.passed} passed (${met.byFile.join(', ')}); skipped anywhere: ${met.skipped}`);
  if (met.skipped) throw new Error(`${met.skipped} tests over every resource were skipped: the district must not hide behind a skip`);
  if (!met.contract) throw new Error("the registry's contract tests never ran for the district");
  if (!met.references) throw new Error("the district's reference was never checked (test/references.test.ts)");
  console.log(`\nrecipe ok: a named resource in ${places.size} places (${files.size} files, plus its generated migration)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
