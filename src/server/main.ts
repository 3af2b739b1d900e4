/**
 * The command-line entry: read the config, lock the data folder, open and migrate the database, seed, listen.
 * Problems a person can fix end the process with one clear line, never a stack trace.
 */
import { mkdirSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { bootstrap } from './db/seed/bootstrap';
import { seedDemo, type DemoResult } from './db/seed/demo';
import { describeStorage, failureText, openStorage } from './storage';
import { lockDataDir, LockedError, staleLockNotice } from './lock';
import { resolveSecrets } from './secrets';
import { buildApp } from './app';

function fail(message: string): never {
  console.error(`dacha-admin: ${message}`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`configuration problem:\n  ${err.problems.join('\n  ')}`);
    throw err;
  }
  mkdirSync(config.dataDir, { recursive: true });
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
  const seeded = await bootstrap(database.db, { username: config.adminUsername, password: config.adminPassword });
  const storage = await openStorage(config);
  // DEMO_DATA: on by default only for a new embedded database (its first start is the one that creates the admin).
  let demo: DemoResult | undefined;
  if (config.demoData ?? (!config.databaseUrl && Boolean(seeded.createdAdmin))) {
    demo = await seedDemo(database.db, storage).catch((err) => fail(`demo data could not be seeded: ${failureText(err)}`));
  }

  const app = await buildApp(config, { database, storage, logger: { level: config.logLevel } });
  const close = async () => {
    await app.close();
    unlock();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    unlock();
    const code = (err as NodeJS.ErrnoException).code;
    fail(code === 'EADDRINUSE' ? `port ${config.port} is already in use; set PORT to another one` : (err as Error).message);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  console.log(`\nDacha Admin is running at ${url}/`);
  console.log(`  API ${url}/api/v1 · reference ${url}/docs`);
  console.log(`  database: ${database.description}`);
  console.log(`  uploads: ${describeStorage(config)}`);
  if (demo?.seeded) {
    console.log(`  demo data: ${demo.cottages} cottages in Uzbekistan's regions (DEMO_DATA=off skips it on a new database)`);
    if (demo.moderator) console.log(`  demo moderator: "${demo.moderator.username}" with the password ${demo.moderator.password} (shown only this once)`);
  }
  if (seeded.createdAdmin) {
    const { username, password, generated } = seeded.createdAdmin;
    console.log(`  first start: log in as "${username}"${generated ? ` with the password ${password} (shown only this once)` : ' with ADMIN_PASSWORD'}`);
  }
}

main().catch((err) => fail((err as Error).stack ?? String(err)));
