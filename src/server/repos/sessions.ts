/** Sessions as their owner (or an admin) sees and ends them. Every function takes the database or a transaction. */
import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions } from '../db/schema';
import { publishSessionsEnded } from './events';

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

/** Ends one live session of the user; false when there is none of that id (or it ended already). */
export async function endSession(db: DbOrTx, userId: string, sessionId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), live(userId)))
    .returning({ id: sessions.id });
  await publishSessionsEnded(db, rows.map((r) => r.id));
  return rows.length > 0;
}

/** Ends every live session of the user but `keep`; answers how many ended. */
export async function endSessions(db: DbOrTx, userId: string, reason: string, keep?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(live(userId), keep ? ne(sessions.id, keep) : undefined))
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
