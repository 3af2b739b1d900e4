/**
 * Authentication and authorisation for every route. Status rules (DESIGN §5): no or invalid token → 401, expired
 * access token → 406, session ended (logout, refresh-token reuse, user deleted) → 455, missing permission → 403.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { HttpError } from '../errors';
import { TokenService } from '../auth/tokens';
import { permissionCodesOf, sessionIsLive, touchSession } from '../auth/sessions';
import { SessionCache, type CachedSession } from '../auth/session-cache';

export interface AuthUser {
  id: string;
  sessionId: string;
  permissions: Set<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    sessionCache: SessionCache;
    /**
     * An `onRequest` hook: a logged-in user holding every one of `codes` (none → any logged-in user). It runs before
     * the body is read or validated, so a stranger learns nothing about a route's payload.
     */
    requirePermission(...codes: string[]): (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user?: AuthUser;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The caller, or an HttpError saying why not. */
export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  if (request.user) return request.user;
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, 'Please log in: the access token is missing');
  const verified = await app.tokens.verifyAccess(token);
  if (!verified.ok) {
    if (verified.reason === 'expired') throw new HttpError(406, 'The access token has expired; refresh it');
    throw new HttpError(401, 'The access token is not valid');
  }
  const { sub, sid } = verified.claims;
  const session = app.sessionCache.get(sid) ?? (await loadSession(app, sid));
  if (!session || session.userId !== sub || session.expiresAt <= Date.now()) {
    throw new HttpError(455, 'The session has ended; please log in again');
  }
  // The last use is written at most once a minute (the statement itself only writes when it is a minute old).
  if (Date.now() - session.touchedAt > 60_000) {
    session.touchedAt = Date.now();
    await touchSession(app.db, sid);
  }
  request.user = { id: sub, sessionId: sid, permissions: session.permissions };
  return request.user;
}

/** A live session and its user's permissions from the database, kept in the cache; undefined when it has ended. */
async function loadSession(app: FastifyInstance, sid: string): Promise<CachedSession | undefined> {
  const generation = app.sessionCache.generation;
  const [row] = await app.db
    .select({ userId: sessions.userId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sid));
  if (!row || !sessionIsLive(row)) return undefined;
  const codes = await permissionCodesOf(app.db, row.userId);
  const session = { userId: row.userId, expiresAt: row.expiresAt.getTime(), permissions: new Set(codes), touchedAt: 0 };
  app.sessionCache.set(sid, session, generation);
  return session;
}

/** Methods that cannot change a session, a user or a role; any other request empties the session cache. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The NOTIFY channel through which server processes on one database tell each other to forget their sessions. */
const CHANNEL = 'dacha_session_change';
/** How long a writer waits for its own notice to come back before answering anyway. */
const ECHO_WAIT_MS = 1000;

/**
 * Session changes across processes: a write is announced on the database's channel, and every process — this one
 * included — empties its cache when the notice arrives. The writer answers once its own notice is back: PostgreSQL
 * signals every listener at the same commit, so the others have it too, and a revoked session is refused by any
 * process on the very next request.
 */
async function listenForSessionChanges(app: FastifyInstance) {
  const origin = randomUUID();
  const echoes = new Map<string, () => void>();
  let sequence = 0;
  let listening = false;
  const stop = await app.database.listen(
    CHANNEL,
    (payload) => {
      app.sessionCache.invalidateAll();
      echoes.get(payload)?.();
    },
    (up) => {
      listening = up;
      app.sessionCache.setTrusted(up);
      if (!up) app.log.warn('lost the database channel of session changes: the session cache is off until it is back');
    },
  );
  app.addHook('onClose', async () => {
    listening = false;
    await stop().catch(() => {});
  });
  return async function announceSessionChange() {
    const token = `${origin}:${++sequence}`;
    const echo = listening
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ECHO_WAIT_MS);
          echoes.set(token, () => {
            clearTimeout(timer);
            resolve();
          });
        })
      : undefined;
    try {
      await app.db.execute(sql`select pg_notify(${CHANNEL}, ${token})`);
      await echo;
    } finally {
      echoes.delete(token);
    }
  };
}

async function authPlugin(app: FastifyInstance, opts: { tokens: TokenService }) {
  app.decorate('tokens', opts.tokens);
  app.decorate('sessionCache', new SessionCache());
  const announceSessionChange = await listenForSessionChanges(app);
  // Before the answer leaves: the writer's next request, and anyone's after it on any process, reads sessions afresh.
  app.addHook('onSend', async (request) => {
    if (READS.has(request.method)) return;
    app.sessionCache.invalidateAll();
    await announceSessionChange().catch((err: Error) => request.log.error({ err }, 'could not announce a session change'));
  });
  app.decorateRequest('user', undefined);
  app.decorate('requirePermission', (...codes: string[]) => {
    return async (request: FastifyRequest) => {
      const user = await authenticate(app, request);
      const missing = codes.find((code) => !user.permissions.has(code));
      if (missing) throw new HttpError(403, `You have no permission to do that (${missing})`);
    };
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database'] });
