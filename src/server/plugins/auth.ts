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
import { permissionCodesOf } from '../repos/permissions';
import { sessionIsLive, touchSession } from '../repos/sessions';
import { twoFactorState } from '../repos/two-factor';
import { said } from '../messages';
import { apiKeyByToken, hashApiKeyToken, touchApiKey } from '../repos/api-keys';
import { API_KEY_TOKEN_PREFIX } from '../../shared/schemas/api-key';
import { keepSessionsFresh } from './session-freshness';

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
  keyInvalid: { uz: 'API kaliti yaroqsiz', ru: 'API-ключ недействителен', en: 'The API key is not valid' },
  keyRevoked: { uz: 'API kaliti bekor qilingan', ru: 'API-ключ отозван', en: 'The API key has been revoked' },
  keyExpired: { uz: 'API kalitining muddati tugagan', ru: 'Срок действия API-ключа истёк', en: 'The API key has expired' },
  keyRefused: {
    uz: 'Bu yerda API kaliti qabul qilinmaydi: panelga kiring',
    ru: 'Здесь API-ключ не принимается: войдите в панель',
    en: 'An API key is not accepted here: log in to the panel',
  },
  keyTooMany: {
    uz: 'API kaliti bilan soʻrovlar juda koʻp: daqiqasiga koʻpi bilan {max} ta. {wait} soniyadan keyin qayta urinib koʻring',
    ru: 'Слишком много запросов с API-ключом: не более {max} в минуту. Повторите через {wait} с',
    en: 'Too many calls with the API key: at most {max} a minute. Try again in {wait} s',
  },
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
  /** An API key's entry (kept under `key:<hash>`): the key's id. */
  apiKeyId?: string;
}

export interface AuthUser {
  id: string;
  /** The login's session; for an API key, the key's id (no session exists). */
  sessionId: string;
  permissions: Set<string>;
  twoFactorSetupRequired: boolean;
  /** The caller is an API key (issue #36): the audit entry names it. */
  apiKeyId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a user who must still set up two-factor login (setup, enable, status, logout). */
    twoFactorSetup?: boolean;
    /** The route refuses an API key (403): the panel's login and refresh, and managing the keys themselves, the password and the second factor. */
    noApiKey?: boolean;
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
  if (token.startsWith(API_KEY_TOKEN_PREFIX)) return authenticateKey(app, request, token);
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
 * An API key's caller: its user, with the key's permissions that he still holds. The key is kept in the session cache
 * under its hash (dropped on every process by a write to keys, roles or permissions: plugins/session-freshness.ts), so a
 * revoked key or a permission taken from its user is refused everywhere on the next request.
 */
async function authenticateKey(app: FastifyInstance, request: FastifyRequest, token: string): Promise<AuthUser> {
  if (request.routeOptions.config?.noApiKey) throw new HttpError(403, said(TEXTS.keyRefused));
  const cacheKey = `key:${hashApiKeyToken(token)}`;
  const key = app.caches.sessions.get(cacheKey) ?? (await loadKey(app, cacheKey, token));
  if (key.expiresAt <= Date.now()) throw new HttpError(401, said(TEXTS.keyExpired));
  const apiKeyId = key.apiKeyId!;
  if (Date.now() - key.touchedAt > 60_000) {
    key.touchedAt = Date.now();
    await touchApiKey(app.db, apiKeyId, request.ip);
  }
  if (key.twoFactorSetupRequired) throw new HttpError(403, said(TEXTS.setUp), undefined, { twoFactorSetupRequired: true });
  request.user = { id: key.userId, sessionId: apiKeyId, permissions: key.permissions, twoFactorSetupRequired: false, apiKeyId };
  return request.user;
}

/** A live key and the permissions it holds now (its own ∩ its user's), kept in the cache; refused with the reason. */
async function loadKey(app: FastifyInstance, cacheKey: string, token: string): Promise<CachedSession> {
  const generation = app.caches.sessions.generation;
  const row = await apiKeyByToken(app.db, token);
  if (!row) throw new HttpError(401, said(TEXTS.keyInvalid));
  if (row.revokedAt) throw new HttpError(401, said(TEXTS.keyRevoked));
  if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(401, said(TEXTS.keyExpired));
  const [codes, twoFactor] = await Promise.all([permissionCodesOf(app.db, row.userId), twoFactorState(app.db, row.userId)]);
  const held = new Set(codes);
  const key: CachedSession = {
    userId: row.userId,
    expiresAt: row.expiresAt.getTime(),
    permissions: new Set(row.permissions.filter((code) => held.has(code))),
    touchedAt: 0,
    twoFactorSetupRequired: twoFactor.required && !twoFactor.enabled,
    apiKeyId: row.id,
  };
  app.caches.sessions.set(cacheKey, key, generation);
  return key;
}

/** Per API key and per server process: the calls of the current minute. */
class KeyRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(private readonly max: number) {}
  /** Seconds to wait, or 0 when the call may go. */
  take(keyId: string): number {
    const now = Date.now();
    let window = this.windows.get(keyId);
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size > 10_000) this.windows.clear();
      window = { start: now, count: 0 };
      this.windows.set(keyId, window);
    }
    window.count++;
    return window.count > this.max ? Math.ceil((window.start + 60_000 - now) / 1000) : 0;
  }
}

/**
 * The session as it stands now (the cache, else the database), undefined once it has ended: an open event stream
 * (plugins/events.ts) asks again at every delivery, so a logout or a revoked permission holds there too.
 */
export async function currentSession(app: FastifyInstance, sid: string): Promise<CachedSession | undefined> {
  const session = app.caches.sessions.get(sid) ?? (await loadSession(app, sid));
  return session && session.expiresAt > Date.now() ? session : undefined;
}

/** When the session was last written as used: a session read again (another process, a write's drop) is not touched again at once. */
const touchedAtOf = (lastUsedAt: Date | null) => lastUsedAt?.getTime() ?? 0;

/** A live session and its user's permissions from the database, kept in the cache; undefined when it has ended. */
async function loadSession(app: FastifyInstance, sid: string): Promise<CachedSession | undefined> {
  const generation = app.caches.sessions.generation;
  const [row] = await app.db
    .select({ userId: sessions.userId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(eq(sessions.id, sid));
  if (!row || !sessionIsLive(row)) return undefined;
  const [codes, twoFactor] = await Promise.all([permissionCodesOf(app.db, row.userId), twoFactorState(app.db, row.userId)]);
  const twoFactorSetupRequired = twoFactor.required && !twoFactor.enabled;
  const session = { userId: row.userId, expiresAt: row.expiresAt.getTime(), permissions: new Set(codes), touchedAt: touchedAtOf(row.lastUsedAt), twoFactorSetupRequired };
  app.caches.sessions.set(sid, session, generation);
  return session;
}

async function authPlugin(app: FastifyInstance, opts: { tokens: TokenService }) {
  app.decorate('tokens', opts.tokens);
  app.decorateRequest('user', undefined);
  keepSessionsFresh(app, app.caches.sessions);
  // An API key is checked before anything else of the request (public routes too: a bad key is a 401, and the
  // panel's login refuses a key), and counted against its own rate limit.
  const keyLimit = new KeyRateLimit(app.config.apiKeyRateMax);
  app.addHook('onRequest', async (request, reply) => {
    if (!bearerToken(request)?.startsWith(API_KEY_TOKEN_PREFIX)) return;
    const user = await authenticate(app, request);
    const wait = keyLimit.take(user.apiKeyId!);
    if (wait) {
      reply.header('Retry-After', String(wait));
      throw new HttpError(429, said(TEXTS.keyTooMany, { max: app.config.apiKeyRateMax, wait }));
    }
  });
  app.decorate('requirePermission', (...codes: string[]) => {
    return async (request: FastifyRequest) => {
      const user = await authenticate(app, request);
      const missing = codes.find((code) => !user.permissions.has(code));
      if (missing) throw new HttpError(403, said(TEXTS.noPermission, { permission: missing }));
    };
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database', 'changes'] });
