/**
 * Every table is versioned (migration 0010: kept list answers are keyed to the versions of the tables they read). A
 * table a later migration adds is tracked when the migrations have run, so no migration has to remember to ask: a
 * new table is never read from a stale kept answer.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export async function trackNewTables(db: Db): Promise<void> {
  await db.execute(sql`select dacha_track_table(tablename) from pg_tables where schemaname = current_schema()
    and tablename not in ('table_version', 'table_version_flush')
    and tablename not in (select table_name from table_version)`);
}
