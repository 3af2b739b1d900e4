/**
 * `npm run seed:demo`: adds the demo data to the configured database (DATA_DIR or DATABASE_URL) when it has no
 * regions or cottages yet. For the embedded database the server must be stopped (the data folder is locked).
 */
import { runSeedCommand } from './cli';
import { seedDemo } from './demo';

runSeedCommand('seed:demo', async ({ database, storage, seeded }) => {
  if (seeded.createdAdmin?.generated) console.log(`admin account "${seeded.createdAdmin.username}" created with the password ${seeded.createdAdmin.password}`);
  const result = await seedDemo(database.db, storage);
  if (!result.seeded) console.log(`demo data not added: ${result.skipped}`);
  else {
    console.log(`demo data added to ${database.description}: ${result.cottages} cottages`);
    if (result.moderator) console.log(`moderator account "${result.moderator.username}" with the password ${result.moderator.password}`);
  }
});
