/**
 * The command-line entry: read the config, lock the data folder, open and migrate the database, seed, listen.
 * Problems a person can fix end the process with one clear line, never a stack trace.
 */
import './v8-memory';
import './auth/thread-pool';
import cluster from 'node:cluster';
import { ConfigError, loadConfig, startWarnings, type Config } from './config';
import { openDatabase } from './db/open';
import { type Database } from './db/client';
import { bootstrap } from './seed/bootstrap';
import { usePasswordCost } from './auth/passwords';
import type { DemoResult } from './seed/demo';
import { describeStorage, failureText, openStorage } from './storage';
import { lockDataDir, LockedError, staleLockNotice } from './lock';
import { resolveSecrets } from './secrets';
import { startWorkers, workerFatal } from './cluster';
import { restrictUmask, secureDataDir } from './data-dir';
import { onShutdown } from './shutdown';

function fail(message: string): never {
  console.error(`dacha-admin: ${message}`);
  process.exit(1);
}

function loadConfigOrFail(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`configuration problem:\n  ${err.problems.join('\n  ')}`);
    throw err;
  }
}

/** Builds the app on `database` and listens; a port in use ends the process with one line. */
async function serve(config: Config, database: Database, onListenError: (message: string) => void) {
  // Imported here, not above: the app's packages (Fastify, zod, the routes) load only in the process that serves —
  // a primary of workers never has them in memory (docs/decisions.md, "Performance": memory).
  const { buildApp } = await import('./app');
  const app = await buildApp(config, { database, storage: await openStorage(config), logger: { level: config.logLevel } });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    onListenError(code === 'EADDRINUSE' ? `port ${config.port} is already in use; set PORT to another one` : (err as Error).message);
  }
  return app;
}

/** A worker of `WORKERS=N`: the primary has prepared the database; open it, serve, close on SIGTERM. */
async function runWorker() {
  restrictUmask();
  const config = resolveSecrets(loadConfig());
  const database = await openDatabase(config).catch((err) => workerFatal(`cannot open the database: ${(err as Error).message}`));
  if (!database) return;
  const app = await serve(config, database, workerFatal);
  onShutdown(() => app.close(), { timeoutMs: config.shutdownTimeoutSeconds * 1000, log: (line) => console.log(`dacha-admin (pid ${process.pid}): ${line}`) });
}

async function main() {
  if (cluster.isWorker) return runWorker();
  let config = loadConfigOrFail();
  for (const warning of startWarnings(config)) console.warn(`dacha-admin: warning: ${warning}`);
  // Before anything is written there (the lock, the secrets, PGlite's files).
  const mended = secureDataDir(config.dataDir);
  if (mended) console.log(`dacha-admin: ${mended} files and folders in ${config.dataDir} were open to other users; now only this user's (0700/0600)`);
  let unlock = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir, { onStale: (pid) => console.log(`dacha-admin: ${staleLockNotice(pid)}`) });
    } catch (err) {
      if (err instanceof LockedError) fail(err.message);
      throw err;
    }
  }
  config = resolveSecrets(config);
  const database = await openDatabase(config).catch((err) => fail(`cannot open the database: ${(err as Error).message}`));
  await database.migrate().catch((err) => fail(`database migration failed: ${(err as Error).message}`));
  usePasswordCost(config.scryptN);
  const seeded = await bootstrap(database.db, { username: config.adminUsername, password: config.adminPassword }).catch((err) =>
    fail(err instanceof ConfigError ? `configuration problem:\n  ${err.problems.join('\n  ')}` : failureText(err)),
  );
  const storage = await openStorage(config);
  // DEMO_DATA: on by default only for a new embedded database (its first start is the one that creates the admin).
  let demo: DemoResult | undefined;
  if (config.demoData ?? (!config.databaseUrl && Boolean(seeded.createdAdmin))) {
    const { seedDemo } = await import('./seed/demo');
    demo = await seedDemo(database.db, storage).catch((err) => fail(`demo data could not be seeded: ${failureText(err)}`));
  }

  let port: number;
  let stop: () => Promise<boolean | void>;
  if (config.workers > 1) {
    // The workers open their own connections; the primary keeps none.
    await database.close();
    const workers = await startWorkers(config.workers, (line) => console.log(`dacha-admin: ${line}`), fail).catch((err) => fail((err as Error).message));
    port = workers.port;
    stop = workers.stop;
  } else {
    const app = await serve(config, database, (message) => {
      unlock();
      fail(message);
    });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : config.port;
    // `npm run backup` while this server runs (the embedded database only; backup/control.ts).
    const { serveBackups } = await import('./backup/control');
    const stopBackups = await serveBackups(config.dataDir, database, (line) => console.log(`dacha-admin: ${line}`));
    stop = async () => {
      await stopBackups();
      await app.close();
    };
  }
  onShutdown(
    async () => {
      const clean = await stop();
      unlock();
      if (clean === false) throw new Error('a server process had to end at its deadline');
    },
    {
      // The primary of workers waits for theirs, each with the same deadline: a moment more.
      timeoutMs: config.shutdownTimeoutSeconds * 1000 + (config.workers > 1 ? 2000 : 0),
      log: (line) => console.log(`dacha-admin: ${line}`),
      onDeadline: unlock,
    },
  );
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  // One write for the whole banner: a reader of the pipe (a supervisor, the tests) never sees half of it.
  const banner = [
    `\nDacha Admin is running at ${url}/`,
    `  API ${url}/api/v1 · reference ${url}/docs`,
    `  database: ${database.description}${config.workers > 1 ? ` · ${config.workers} server processes (WORKERS)` : ''}`,
    `  uploads: ${describeStorage(config)}`,
  ];
  if (demo?.seeded) {
    banner.push(`  demo data: ${demo.cottages} cottages in Uzbekistan's regions (DEMO_DATA=off skips it on a new database)`);
    if (demo.moderator) banner.push(`  demo moderator: "${demo.moderator.username}" with the password ${demo.moderator.password} (shown only this once)`);
  }
  if (seeded.createdAdmin) {
    const { username, password, generated } = seeded.createdAdmin;
    banner.push(`  first start: log in as "${username}"${generated ? ` with the password ${password} (shown only this once)` : ' with ADMIN_PASSWORD'}`);
  }
  console.log(banner.join('\n'));
}

main().catch((err) => fail((err as Error).stack ?? String(err)));
