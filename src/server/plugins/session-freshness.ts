/**
 * What a write takes out of the session cache (cache/write-cache.ts): only what it may have changed. A cached session
 * is read from the `session` row and the user's roles, permissions and second factor; an API key from its `api_key`
 * row and the same. Each write's notice names the tables it wrote (plugins/changes.ts, whoever wrote: a server, a
 * script, a manual UPDATE), and this decides from them, reading nothing:
 * - roles, permissions, a role's two-factor rule or a second factor: everything goes;
 * - `session` (a login, a refresh, a logout, a touch): the cached sessions are checked against their rows in one
 *   statement, and those that ended or changed go;
 * - `api_key`: the cached keys go.
 * Any other table (a cottage's name, an order) is not watched at all. When the check itself fails, everything goes.
 */
import type { FastifyInstance } from 'fastify';
import type { WriteCache } from '../cache/write-cache';
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
  app.watchWrites(WATCHED, async (written) => {
    if (GRANT_TABLES.some((t) => written.has(t))) return cache.invalidateAll();
    if (written.has('api_key')) cache.invalidateWhere((key) => key.startsWith(KEY_PREFIX));
    if (written.has('session')) {
      try {
        await dropChangedSessions(app, cache);
      } catch (err) {
        cache.invalidateAll();
        throw err;
      }
    }
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
