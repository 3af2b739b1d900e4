/**
 * Fifty administrators at once: the real app listening on a port (PostgreSQL and the embedded PGlite, `--engine`),
 * `--cottages` cottages from the scale seeder, and `--admins` accounts that each log in once (all from one address,
 * so the login throttle is part of the test: 100 ms apart, as a team arrives, and an admin asked to wait (429) waits
 * its Retry-After and logs in again) and then loop over what the panel does — the home stats, list pages of
 * cottages, orders, regions, places and users with range/sort/filter, opening a record, and now and then an edit (a
 * cottage's name and a region's name, back and forth). The access token lives `--ttl` (20 s, shorter for short runs)
 * so every admin refreshes its pair on 406 during the run and retries the call, as the panel does.
 *
 * Prints p50/p99 per call and a verdict; exits 1 when any call failed (a status ≥ 400 other than the 406 that a
 * refresh answers, or no answer at all) or answered ≥ 500.
 *
 *   npx tsx bench/admins.ts [--engine postgres|pglite|both] [--seconds 60] [--admins 50] [--cottages 2000] [--think-ms 0]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPostgres } from '../src/server/db/open';
import { type Database } from '../src/server/db/client';
import { openPglite, PGLITE_EXTENSIONS } from '../src/server/db/pglite';
import { cottages, definitions, languages, regions, roles, translations, userRoles, users } from '../src/server/db/schema';
import { bootstrap } from '../src/server/db/seed/bootstrap';
import { seedScale } from '../src/server/db/seed/scale';
import { hashPassword } from '../src/server/auth/passwords';
import { SUPER_ADMIN_ROLE } from '../src/shared/enums';
import { diskStorage } from '../src/server/storage';
import { BENCH_ADMIN, createBenchDatabase, dropBenchDatabase } from './lib/postgres';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '60' },
    admins: { type: 'string', default: '50' },
    cottages: { type: 'string', default: '2000' },
    ttl: { type: 'string' },
    'think-ms': { type: 'string', default: '0' },
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
}


/** The admin accounts (SUPER-ADMIN each), their own cottage and region to edit, and a spare region name each. */
async function prepareAdmins(database: Database) {
  const db = database.db;
  const [superAdmin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE));
  const hash = await hashPassword(PASSWORD);
  const made = await db
    .insert(users)
    .values(Array.from({ length: ADMINS }, (_, i) => ({ username: `bench-admin-${i}`, name: `Bench admin ${i}`, passwordHash: hash })))
    .returning({ id: users.id, username: users.username });
  await db.insert(userRoles).values(made.map((u) => ({ userId: u.id, roleId: superAdmin.id })));
  const someCottages = await db.select({ id: cottages.id, name: cottages.name }).from(cottages).orderBy(cottages.id).limit(ADMINS);
  const allRegions = await db.select({ id: regions.id, nameTranslateId: regions.nameTranslateId }).from(regions).orderBy(regions.id);
  const langs = await db.select({ id: languages.id }).from(languages);
  const spare: string[] = [];
  for (let i = 0; i < ADMINS; i++) {
    const [t] = await db.insert(translations).values({ code: `bench.spare.region.${i}`, type: 'content' }).returning({ id: translations.id });
    await db.insert(definitions).values(langs.map((l) => ({ translationId: t.id, languageId: l.id, value: `Bench region ${i}` })));
    spare.push(t.id);
  }
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

async function runEngine(engine: 'postgres' | 'pglite'): Promise<boolean | 'skipped'> {
  const dbName = `dacha_bench_admins_${process.pid}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-bench-admins-'));
  let database: Database;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    databaseUrl = await createBenchDatabase('admins: postgres', dbName);
    if (!databaseUrl) {
      await rm(dataDir, { recursive: true, force: true });
      return 'skipped';
    }
    database = openPostgres(databaseUrl);
  } else {
    database = openPglite(new PGlite(path.join(dataDir, 'pg'), { extensions: PGLITE_EXTENSIONS }), 'bench');
  }
  try {
    await database.migrate();
    await bootstrap(database.db, BENCH_ADMIN);
    const storage = diskStorage(dataDir);
    await seedScale(database.db, storage, { cottages: COTTAGES, batch: 10_000 });
    const admins = await prepareAdmins(database);
    const ids = await idsOf(database);
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JWT_SECRET: 'bench-access-secret-0123456789-abcdef',
      JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789-abcdef',
      ACCESS_TOKEN_TTL: TTL,
      ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp(config, { database, storage, closeDatabase: false });
    try {
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      console.log(`admins: ${engine}, ${ADMINS} admins × ${SECONDS} s, ${COTTAGES} cottages, access token ${TTL}, think time ${THINK_MS} ms`);
      const result = await drive({
        origin,
        seconds: SECONDS,
        thinkMs: THINK_MS,
        seed: 20261124,
        admins,
        ids,
      });
      const total = result.calls.reduce((s, c) => s + c.count, 0);
      let serverErrors = 0;
      console.log(`  ${'call'.padEnd(24)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  statuses`);
      for (const c of result.calls.sort((a, b) => b.count - a.count)) {
        serverErrors += Object.entries(c.statuses).reduce((s, [status, n]) => s + (Number(status) >= 500 ? n : 0), 0);
        const statuses = Object.entries(c.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ');
        console.log(`  ${c.name.padEnd(24)} ${String(c.count).padStart(7)} ${c.p50.toFixed(1).padStart(8)} ${c.p99.toFixed(1).padStart(8)}  ${statuses}`);
      }
      console.log(`  ${total} calls in ${result.elapsed.toFixed(1)} s (${(total / result.elapsed).toFixed(0)}/s), ${result.refreshes} token refreshes on 406`);
      // How the list reads were answered: from a kept answer (cache/kept-answers.ts), sharing an identical computation
      // under way, or computed.
      const { kept, shared, computed } = app.caches.listPages.stats;
      const reads = kept + shared + computed;
      const share = (n: number) => `${((n / Math.max(1, reads)) * 100).toFixed(1)} %`;
      console.log(`  list reads: ${reads}, served from kept answers ${share(kept)}, shared ${share(shared)}, computed ${share(computed)}`);
      for (const e of result.errors.slice(0, 20)) console.log(`  error: ${e}`);
      const ok = result.errors.length === 0 && serverErrors === 0 && result.refreshes > 0;
      const why = [
        `${result.errors.length} errors`,
        `${serverErrors} responses ≥ 500`,
        result.refreshes > 0 ? `${result.refreshes} refreshes` : 'no refresh happened (run longer or lower --ttl)',
      ].join(', ');
      console.log(`  verdict (${engine}): ${ok ? 'PASS' : 'MISS'} — ${why}`);
      return ok;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') await dropBenchDatabase(dbName);
  }
}

let failed = false;
for (const engine of ENGINES) if ((await runEngine(engine)) === false) failed = true;
process.exit(failed ? 1 : 0);
