/**
 * What a write takes out of the session cache (cache/write-cache.ts): only what it may have changed. A cached session
 * is read from the `session` row and the user's roles, permissions and second factor; an API key from its `api_key`
 * row and the same. After every write (plugins/changes.ts `watchWrites`: in the writer before it answers, and in every
 * process on the write's notice) this compares the versions of those tables (query/table-versions.ts: exact whoever
 * wrote) with the last ones seen:
 * - roles, permissions, a role's two-factor rule or a second factor changed: everything goes;
 * - `session` changed (a login, a refresh, a logout, a touch): the cached sessions are checked against their rows in
 *   one statement, and those that ended or changed go;
 * - `api_key` changed: the cached keys go.
 * Anything else (a cottage's name, an order) leaves the cache as it is. Before, every write emptied it, and under a
 * team's load every request paid three statements to read its session again. When the check itself fails, everything
 * goes.
 */
import type { FastifyInstance } from 'fastify';
import type { WriteCache } from '../cache/write-cache';
import { eachTableVersion } from '../query/table-versions';
import { sessionRows } from '../repos/sessions';

/** The tables a cached session or key is read from, besides its own row (plugins/auth.ts loadSession and loadKey). */
const GRANT_TABLES = ['permission', 'role', 'role_permission', 'user_role', 'user_two_factor'] as const;
const WATCHED = [...GRANT_TABLES, 'session', 'api_key'];
/** API keys are kept under this prefix, sessions under their id. */
const KEY_PREFIX = 'key:';

interface Kept {
  userId: string;
  expiresAt: number;
}

export function keepSessionsFresh(app: FastifyInstance, cache: WriteCache<Kept>) {
  let seen: Map<string, string> | undefined;
  app.watchWrites(async () => {
    let now: Map<string, string>;
    try {
      now = await eachTableVersion(app.db, WATCHED);
    } catch (err) {
      seen = undefined;
      cache.invalidateAll();
      throw err;
    }
    const before = seen;
    seen = now;
    const changed = (table: string) => !before || before.get(table) !== now.get(table);
    if (GRANT_TABLES.some(changed) || now.size !== WATCHED.length) return cache.invalidateAll();
    if (changed('api_key')) cache.invalidateWhere((key) => key.startsWith(KEY_PREFIX));
    if (changed('session')) await dropChangedSessions(app, cache);
  });
}

async function dropChangedSessions(app: FastifyInstance, cache: WriteCache<Kept>) {
  const kept = new Map([...cache.kept()].filter(([key]) => !key.startsWith(KEY_PREFIX)));
  // Lookups under way may have read a session before the write: they are not kept (a new generation), even when no
  // cached session changed.
  if (kept.size === 0) return cache.invalidateWhere(() => false);
  const rows = new Map((await sessionRows(app.db, [...kept.keys()])).map((row) => [row.id, row]));
  cache.invalidateWhere((key, value) => {
    if (key.startsWith(KEY_PREFIX)) return false;
    const row = rows.get(key);
    return !row || row.revokedAt !== null || row.userId !== value.userId || row.expiresAt.getTime() !== value.expiresAt;
  });
}
