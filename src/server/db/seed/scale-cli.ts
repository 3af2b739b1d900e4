/**
 * `npm run seed:scale -- --cottages N [--batch B]`: fills the configured database with N benchmark cottages (see
 * scale.ts). For the embedded database the server must be stopped (the data folder is locked).
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { lockDataDir, LockedError } from '../../lock';
import { openDatabase } from '../client';
import { bootstrap } from './bootstrap';
import { seedScale } from './scale';
import { diskStorage } from '../../plugins/uploads';

async function run() {
  const { values } = parseArgs({ options: { cottages: { type: 'string' }, batch: { type: 'string' } } });
  const cottages = Number(values.cottages);
  if (!Number.isInteger(cottages) || cottages < 1) throw new Error('usage: npm run seed:scale -- --cottages N [--batch B]');
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1)) throw new Error('--batch must be a positive whole number');
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await bootstrap(database.db, { username: config.adminUsername, password: config.adminPassword });
    const result = await seedScale(database.db, diskStorage(config.dataDir), { cottages, batch, log: (line) => console.log(line) });
    console.log(`added ${result.cottages} cottages to ${database.description} in ${result.seconds.toFixed(1)} s`);
  } finally {
    await database.close();
    unlock();
  }
}

run().catch((err) => {
  if (err instanceof ConfigError) console.error(`seed:scale: configuration problem:\n  ${err.problems.join('\n  ')}`);
  else if (err instanceof LockedError) console.error(`seed:scale: ${err.message}`);
  else console.error(`seed:scale: ${(err as Error).message}`);
  process.exit(1);
});
