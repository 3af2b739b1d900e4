/** The health probe's statement (`routes/health.ts`): a trivial query that reads no table. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** Resolves when the database answers `select 1`, rejects when it cannot. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
