/**
 * What a write takes out of the session cache (cache/write-cache.ts): only what it may have changed. A cached session
 * is read from the `session` row and the user's roles, permissions and second factor; an API key from its `api_key`
 * row and the same. The database tells every process, whoever wrote (a server, a script, a manual UPDATE):
 * - the tables each transaction wrote (plugins/changes.ts): roles, permissions, a role's two-factor rule or a second
 *   factor → everything goes; `api_key` → the cached keys go; any other table (a cottage, an order) → nothing;
 * - each session that ended, or whose expiry or user changed (`session:<id>`, migration 0024) → that session goes.
 *   A touch or a refresh that keeps the expiry names nothing.
 * Nothing here reads the database: before, a session table's write (a team's refreshes and touches, several a
 * second) made every process serve nothing while it read the cached sessions' rows again.
 */
import type { FastifyInstance } from 'fastify';
import type { WriteCache } from '../cache/write-cache';

/** The tables a cached session or key is read from, besides its own row (plugins/auth.ts loadSession and loadKey). */
const GRANT_TABLES = ['permission', 'role', 'role_permission', 'user_role', 'user_two_factor'] as const;
/** API keys are kept under this prefix, sessions under their id. */
const KEY_PREFIX = 'key:';

interface Kept {
  userId: string;
  expiresAt: number;
}

export function keepSessionsFresh(app: FastifyInstance, cache: WriteCache<Kept>) {
  app.watchWrites([...GRANT_TABLES, 'api_key'], async (written) => {
    if (GRANT_TABLES.some((t) => written.has(t))) return cache.invalidateAll();
    cache.invalidateWhere((key) => key.startsWith(KEY_PREFIX));
  });
  app.watchNotices('session:', (id) => (id === '*' ? cache.invalidateAll() : cache.invalidateWhere((key) => key === id)));
}
