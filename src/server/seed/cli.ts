/**
 * What the seed commands share: the configured database (locked when embedded), migrated and bootstrapped, closed
 * afterwards; problems end the command with one line.
 */
import { mkdirSync } from 'node:fs';
import { usePasswordCost } from '../auth/passwords';
import { ConfigError, loadConfig, type Config } from '../config';
import { lockDataDir, LockedError, staleLockNotice } from '../lock';
import { failureText, openStorage } from '../storage';
import { type FileStorage } from '../file-storage';
import { openDatabase } from '../db/open';
import { type Database } from '../db/client';
import { bootstrap, type BootstrapResult } from './bootstrap';

interface SeedContext {
  config: Config;
  database: Database;
  storage: FileStorage;
  seeded: BootstrapResult;
}

export function runSeedCommand(name: string, work: (ctx: SeedContext) => Promise<void>) {
  const run = async () => {
    const config = loadConfig();
    mkdirSync(config.dataDir, { recursive: true });
    const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir, { onStale: (pid) => console.log(`${name}: ${staleLockNotice(pid)}`) });
    const database = await openDatabase(config);
    // The configured store (a bucket with STORAGE_URL), so seeded images are where the servers read them.
    const storage = await openStorage(config);
    try {
      await database.migrate();
      usePasswordCost(config.scryptN);
      const seeded = await bootstrap(database.db, { username: config.adminUsername, password: config.adminPassword });
      await work({ config, database, storage, seeded });
    } finally {
      storage.close?.();
      await database.close();
      unlock();
    }
  };
  run().catch((err) => {
    if (err instanceof ConfigError) console.error(`${name}: configuration problem:\n  ${err.problems.join('\n  ')}`);
    else if (err instanceof LockedError) console.error(`${name}: ${err.message}`);
    else console.error(`${name}: ${failureText(err)}`);
    process.exit(1);
  });
}
