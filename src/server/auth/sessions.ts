/** Session rows: one per login, rotated on refresh, revoked on logout, reuse, password change or user deletion. */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { permissions, rolePermissions, sessions, userRoles } from '../db/schema';
import type { TokenService } from './tokens';

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

/**
 * Ends a session; answers the ids ended (none when it had ended already). The caller publishes them
 * (`publishSessionsEnded`, repos/events.ts) so the session's open panels close at once.
 */
export async function revokeSession(db: DbOrTx, sessionId: string, reason: string): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** Ends every session of a user, optionally keeping one (the caller's own); answers the ids ended, as above. */
export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string, keepSessionId?: string): Promise<string[]> {
  const keep = keepSessionId ? ne(sessions.id, keepSessionId) : undefined;
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep))
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

export async function permissionCodesOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: permissions.code })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.code);
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
 * A refresh: the session's refresh token is rotated and a new pair issued. The token rotated away last, presented
 * again within the grace window, gets a sibling of that pair (the same refresh token id, so either copy rotates it
 * next). Any older token, or the previous one after the window, means someone holds a copy: the whole session ends
 * (`'reused'`). Undefined when the session is no longer live, or its user holds no permission any more (which ends it
 * too). The session never outlives its absolute lifetime, whatever its refreshes.
 */
export async function rotateSession(db: Db, tokens: TokenService, claims: { sub: string; sid: string; rid: string }) {
  const { sub, sid, rid } = claims;
  return db.transaction(async (tx) => {
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, sid)).for('update');
    if (!session || session.userId !== sub || !sessionIsLive(session)) return undefined;
    const end = session.createdAt.getTime() + tokens.sessionMaxAgeSeconds * 1000;
    if (end <= Date.now()) {
      await revokeSession(tx, sid, 'max-age');
      return undefined;
    }
    if (session.refreshTokenId !== rid) {
      const rotatedAgo = session.rotatedAt ? Date.now() - session.rotatedAt.getTime() : Infinity;
      if (session.previousRefreshTokenId === rid && rotatedAgo < REFRESH_GRACE_SECONDS * 1000) {
        return issueTokens(tokens, sub, sid, session.refreshTokenId);
      }
      await revokeSession(tx, sid, 'refresh-token-reuse');
      return 'reused' as const;
    }
    if (!(await permissionCodesOf(tx, sub)).length) {
      await revokeSession(tx, sid, 'no-permission');
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
  });
}
