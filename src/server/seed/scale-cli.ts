/**
 * `npm run seed:scale -- --cottages N [--batch B]`: fills the configured database with N benchmark cottages (see
 * scale.ts). For the embedded database the server must be stopped (the data folder is locked).
 */
import { parseArgs } from 'node:util';
import { runSeedCommand } from './cli';
import { seedScale } from './scale';

runSeedCommand('seed:scale', async ({ database, storage }) => {
  const { values } = parseArgs({ options: { cottages: { type: 'string' }, batch: { type: 'string' } } });
  const cottages = Number(values.cottages);
  if (!Number.isInteger(cottages) || cottages < 1) throw new Error('usage: npm run seed:scale -- --cottages N [--batch B]');
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1)) throw new Error('--batch must be a positive whole number');
  const result = await seedScale(database.db, storage, { cottages, batch, log: (line) => console.log(line) });
  console.log(`added ${result.cottages} cottages to ${database.description} in ${result.seconds.toFixed(1)} s`);
});
