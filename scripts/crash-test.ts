/**
 * `npm run test:crash`: acknowledged writes survive a `kill -9`.
 *
 * For each engine, the real server (`src/server/main.ts`, as `npm start` runs it, without the admin build) is started,
 * logged into and loaded with concurrent creates (translations: a row and one definition per language in one
 * transaction); while several are in flight it is killed with SIGKILL. It is then started again on the same data
 * folder (PGlite) or database (PostgreSQL) and every write that was answered with a 2xx must be there, unchanged.
 * PGlite's restarts must also take over the stale data-folder lock and say so in the log.
 *
 *   npx tsx scripts/crash-test.ts [--rounds 5] [--concurrency 8] [--engine pglite|postgres|both]
 *
 * PostgreSQL runs when TEST_DATABASE_URL is set (a database of its own is created and dropped). Prints per engine:
 * rounds, acknowledged / found / lost. Exits 1 on any loss or a failed restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runStatement } from '../src/server/db/run-statement';
import { kill, login, startServer, type Server } from './lib/server-process';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
    engine: { type: 'string', default: 'both' },
  },
});
const ROUNDS = Number(args.rounds);
const CONCURRENCY = Number(args.concurrency);
const pgBase = process.env.TEST_DATABASE_URL;

type Engine = 'pglite' | 'postgres';

/** A write the server answered with a 2xx: its code (unique), and its id when the body arrived too. */
interface Ack {
  code: string;
  id?: string;
  round: number;
}

interface Load {
  acked: Ack[];
  /** Sent but never answered (cut by the kill): they may or may not have committed. */
  unanswered: string[];
  /** Answers other than 2xx: none are expected, each create is valid and unique. */
  refused: string[];
}

/** Concurrent creates until the server dies; the kill comes once `killAfterAcks` writes were acknowledged. */
async function loadAndKill(server: Server, token: string, round: number, killAfterAcks: number): Promise<Load> {
  const load: Load = { acked: [], unanswered: [], refused: [] };
  let dead = false;
  let seq = 0;
  let killing: Promise<void> | undefined;
  const worker = async (w: number) => {
    while (!dead) {
      const code = `crash-${process.pid}-r${round}-w${w}-${seq++}`;
      const body = { code, type: 'content', definition: { uz: `uz ${code}`, ru: `ru ${code}`, en: `en ${code}` } };
      let res: Response;
      try {
        res = await fetch(`${server.origin}/api/v1/translate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
      } catch {
        load.unanswered.push(code);
        dead = true;
        break;
      }
      if (res.status < 200 || res.status > 299) {
        load.refused.push(`${res.status} ${await res.text().catch(() => '')}`);
        if (load.refused.length >= 10) killing ??= kill(server.child);
        continue;
      }
      // The status line is the acknowledgement; the id is a bonus when the body made it before the kill.
      const ack: Ack = { code, round };
      load.acked.push(ack);
      try {
        ack.id = ((await res.json()) as { id: string }).id;
      } catch {
        /* cut off mid-body */
      }
      // A random few milliseconds later, so the kill lands at a different step of the writes in flight each time.
      if (!killing && load.acked.length >= killAfterAcks) {
        killing = new Promise((r) => setTimeout(r, Math.random() * 25)).then(() => kill(server.child));
      }
    }
  };
  const deadline = setTimeout(() => (killing ??= kill(server.child)), 30_000);
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  clearTimeout(deadline);
  await (killing ?? kill(server.child));
  return load;
}

interface Check {
  found: number;
  lost: Ack[];
  torn: string[];
  unansweredFound: number;
}

async function check(origin: string, token: string, acked: Ack[], unanswered: string[]): Promise<Check> {
  const res = await fetch(`${origin}/api/v1/translate`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`the translation list answered ${res.status}: ${await res.text()}`);
  const rows = (await res.json()) as { id: string; code: string; value: string | null }[];
  const byCode = new Map(rows.map((r) => [r.code, r]));
  // Found means whole: the same id, and the definition rows of the same transaction (the Uzbek text is the list's value).
  const lost = acked.filter((a) => {
    const row = byCode.get(a.code);
    return !row || (a.id !== undefined && row.id !== a.id) || row.value !== `uz ${a.code}`;
  });
  // No write of ours may be there in part (a translation without its definitions), answered or not.
  const torn = rows.filter((r) => r.code.startsWith(`crash-${process.pid}-`) && r.value !== `uz ${r.code}`).map((r) => r.code);
  return { found: acked.length - lost.length, lost, torn, unansweredFound: unanswered.filter((c) => byCode.has(c)).length };
}

interface EngineResult {
  engine: Engine;
  rounds: number;
  acked: number;
  found: number;
  lost: number;
  failure?: string;
  seconds: number;
}

async function runEngine(engine: Engine, env: Record<string, string>): Promise<EngineResult> {
  const started = Date.now();
  const acked: Ack[] = [];
  const result: EngineResult = { engine, rounds: 0, acked: 0, found: 0, lost: 0, seconds: 0 };
  let server: Server | undefined;
  let unansweredOfLastRound: string[] = [];
  try {
    let previousPid: number | undefined;
    for (let round = 1; round <= ROUNDS + 1; round++) {
      // Each start after a kill is the restart under test: same folder or database.
      const starting = Date.now();
      server = await startServer(env);
      const startSeconds = ((Date.now() - starting) / 1000).toFixed(1);
      if (engine === 'pglite' && previousPid !== undefined && !server.output().includes(`lock of pid ${previousPid} was stale`)) {
        throw new Error(`the restart did not report taking over the stale lock of pid ${previousPid}:\n${server.output()}`);
      }
      const token = await login(server.origin);
      if (round > 1) {
        const last = acked.filter((a) => a.round === round - 1);
        const c = await check(server.origin, token, acked, unansweredOfLastRound);
        const lostNow = c.lost.length;
        console.log(
          `  ${engine} round ${round - 1}: killed with ${unansweredOfLastRound.length} writes in flight, restarted in ${startSeconds} s; ` +
            `${last.length} acknowledged this round, all rounds so far ${acked.length} acknowledged / ${c.found} found / ${lostNow} lost` +
            ` (in flight at the kill and committed anyway: ${c.unansweredFound})`,
        );
        for (const a of c.lost.slice(0, 5)) console.log(`    LOST: ${a.code}${a.id ? ` (id ${a.id})` : ''}, acknowledged in round ${a.round}`);
        if (c.torn.length) throw new Error(`${c.torn.length} writes are there only in part (e.g. ${c.torn[0]}): a transaction was torn`);
        result.rounds = round - 1;
        result.acked = acked.length;
        result.found = c.found;
        result.lost = lostNow;
        if (lostNow) break;
      }
      if (round > ROUNDS) break;
      // Kill at a varying point: after 20 to 80 acknowledged writes.
      const load = await loadAndKill(server, token, round, 20 + Math.floor(Math.random() * 60));
      if (load.refused.length) throw new Error(`${load.refused.length} creates were refused, e.g. ${load.refused[0]}`);
      if (!load.acked.length) throw new Error('no create was acknowledged before the kill');
      acked.push(...load.acked);
      unansweredOfLastRound = load.unanswered;
      previousPid = server.child.pid;
      server = undefined;
    }
  } catch (error) {
    result.failure = (error as Error).message;
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise<void>((r) => (server!.child.exitCode !== null ? r() : server!.child.once('exit', () => r())));
    }
  }
  result.seconds = (Date.now() - started) / 1000;
  return result;
}
const adminSql = (sql: string) => runStatement(pgBase!, sql);

const engines: Engine[] = args.engine === 'both' ? ['pglite', 'postgres'] : [args.engine as Engine];
const results: EngineResult[] = [];
const skipped: string[] = [];
const emptyAdmin = await mkdtemp(path.join(os.tmpdir(), 'dacha-crash-admin-'));
for (const engine of engines) {
  console.log(`\n${engine}: ${ROUNDS} rounds of ${CONCURRENCY} concurrent creates, kill -9 mid-load, restart, read back`);
  if (engine === 'pglite') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-crash-'));
    try {
      results.push(await runEngine(engine, { DATA_DIR: dataDir, ADMIN_DIST_DIR: emptyAdmin }));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  } else {
    if (!pgBase) {
      skipped.push('postgres: SKIPPED — TEST_DATABASE_URL is not set');
      console.log(`  ${skipped.at(-1)}`);
      continue;
    }
    const name = `dacha_crash_${process.pid}`;
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-crash-pg-'));
    await adminSql(`create database ${name}`);
    try {
      results.push(
        await runEngine(engine, {
          DATA_DIR: dataDir,
          ADMIN_DIST_DIR: emptyAdmin,
          DATABASE_URL: url.toString(),
          JWT_SECRET: 'crash-access-secret-0123456789-abcdef',
          JWT_REFRESH_SECRET: 'crash-refresh-secret-0123456789-abcdef',
        }),
      );
    } finally {
      await adminSql(`drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
await rm(emptyAdmin, { recursive: true, force: true });

console.log('\ncrash test summary');
for (const r of results) {
  const ok = !r.failure && r.lost === 0 && r.rounds === ROUNDS;
  console.log(
    `  ${ok ? '✓' : '✗'} ${r.engine}: ${r.rounds}/${ROUNDS} rounds, ${r.acked} acknowledged / ${r.found} found / ${r.lost} lost, ${r.seconds.toFixed(0)} s` +
      (r.failure ? `\n    FAILED: ${r.failure.split('\n').slice(0, 12).join('\n    ')}` : ''),
  );
}
for (const s of skipped) console.log(`  ! ${s}`);
process.exit(results.every((r) => !r.failure && r.lost === 0 && r.rounds === ROUNDS) ? 0 : 1);
