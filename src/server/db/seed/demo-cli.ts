/**
 * `npm run seed:demo`: adds the demo data to the configured database (DATA_DIR or DATABASE_URL) when it has no
 * regions or cottages yet. For the embedded database the server must be stopped (the data folder is locked).
 */
import { mkdirSync } from 'node:fs';
import { ConfigError, loadConfig } from '../../config';
import { lockDataDir, LockedError } from '../../lock';
import { openDatabase } from '../client';
import { bootstrap } from './bootstrap';
import { seedDemo } from './demo';
import { diskStorage } from '../../plugins/uploads';

async function run() {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const seeded = await bootstrap(database.db, { username: config.adminUsername, password: config.adminPassword });
    if (seeded.createdAdmin?.generated) console.log(`admin account "${seeded.createdAdmin.username}" created with the password ${seeded.createdAdmin.password}`);
    const result = await seedDemo(database.db, diskStorage(config.dataDir));
    if (!result.seeded) console.log(`demo data not added: ${result.skipped}`);
    else {
      console.log(`demo data added to ${database.description}: ${result.cottages} cottages`);
      if (result.moderator) console.log(`moderator account "${result.moderator.username}" with the password ${result.moderator.password}`);
    }
  } finally {
    await database.close();
    unlock();
  }
}

run().catch((err) => {
  if (err instanceof ConfigError) console.error(`seed:demo: configuration problem:\n  ${err.problems.join('\n  ')}`);
  else if (err instanceof LockedError) console.error(`seed:demo: ${err.message}`);
  else console.error(`seed:demo: ${(err as Error).message}`);
  process.exit(1);
});
