/**
 * Authentication and authorisation for every route. Status rules (DESIGN §5): no or invalid token → 401, expired
 * access token → 406, session ended (logout, refresh-token reuse, user deleted) → 455, missing permission → 403.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { HttpError } from '../errors';
import { TokenService } from '../auth/tokens';
import { permissionCodesOf, sessionIsLive, touchSession } from '../auth/sessions';
import { twoFactorState } from '../repos/two-factor';
import { said } from '../messages';

const TEXTS = {
  missing: { uz: 'Iltimos, tizimga kiring: kirish tokeni yoʻq', ru: 'Пожалуйста, войдите: нет токена доступа', en: 'Please log in: the access token is missing' },
  expired: { uz: 'Kirish tokeni muddati tugagan; uni yangilang', ru: 'Срок токена доступа истёк; обновите его', en: 'The access token has expired; refresh it' },
  invalid: { uz: 'Kirish tokeni yaroqsiz', ru: 'Токен доступа недействителен', en: 'The access token is not valid' },
  ended: { uz: 'Seans tugagan; iltimos, qayta kiring', ru: 'Сеанс завершён; пожалуйста, войдите снова', en: 'The session has ended; please log in again' },
  setUp: {
    uz: 'Rolingiz ikki bosqichli kirishni talab qiladi: avval uni sozlang',
    ru: 'Ваша роль требует двухфакторного входа: сначала настройте его',
    en: 'Your role requires two-factor login: set it up first',
  },
  noPermission: { uz: 'Buni qilishga ruxsatingiz yoʻq ({permission})', ru: 'У вас нет права на это ({permission})', en: 'You have no permission to do that ({permission})' },
} as const;

/** A live session as the cache keeps it (plugins/changes.ts). */
export interface CachedSession {
  userId: string;
  /** The session's expiry, epoch ms. */
  expiresAt: number;
  permissions: Set<string>;
  /** When the session's last use was last written, epoch ms. */
  touchedAt: number;
  /** A role of the user requires two-factor login and it is not on: only the setup routes answer. */
  twoFactorSetupRequired: boolean;
}

export interface AuthUser {
  id: string;
  sessionId: string;
  permissions: Set<string>;
  twoFactorSetupRequired: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a user who must still set up two-factor login (setup, enable, status, logout). */
    twoFactorSetup?: boolean;
  }
  interface FastifyInstance {
    tokens: TokenService;
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

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The caller, or an HttpError saying why not. */
export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  if (request.user) return request.user;
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, said(TEXTS.missing));
  const verified = await app.tokens.verifyAccess(token);
  if (!verified.ok) {
    if (verified.reason === 'expired') throw new HttpError(406, said(TEXTS.expired));
    throw new HttpError(401, said(TEXTS.invalid));
  }
  const { sub, sid } = verified.claims;
  const session = app.caches.sessions.get(sid) ?? (await loadSession(app, sid));
  if (!session || session.userId !== sub || session.expiresAt <= Date.now()) {
    throw new HttpError(455, said(TEXTS.ended));
  }
  // The last use is written at most once a minute (the statement itself only writes when it is a minute old).
  if (Date.now() - session.touchedAt > 60_000) {
    session.touchedAt = Date.now();
    await touchSession(app.db, sid);
  }
  if (session.twoFactorSetupRequired && !request.routeOptions.config?.twoFactorSetup) {
    throw new HttpError(403, said(TEXTS.setUp), undefined, { twoFactorSetupRequired: true });
  }
  request.user = { id: sub, sessionId: sid, permissions: session.permissions, twoFactorSetupRequired: session.twoFactorSetupRequired };
  return request.user;
}

/**
 * The session as it stands now (the cache, else the database), undefined once it has ended: an open event stream
 * (plugins/events.ts) asks again at every delivery, so a logout or a revoked permission holds there too.
 */
export async function currentSession(app: FastifyInstance, sid: string): Promise<CachedSession | undefined> {
  const session = app.caches.sessions.get(sid) ?? (await loadSession(app, sid));
  return session && session.expiresAt > Date.now() ? session : undefined;
}

/** A live session and its user's permissions from the database, kept in the cache; undefined when it has ended. */
async function loadSession(app: FastifyInstance, sid: string): Promise<CachedSession | undefined> {
  const generation = app.caches.sessions.generation;
  const [row] = await app.db
    .select({ userId: sessions.userId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sid));
  if (!row || !sessionIsLive(row)) return undefined;
  const [codes, twoFactor] = await Promise.all([permissionCodesOf(app.db, row.userId), twoFactorState(app.db, row.userId)]);
  const twoFactorSetupRequired = twoFactor.required && !twoFactor.enabled;
  const session = { userId: row.userId, expiresAt: row.expiresAt.getTime(), permissions: new Set(codes), touchedAt: 0, twoFactorSetupRequired };
  app.caches.sessions.set(sid, session, generation);
  return session;
}

async function authPlugin(app: FastifyInstance, opts: { tokens: TokenService }) {
  app.decorate('tokens', opts.tokens);
  app.decorateRequest('user', undefined);
  app.decorate('requirePermission', (...codes: string[]) => {
    return async (request: FastifyRequest) => {
      const user = await authenticate(app, request);
      const missing = codes.find((code) => !user.permissions.has(code));
      if (missing) throw new HttpError(403, said(TEXTS.noPermission, { permission: missing }));
    };
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database', 'changes'] });
