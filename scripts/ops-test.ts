/**
 * `npm run test:ops`: what an operator relies on, with the real server (`src/server/main.ts`) in a child process.
 * - the data folder: a fresh one, and one an earlier version left 0777/0666, end up 0700/0600 after a start;
 * - backups: `npm run backup` of the running server and of the stopped folder (the demo database with its images),
 *   `npm run restore` of each into an empty folder, and a server there answers exactly what the original did (lists,
 *   records, stats, image bytes) to the original's access token; a non-empty folder is refused without `--force`;
 *   on PostgreSQL both commands point to pg_dump/pg_restore;
 * - graceful shutdown: SIGTERM while a request is in flight lets it finish, refuses new connections, exits 0 and
 *   releases the lock; a request that never ends meets the deadline (SHUTDOWN_TIMEOUT) and the process still exits;
 *   with TEST_DATABASE_URL, the same with WORKERS=2 on PostgreSQL.
 * Prints the backup figures (size, time). Exits 1 on any failed check.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { runStatement } from '../src/server/db/run-statement';
import { secureDataDir } from '../src/server/data-dir';
import { ROOT, kill, login, startServer, type Server } from './lib/server-process';

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures.push(what);
};
const temps: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `dacha-ops-${name}-`));
  temps.push(dir);
  return dir;
};
const pgBase = process.env.TEST_DATABASE_URL;

/** Resolves with the exit code (or signal) once the child has exited. */
const exited = (child: ChildProcess) =>
  new Promise<number | string>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode ?? child.signalCode!);
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });

/** `npm run backup|restore -- …` as a person types it (through tsx, like `npm run`). */
function cli(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/backup/cli.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}`, seconds: (performance.now() - started) / 1000 };
}

/** The same, without blocking this process (its own requests go on meanwhile). */
function cliAsync(args: string[], env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/backup/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (status) => resolve({ status, output })));
}

/**
 * A backup of the running server while 6 clients keep creating translations (a row and three definitions per
 * transaction): every create answered before the backup started is in the restored copy, and no create is there in
 * part.
 */
async function backupUnderLoad(dataDir: string, files: string) {
  const server = await startServer({ DATA_DIR: dataDir });
  const token = await login(server.origin);
  const acked: { code: string; at: number }[] = [];
  let writing = true;
  const writer = async (w: number) => {
    for (let i = 0; writing; i++) {
      const code = `ops-load-${w}-${i}`;
      const res = await fetch(`${server.origin}/api/v1/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ code, type: 'content', definition: { uz: `uz ${code}`, ru: `ru ${code}`, en: `en ${code}` } }),
      });
      await res.arrayBuffer();
      if (res.status === 201) acked.push({ code, at: performance.now() });
    }
  };
  const writers = Array.from({ length: 6 }, (_, w) => writer(w));
  while (acked.length < 30) await new Promise((r) => setTimeout(r, 20));
  const started = performance.now();
  const file = path.join(files, 'under-load.tar.gz');
  const made = await cliAsync(['backup', file], { DATA_DIR: dataDir });
  writing = false;
  await Promise.all(writers);
  const before = acked.filter((a) => a.at < started);
  const during = acked.length - before.length;
  const took = (performance.now() - started) / 1000;
  check(made.status === 0 && took < 60, `a backup while 6 clients write, in ${took.toFixed(1)} s: ${made.output.trim().split('\n')[0]}`);
  check(during > 0, `the writes went on during the backup (${during} answered meanwhile)`);
  await stop(server);
  const target = path.join(tempDir('load'), 'data');
  check(cli(['restore', file], { DATA_DIR: target }).status === 0, 'restored');
  const restored = await startServer({ DATA_DIR: target });
  const rows = (await (await fetch(`${restored.origin}/api/v1/translate`, { headers: { authorization: `Bearer ${token}` } })).json()) as { code: string; value: string | null }[];
  await stop(restored);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const missing = before.filter((a) => !byCode.has(a.code));
  const torn = rows.filter((r) => r.code.startsWith('ops-load-') && r.value !== `uz ${r.code}`);
  const ours = rows.filter((r) => r.code.startsWith('ops-load-')).length;
  check(missing.length === 0, `every create answered before the backup began is restored (${before.length}; ${ours - before.length} of the ${during} made during it too)`);
  check(torn.length === 0, `no create is restored in part${torn.length ? `: ${torn[0].code}` : ''}`);
}

/** Entries of the data folder that are ours and not 0700 (folders) / 0600 (files). */
function openModes(dataDir: string): string[] {
  const open: string[] = [];
  const walk = (file: string) => {
    const stat = lstatSync(file);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) open.push(`${path.relative(dataDir, file) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(file)) walk(path.join(file, name));
  };
  walk(dataDir);
  return open;
}

/** What a client sees: lists, a record, the stats, and every image's bytes — to compare two servers by. */
async function snapshot(origin: string, token: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const get = async (url: string) => {
    const res = await fetch(`${origin}${url}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'ru' } });
    const body = Buffer.from(await res.arrayBuffer());
    out.set(url, `${res.status} ${createHash('sha256').update(body).digest('hex')}`);
    return { status: res.status, body };
  };
  for (const list of ['cottage', 'user', 'role', 'region', 'place', 'comfort', 'translate', 'order', 'notification', 'language', 'models', 'stats', 'audit?range=[0,49]']) {
    await get(`/api/v1/${list}`);
  }
  const cottages = JSON.parse((await get('/api/v1/cottage?range=[0,199]')).body.toString()) as { id: string; images?: { image?: string }[]; mainImage?: unknown }[];
  const images = new Set<string>();
  for (const c of cottages) {
    for (const m of JSON.stringify(c).match(/uploads\/images\/[\w-]+\.\w+/g) ?? []) images.add(m);
  }
  if (cottages[0]) await get(`/api/v1/cottage/${cottages[0].id}`);
  for (const image of images) await get(`/${image}`);
  out.set('images', String(images.size));
  return out;
}

function sameAnswers(a: Map<string, string>, b: Map<string, string>): string[] {
  const differ: string[] = [];
  for (const [key, value] of a) if (b.get(key) !== value) differ.push(`${key}: ${value} vs ${b.get(key)}`);
  return differ;
}

async function stop(server: Server, signal: NodeJS.Signals = 'SIGTERM') {
  server.child.kill(signal);
  return exited(server.child);
}

/** A POST whose body arrives in two halves: the second only when `finish()` is called. */
function slowRequest(origin: string, token: string) {
  const body = JSON.stringify({ code: `ops-${randomBytes(4).toString('hex')}`, type: 'content', definition: { uz: 'a', ru: 'b', en: 'c' } });
  const req = request(`${origin}/api/v1/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
  });
  const answer = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  answer.catch(() => {});
  req.write(body.slice(0, 10));
  return { answer, finish: () => req.end(body.slice(10)), abort: () => req.destroy() };
}

const refusesConnections = (origin: string) =>
  fetch(`${origin}/api/v1/health`).then(
    () => false,
    () => true,
  );

async function dataFolder() {
  console.log('\nthe data folder (0700/0600)');
  const fresh = path.join(tempDir('modes'), 'data');
  const server = await startServer({ DATA_DIR: fresh, DEMO_DATA: 'off' });
  check(openModes(fresh).length === 0, `a fresh folder is private while the server runs${openModes(fresh).length ? `: ${openModes(fresh).slice(0, 5).join(', ')}` : ''}`);
  check((await stop(server)) === 0, 'SIGTERM stops it with exit code 0');
  // As an earlier version left it: everything open to everyone.
  spawnSync('chmod', ['-R', 'a+rwX', fresh]);
  for (const file of readdirSync(path.join(fresh, 'db', 'global'))) chmodSync(path.join(fresh, 'db', 'global', file), 0o666);
  const before = openModes(fresh).length;
  const again = await startServer({ DATA_DIR: fresh, DEMO_DATA: 'off' });
  check(before > 900 && openModes(fresh).length === 0, `a folder left 0777/0666 (${before} entries) is mended at start`);
  check(/were open to other users/.test(again.output()), 'and the start says so');
  await stop(again);
}

async function backups() {
  console.log('\nbackups of the embedded database (the demo, with its images)');
  const original = tempDir('original');
  const files = tempDir('files');
  // At info level: the start's signals backfill (routes/signals-backfill.ts) says when it is done. Until then it changes
  // the demo's cottages (their risk) in the background, and the answers compared below would be of a moving target.
  let server = await startServer({ DATA_DIR: original, DEMO_DATA: 'on', LOG_LEVEL: 'info' });
  const token = await login(server.origin);
  for (let i = 0; i < 600 && !/cottages written without signals now have them/.test(server.output()); i++) await new Promise((r) => setTimeout(r, 100));
  check(/cottages written without signals now have them/.test(server.output()), "the demo's signals are computed at the first start");
  // A change after the seed, so the copy is not only what a fresh start would make anyway.
  const extra = slowRequest(server.origin, token);
  extra.finish();
  check((await extra.answer) === 201, 'a write before the backup');
  const answers = await snapshot(server.origin, token);
  check(Number(answers.get('images')) > 10, `the original serves ${answers.get('images')} images`);

  const running = path.join(files, 'running.tar.gz');
  const hot = cli(['backup', running], { DATA_DIR: original });
  check(hot.status === 0 && /backup of the running server/.test(hot.output), `backup of the running server: ${hot.output.trim().split('\n')[0]}`);
  check(existsSync(running) && (statSync(running).mode & 0o777) === 0o600, 'the backup file is 0600');
  for (let i = 0; i < 20 && !/backup: /.test(server.output()); i++) await new Promise((r) => setTimeout(r, 100));
  console.log(`  the server's account: ${/backup: [^\n]*/.exec(server.output())?.[0] ?? '(none)'}`);
  // The server keeps serving after it, and writes again.
  const after = slowRequest(server.origin, token);
  after.finish();
  check((await after.answer) === 201, 'the server writes again after the backup');
  const answersAtBackup = answers;
  const answersNow = await snapshot(server.origin, token);
  check((await stop(server)) === 0, 'the original stops with exit code 0');

  const stopped = path.join(files, 'stopped.tar.gz');
  const cold = cli(['backup', stopped], { DATA_DIR: original });
  check(cold.status === 0 && /backup of the stopped data folder/.test(cold.output), `backup of the stopped folder: ${cold.output.trim().split('\n')[0]}`);
  check(cli(['backup', stopped], { DATA_DIR: original }).status === 1, 'an existing backup file is not overwritten without --force');

  for (const [file, expected, what] of [
    [running, answersAtBackup, 'the running server'],
    [stopped, answersNow, 'the stopped folder'],
  ] as const) {
    const target = path.join(tempDir('restored'), 'data');
    const restored = cli(['restore', file], { DATA_DIR: target });
    check(restored.status === 0, `restore of ${what}'s backup into an empty folder: ${restored.output.trim()}`);
    check(openModes(target).length === 0, 'the restored folder is 0700/0600');
    server = await startServer({ DATA_DIR: target });
    const differ = sameAnswers(expected, await snapshot(server.origin, token));
    check(differ.length === 0, `a server on it answers the original's token exactly as the original did (${expected.size} answers)${differ.length ? `: ${differ.slice(0, 3).join('; ')}` : ''}`);
    await stop(server);
    const refused = cli(['restore', file], { DATA_DIR: target });
    check(refused.status === 1 && /not empty.*--force/.test(refused.output), 'a restore into a non-empty folder is refused without --force');
    const forced = cli(['restore', file, '--force'], { DATA_DIR: target });
    check(forced.status === 0, 'and done with --force');
  }

  const truncated = path.join(files, 'cut.tar.gz');
  writeFileSync(truncated, readFileSync(stopped).subarray(0, 100_000));
  const cut = cli(['restore', truncated], { DATA_DIR: path.join(tempDir('cut'), 'data') });
  check(cut.status === 1 && /cut short|not a readable backup/.test(cut.output), `a backup cut short is refused: ${cut.output.trim()}`);

  const pg = cli(['backup', path.join(files, 'pg.tar.gz')], { DATABASE_URL: 'postgres://u@127.0.0.1:5432/x', JWT_SECRET: 'a'.repeat(32), JWT_REFRESH_SECRET: 'b'.repeat(32) });
  check(pg.status === 1 && /pg_dump/.test(pg.output), 'with DATABASE_URL, backup points to pg_dump');
  const pgRestore = cli(['restore', stopped], { DATABASE_URL: 'postgres://u@127.0.0.1:5432/x', JWT_SECRET: 'a'.repeat(32), JWT_REFRESH_SECRET: 'b'.repeat(32) });
  check(pgRestore.status === 1 && /pg_restore/.test(pgRestore.output), 'and restore to pg_restore');

  await backupUnderLoad(original, files);

  // How long a start's mending takes on this folder when an earlier version left it open.
  spawnSync('chmod', ['-R', 'a+rwX', original]);
  const mendStarted = performance.now();
  const mended = secureDataDir(original);
  console.log(`  mending ${mended} entries of the demo folder took ${(performance.now() - mendStarted).toFixed(0)} ms`);
}

async function shutdown(env: Record<string, string>, what: string) {
  console.log(`\ngraceful shutdown (${what})`);
  const server = await startServer(env);
  const token = await login(server.origin);
  const slow = slowRequest(server.origin, token);
  await new Promise((r) => setTimeout(r, 300));
  server.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 700));
  check(server.child.exitCode === null, 'after SIGTERM the process waits for the request in flight');
  check(await refusesConnections(server.origin), 'and accepts no new connection');
  slow.finish();
  check((await slow.answer) === 201, 'the request in flight is answered (201)');
  const code = await exited(server.child);
  check(code === 0, `the process exits with code 0 (${code})`);
  if (env.DATA_DIR) check(!existsSync(path.join(env.DATA_DIR, 'server.lock')), 'and releases the data folder lock');

  const stuck = await startServer({ ...env, SHUTDOWN_TIMEOUT: '2s' });
  const never = slowRequest(stuck.origin, await login(stuck.origin));
  await new Promise((r) => setTimeout(r, 300));
  const started = performance.now();
  stuck.child.kill('SIGTERM');
  const stuckCode = await Promise.race([exited(stuck.child), new Promise((r) => setTimeout(() => r('still running'), 8000))]);
  const took = (performance.now() - started) / 1000;
  check(stuckCode === 1 && took >= 1.9 && took < 5, `a request that never ends: the process ends at the deadline (exit ${String(stuckCode)} after ${took.toFixed(1)} s)`);
  never.abort();
  if (stuckCode === 'still running') await kill(stuck.child);
  if (env.DATA_DIR) {
    const next = await startServer(env);
    check(true, 'the next start on the folder works');
    await stop(next);
  }
}

// `--only modes|backups|shutdown` runs one part.
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const part = (name: string) => !only || only === name;
try {
  if (part('modes')) await dataFolder();
  if (part('backups')) await backups();
  if (part('shutdown')) await shutdown({ DATA_DIR: path.join(tempDir('shutdown'), 'data') }, 'PGlite, one process');
  if (!part('shutdown')) {
    /* not asked for */
  } else if (pgBase) {
    const name = `dacha_ops_${process.pid}`;
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    await runStatement(pgBase, `create database ${name}`);
    try {
      await shutdown(
        { DATABASE_URL: url.toString(), WORKERS: '2', JWT_SECRET: randomBytes(24).toString('hex'), JWT_REFRESH_SECRET: randomBytes(24).toString('hex') },
        'PostgreSQL, WORKERS=2',
      );
    } finally {
      await runStatement(pgBase, `drop database if exists ${name} with (force)`);
    }
  } else {
    console.log('\ngraceful shutdown (PostgreSQL, WORKERS=2): SKIPPED — TEST_DATABASE_URL is not set');
  }
} catch (err) {
  failures.push((err as Error).message);
  console.error(err);
} finally {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
}
console.log(failures.length ? `\nops test: ${failures.length} FAILED` : '\nops test: all passed');
process.exit(failures.length ? 1 : 0);
