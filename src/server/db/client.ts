/**
 * The database handle every layer above takes (`Db`, a transaction `Tx`, or either), and what an open database offers.
 * `db/open.ts` opens one: embedded PGlite in the data folder, or PostgreSQL when a URL is given.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A drizzle transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up line (never includes a password). */
  description: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine only: runs `fn` while no statement runs (a backup's consistent copy of the folder). */
  exclusive?<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * The embedded engine only: vacuums and analyzes `tables` after a bulk write. PGlite runs no autovacuum, so without
   * it the rows an import's plan rolled back stay in the tables for good, and plans keep the sizes of the tables' first
   * days. PostgreSQL's autovacuum does this itself.
   */
  tidy?(tables: string[]): Promise<void>;
  /**
   * LISTEN on a channel: `onMessage` gets each NOTIFY's payload, from this process or any other on the database.
   * `onListening(false)` says notifications may be missed (the connection dropped; it is retried every second),
   * `onListening(true)` that they arrive again. Resolves to a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onListening: (listening: boolean) => void): Promise<() => Promise<void>>;
}

/** A channel name as an identifier: letters, digits and underscores only. */
export function channelName(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  return channel;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
