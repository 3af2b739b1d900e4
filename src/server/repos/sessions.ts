/**
 * The `session` table's one owner: a row per login, rotated on refresh, ended on logout, reuse, password change,
 * two-factor changes, an End from its owner or an admin. Every function takes the database or a transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { sessions } from '../db/schema';
import type { TokenService } from '../auth/tokens';
import { publishSessionsEnded } from './events';
import { permissionCodesOf } from './permissions';

const live = (userId: string) => and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));

const shown = {
  id: sessions.id,
  userAgent: sessions.userAgent,
  ip: sessions.ip,
  createdAt: sessions.createdAt,
  lastUsedAt: sessions.lastUsedAt,
};

/** A user's live sessions, the most recently used first. */
export function liveSessions(db: DbOrTx, userId: string) {
  return db.select(shown).from(sessions).where(live(userId)).orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/**
 * Ends the user's live sessions — only one (`only`), or all but one (`keep`, the caller's own) — and publishes their
 * end (`publishSessionsEnded`), so their open panels close at once, on every process. Answers how many ended. The
 * only way a session ends: no caller can forget the publishing.
 */
export async function endSessions(db: DbOrTx, userId: string, reason: string, which: { only?: string; keep?: string } = {}): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(live(userId), which.only ? eq(sessions.id, which.only) : undefined, which.keep ? ne(sessions.id, which.keep) : undefined))
    .returning({ id: sessions.id });
  await publishSessionsEnded(db, rows.map((r) => r.id));
  return rows.length;
}

/** The login before the given session (ended or not): when and from where. */
export async function loginBefore(db: DbOrTx, userId: string, sessionId: string) {
  const [current] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  if (!current) return undefined;
  const [row] = await db
    .select(shown)
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), lt(sessions.createdAt, current.createdAt)))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row;
}

async function issueTokens(tokens: TokenService, userId: string, sessionId: string, refreshTokenId: string) {
  const [accessToken, refreshToken] = await Promise.all([
    tokens.signAccess({ sub: userId, sid: sessionId }),
    tokens.signRefresh({ sub: userId, sid: sessionId, rid: refreshTokenId }),
  ]);
  return { accessToken, refreshToken };
}

export async function createSession(
  db: DbOrTx,
  tokens: TokenService,
  userId: string,
  meta: { userAgent?: string; ip?: string },
) {
  const refreshTokenId = randomUUID();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      refreshTokenId,
      userAgent: meta.userAgent?.slice(0, 512),
      ip: meta.ip?.slice(0, 64),
      expiresAt: new Date(Date.now() + Math.min(tokens.refreshTtlSeconds, tokens.sessionMaxAgeSeconds) * 1000),
    })
    .returning({ id: sessions.id });
  return issueTokens(tokens, userId, row.id, refreshTokenId);
}

export function sessionIsLive(row: { revokedAt: Date | null; expiresAt: Date }) {
  return !row.revokedAt && row.expiresAt.getTime() > Date.now();
}

export const touchSession = (db: DbOrTx, sessionId: string) =>
  db
    .update(sessions)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.lastUsedAt} < now() - interval '60 seconds'`));

/**
 * How long the refresh token just rotated away still yields a pair: two tabs (or a retried request whose answer was
 * lost) that refresh with the same token at the same moment must not end the session.
 */
const REFRESH_GRACE_SECONDS = 10;

/**
 * A refresh, in the caller's transaction (it locks the session's row): the session's refresh token is rotated and a
 * new pair issued. The token rotated away last, presented again within the grace window, gets a sibling of that pair
 * (the same refresh token id, so either copy rotates it next). Any older token, or the previous one after the window,
 * means someone holds a copy: the whole session ends (`'reused'`). Undefined when the session is no longer live, or
 * its user holds no permission any more (which ends it too). The session never outlives its absolute lifetime,
 * whatever its refreshes.
 */
export async function rotateSession(tx: Tx, tokens: TokenService, claims: { sub: string; sid: string; rid: string }) {
  const { sub, sid, rid } = claims;
  const [session] = await tx.select().from(sessions).where(eq(sessions.id, sid)).for('update');
  if (!session || session.userId !== sub || !sessionIsLive(session)) return undefined;
  const end = session.createdAt.getTime() + tokens.sessionMaxAgeSeconds * 1000;
  if (end <= Date.now()) {
    await endSessions(tx, sub, 'max-age', { only: sid });
    return undefined;
  }
  if (session.refreshTokenId !== rid) {
    const rotatedAgo = session.rotatedAt ? Date.now() - session.rotatedAt.getTime() : Infinity;
    if (session.previousRefreshTokenId === rid && rotatedAgo < REFRESH_GRACE_SECONDS * 1000) {
      return issueTokens(tokens, sub, sid, session.refreshTokenId);
    }
    await endSessions(tx, sub, 'refresh-token-reuse', { only: sid });
    return 'reused' as const;
  }
  if (!(await permissionCodesOf(tx, sub)).length) {
    await endSessions(tx, sub, 'no-permission', { only: sid });
    return undefined;
  }
  const next = randomUUID();
  await tx
    .update(sessions)
    .set({
      refreshTokenId: next,
      previousRefreshTokenId: rid,
      rotatedAt: new Date(),
      lastUsedAt: new Date(),
      expiresAt: new Date(Math.min(Date.now() + tokens.refreshTtlSeconds * 1000, end)),
    })
    .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)));
  return issueTokens(tokens, sub, sid, next);
}
