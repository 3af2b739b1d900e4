/**
 * Fifty administrators at once (issue #38): the real server as `npm start` runs it, in a process of its own with
 * `--workers` processes (PostgreSQL; the embedded PGlite runs one), on a database holding `--cottages` cottages from
 * the scale seeder and `--admins` SUPER-ADMIN accounts. The admins log in 100 ms apart from one address, as a team
 * arrives at 9:00 (an admin asked to wait, 429, waits its Retry-After and logs in again, and is counted), then loop
 * over what the panel does — the home stats, list pages of cottages, orders, regions, places and users with
 * range/sort/filter, opening a record, and now and then an edit (a cottage's name and a region's name, back and
 * forth). The access token lives `--ttl` (20 s, shorter for short runs), so every admin refreshes its pair on 406 and
 * retries the call, as the panel does. Last, 40 wrong passwords at once for one username: at most 10 may be checked.
 *
 * `--baseline DIR` runs the same load first against another checkout's server (a git worktree of the commit before
 * a change), back to back on the same machine, and prints the throughput ratio. `--cpu-prof DIR` writes the server
 * processes' CPU profiles there.
 *
 * Prints p50/p99 per call beside the goals and a verdict; exits 1 when a call failed (a status >= 400 other than the
 * 406 a refresh answers, or no answer) or answered >= 500.
 *
 *   npx tsx bench/admins.ts [--engine postgres|pglite|both] [--workers 2] [--seconds 60] [--admins 50]
 *     [--cottages 2000] [--think-ms 0] [--baseline ../wt-base] [--cpu-prof /tmp/prof] [--keep-seed]
 *
 * `--keep-seed` (PostgreSQL): the seeded database (cottages, their signals, the admins: minutes of setup) is kept as
 * `dacha_bench_admins_seed_<cottages>_<admins>` and each later run starts from a copy of it (drop it by hand).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, openPostgres } from '../src/server/db/open';
import { type Database } from '../src/server/db/client';
import { cottages, definitions, languages, regions, roles, translations, userRoles, users } from '../src/server/db/schema';
import { bootstrap } from '../src/server/seed/bootstrap';
import { seedScale } from '../src/server/seed/scale';
import { hashPassword } from '../src/server/auth/passwords';
import { SUPER_ADMIN_ROLE } from '../src/shared/enums';
import { diskStorage } from '../src/server/storage';
import { startServer, stopServer } from '../scripts/lib/server-process';
import { cottagesToBackfill } from '../src/server/repos/signals';
import { recomputeSignals } from '../src/server/routes/cottage-signals';
import { runStatement } from '../src/server/db/run-statement';
import { BENCH_ADMIN, benchDatabaseUrl, createBenchDatabase, dropBenchDatabase } from './lib/postgres';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '60' },
    admins: { type: 'string', default: '50' },
    cottages: { type: 'string', default: '2000' },
    ttl: { type: 'string' },
    'think-ms': { type: 'string', default: '0' },
    workers: { type: 'string', default: '2' },
    baseline: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'keep-seed': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const ADMINS = Number(args.admins);
const COTTAGES = Number(args.cottages);
const THINK_MS = Number(args['think-ms']);
// Long enough not to expire mid-login, short enough that every admin refreshes at least twice in the run.
const TTL = args.ttl ?? `${Math.max(5, Math.min(20, Math.floor(SECONDS / 3)))}s`;
const ENGINES = args.engine === 'both' ? (['postgres', 'pglite'] as const) : ([args.engine === 'pglite' ? 'pglite' : 'postgres'] as const);
const PASSWORD = 'bench-admin-password';
/** The goals of issue #38: list reads (PostgreSQL / PGlite), edits, and the morning's logins. */
/** A 640-pixel picture's window hashes (`images/phash.ts`), as stored. */
const WINDOW_BYTES = 2624;
const GOAL = { listP99: { postgres: 200, pglite: 400 }, editP99: 400, loginsSeconds: 10, wrongChecked: 10, throughputRatio: 2 };

interface CallFigures {
  name: string;
  count: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}
interface WorkerResult {
  elapsed: number;
  calls: CallFigures[];
  errors: string[];
  refreshes: number;
  /** The morning: from the first login's start to the last one's answer, and how many were asked to wait. */
  logins: { done: number; wallSeconds: number; toldToWait: number };
  /** 40 wrong passwords at once for one username: how many were checked (401) and refused (429). */
  wrong: { checked: number; refused: number };
}


/** The admin accounts (SUPER-ADMIN each), and a spare region name each. */
async function prepareAdmins(database: Database) {
  const db = database.db;
  const [superAdmin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE));
  const hash = await hashPassword(PASSWORD);
  const made = await db
    .insert(users)
    .values(Array.from({ length: ADMINS }, (_, i) => ({ username: `bench-admin-${i}`, name: `Bench admin ${i}`, passwordHash: hash })))
    .returning({ id: users.id, username: users.username });
  await db.insert(userRoles).values(made.map((u) => ({ userId: u.id, roleId: superAdmin.id })));
  const langs = await db.select({ id: languages.id }).from(languages);
  for (let i = 0; i < ADMINS; i++) {
    const [t] = await db.insert(translations).values({ code: `bench.spare.region.${i}`, type: 'content' }).returning({ id: translations.id });
    await db.insert(definitions).values(langs.map((l) => ({ translationId: t.id, languageId: l.id, value: `Bench region ${i}` })));
  }
}

/** Each admin's account, cottage and region to edit, and spare region name (the ones `prepareAdmins` made). */
async function adminsOf(database: Database) {
  const db = database.db;
  const made = await db.select({ username: users.username }).from(users).where(sql`${users.username} like 'bench-admin-%'`);
  made.sort((a, b) => Number(a.username!.split('-').at(-1)) - Number(b.username!.split('-').at(-1)));
  const someCottages = await db.select({ id: cottages.id, name: cottages.name }).from(cottages).orderBy(cottages.id).limit(ADMINS);
  const allRegions = await db.select({ id: regions.id, nameTranslateId: regions.nameTranslateId }).from(regions).orderBy(regions.id);
  const spareOf = new Map((await db.select({ id: translations.id, code: translations.code }).from(translations).where(sql`${translations.code} like 'bench.spare.region.%'`)).map((t) => [t.code, t.id]));
  const spare = made.map((_, i) => spareOf.get(`bench.spare.region.${i}`)!);
  // Each admin toggles a region between its own name and its own spare one; admins sharing a region never need the
  // same spare name.
  return made.map((u, i) => {
    const region = allRegions[i % allRegions.length];
    return {
      username: u.username,
      password: PASSWORD,
      cottage: someCottages[i % someCottages.length].id,
      cottageName: someCottages[i % someCottages.length].name,
      region: region.id,
      regionName: region.nameTranslateId,
      spare: spare[i],
    };
  });
}

async function idsOf(database: Database) {
  const pick = async (table: string) => {
    const res = await database.db.execute(sql.raw(`select id from ${table} order by random() limit 200`));
    return (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  };
  return { cottage: await pick('cottage'), order: await pick('orders'), region: await pick('region') };
}

function drive(workerData: object): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./lib/admins-worker.mjs', import.meta.url), { workerData });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** The database as a working day finds it: migrated, the scale seed, each image's hashes, the signals, the admins. */
async function seedFor(database: Database, dataDir: string, label: string) {
  await database.migrate();
  await bootstrap(database.db, BENCH_ADMIN);
  const storage = diskStorage(dataDir);
  await seedScale(database.db, storage, { cottages: COTTAGES, batch: 10_000 });
  // The scale seed shares 8 picture files over all cottages (for disk's sake), which would make every cottage a copy
  // of hundreds of others. Listings' photos are mostly their own: each image gets hashes of its own (random 64-bit,
  // never near another), and window hashes of their own, as if its file had been hashed. (The seed has hashed the
  // shared files already: replaced, or every edit's signals found ~500 near photos; without windows the signals'
  // backfill hashes the files again.)
  await database.db.execute(sql`insert into cottage_image_hash (image_id, hashes, image, windows)
    select i.id, array[${sql.join(Array.from({ length: 4 }, () => sql`(random() * 9.2e18)::bigint`), sql`, `)}], i.image,
      decode(repeat(md5(random()::text || i.id::text), ${WINDOW_BYTES / 16}), 'hex') from cottage_image i
    on conflict (image_id) do update set hashes = excluded.hashes, windows = excluded.windows`);
  // The signals a first start backfills (routes/signals-backfill.ts), computed before the load: the bench measures a
  // working day, not the first start after an upgrade.
  const started = performance.now();
  for (let after: string | null = null, ids: string[]; (ids = await cottagesToBackfill(database.db, after, 200)).length; after = ids.at(-1)!) {
    await recomputeSignals(database.db, storage, ids);
  }
  console.log(`admins (${label}): signals of ${COTTAGES} cottages computed in ${((performance.now() - started) / 1000).toFixed(1)} s before the load`);
  await prepareAdmins(database);
}

interface Run {
  throughput: number;
  ok: boolean;
}

/** A database of its own, seeded; the server (this checkout's or `cwd`'s) on it; the load; the figures. */
async function runEngine(engine: 'postgres' | 'pglite', label: string, cwd?: string): Promise<Run | 'skipped'> {
  const dbName = `dacha_bench_admins_${process.pid}_${label}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-bench-admins-'));
  let database: Database;
  let databaseUrl: string | undefined;
  const seedName = `dacha_bench_admins_seed_${COTTAGES}_${ADMINS}`;
  const fromSeed = engine === 'postgres' && args['keep-seed'] && (await runStatement(benchDatabaseUrl(seedName), 'select 1').then(() => true, () => false));
  if (fromSeed) {
    await runStatement(benchDatabaseUrl('postgres'), `create database ${dbName} template ${seedName}`);
    databaseUrl = benchDatabaseUrl(dbName);
    database = openPostgres(databaseUrl);
  } else if (engine === 'postgres') {
    databaseUrl = await createBenchDatabase('admins: postgres', dbName);
    if (!databaseUrl) {
      await rm(dataDir, { recursive: true, force: true });
      return 'skipped';
    }
    database = openPostgres(databaseUrl);
  } else {
    // Where and as the server opens it (`DATA_DIR/db`): seeded elsewhere, the server started on an empty database.
    database = await openDatabase({ dataDir });
  }
  const workers = engine === 'postgres' ? Number(args.workers) : 1;
  try {
    if (!fromSeed) await seedFor(database, dataDir, label);
    const admins = await adminsOf(database);
    const ids = await idsOf(database);
    if (engine === 'postgres') await database.db.execute(sql`vacuum analyze`);
    // The server opens the database itself (PGlite: the data folder, which one process at a time may hold).
    await database.close();
    if (args['keep-seed'] && engine === 'postgres' && !fromSeed) await runStatement(benchDatabaseUrl('postgres'), `create database ${seedName} template ${dbName}`);
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        WORKERS: String(workers),
        JWT_SECRET: 'bench-access-secret-0123456789-abcdef',
        JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789-abcdef',
        ACCESS_TOKEN_TTL: TTL,
        ADMIN_USERNAME: BENCH_ADMIN.username,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        LOG_LEVEL: 'silent',
      },
      { cwd, nodeArgs: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'], label)}`] : [] },
    );
    try {
      console.log(`admins (${label}): ${engine}, ${workers} server process(es), ${ADMINS} admins × ${SECONDS} s, ${COTTAGES} cottages, access token ${TTL}, think time ${THINK_MS} ms`);
      const result = await drive({ origin: server.origin, seconds: SECONDS, thinkMs: THINK_MS, seed: 20261124, admins, ids });
      return report(engine, result);
    } finally {
      await stopServer(server.child);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') await dropBenchDatabase(dbName);
  }
}

const isList = (name: string) => name.startsWith('GET') && / (page|list)$/.test(name);
const isEdit = (name: string) => name.startsWith('PATCH');
const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');

function report(engine: 'postgres' | 'pglite', result: WorkerResult): Run {
  const total = result.calls.reduce((s, c) => s + c.count, 0);
  let serverErrors = 0;
  let goalsMet = true;
  const listGoal = GOAL.listP99[engine];
  console.log(`  ${'call'.padEnd(24)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  ${'goal'.padEnd(14)} statuses`);
  for (const c of result.calls.sort((a, b) => b.count - a.count)) {
    serverErrors += Object.entries(c.statuses).reduce((s, [status, n]) => s + (Number(status) >= 500 ? n : 0), 0);
    const statuses = Object.entries(c.statuses)
      .map(([st, n]) => `${st}×${n}`)
      .join(' ');
    const goal = isList(c.name) ? listGoal : isEdit(c.name) ? GOAL.editP99 : undefined;
    const met = goal === undefined || c.p99 <= goal;
    goalsMet &&= met;
    const goalText = goal === undefined ? '' : `p99 ≤ ${goal} ${mark(met)}`;
    console.log(`  ${c.name.padEnd(24)} ${String(c.count).padStart(7)} ${c.p50.toFixed(1).padStart(8)} ${c.p99.toFixed(1).padStart(8)}  ${goalText.padEnd(14)} ${statuses}`);
  }
  const throughput = total / result.elapsed;
  console.log(`  ${total} calls in ${result.elapsed.toFixed(1)} s: ${throughput.toFixed(0)} calls/s, ${result.refreshes} token refreshes on 406`);
  const { logins } = result;
  const loginsMet = logins.done === ADMINS && logins.wallSeconds <= GOAL.loginsSeconds && logins.toldToWait === 0;
  console.log(
    `  logins: ${logins.done} of ${ADMINS} in ${logins.wallSeconds.toFixed(1)} s, ${logins.toldToWait} told to wait (429)` +
      `  goal: all in ≤ ${GOAL.loginsSeconds} s, none told to wait ${mark(loginsMet)}`,
  );
  const wrongMet = result.wrong.checked <= GOAL.wrongChecked;
  console.log(`  40 wrong passwords at once for one username: ${result.wrong.checked} checked (401), ${result.wrong.refused} refused (429)  goal: ≤ ${GOAL.wrongChecked} checked ${mark(wrongMet)}`);
  for (const e of result.errors.slice(0, 20)) console.log(`  error: ${e}`);
  const ok = result.errors.length === 0 && serverErrors === 0 && result.refreshes > 0 && wrongMet;
  console.log(
    `  verdict (${engine}): ${ok ? 'PASS' : 'FAIL'} — ${result.errors.length} errors, ${serverErrors} responses ≥ 500, ` +
      `${result.refreshes > 0 ? `${result.refreshes} refreshes` : 'no refresh happened (run longer or lower --ttl)'}; ` +
      `latency goals ${goalsMet && loginsMet ? 'met' : 'MISSED (see MISS above)'}`,
  );
  return { throughput, ok };
}

let failed = false;
for (const engine of ENGINES) {
  const base = args.baseline ? await runEngine(engine, 'baseline', path.resolve(args.baseline)) : undefined;
  const now = await runEngine(engine, 'current');
  if (now === 'skipped') continue;
  if (!now.ok) failed = true;
  if (base && base !== 'skipped') {
    const ratio = now.throughput / base.throughput;
    console.log(
      `admins (${engine}): throughput ${base.throughput.toFixed(0)} → ${now.throughput.toFixed(0)} calls/s, ×${ratio.toFixed(2)} ` +
        `(goal ≥ ×${GOAL.throughputRatio} ${mark(ratio >= GOAL.throughputRatio)})`,
    );
  }
}
process.exit(failed ? 1 : 0);
