/**
 * Who has which record open on an edit page (table `presence`, issue #25): one row per session and record, kept fresh
 * by the page's heartbeat. A row not seen for `PRESENCE_SECONDS` no longer counts and is swept (plugins/events.ts).
 */
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { presence, users } from '../db/schema';

/** A heartbeat comes every 20 s; a page not heard of for a minute has gone. */
const PRESENCE_SECONDS = 60;

interface Where {
  sessionId: string;
  resource: string;
  recordId: string;
}

const fresh = () => sql`now() - make_interval(secs => ${PRESENCE_SECONDS})`;

/** Records one session may have open at once (a tab each): more is not a person, and each join reaches every panel. */
export const PRESENCE_PER_SESSION = 20;

/** How many other records the session is present on now. */
export async function presentElsewhere(db: DbOrTx, at: Where): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(presence)
    .where(
      and(
        eq(presence.sessionId, at.sessionId),
        gt(presence.seenAt, fresh()),
        sql`not (${presence.resource} = ${at.resource} and ${presence.recordId} = ${at.recordId})`,
      ),
    );
  return row?.count ?? 0;
}

/** Marks the session present on the record; true when it joined (new, or back after its row went stale). */
export async function touchPresence(db: DbOrTx, at: Where & { userId: string }): Promise<boolean> {
  const [row] = await db
    .insert(presence)
    .values(at)
    .onConflictDoUpdate({
      target: [presence.sessionId, presence.resource, presence.recordId],
      set: { seenAt: sql`now()`, since: sql`case when ${presence.seenAt} < ${fresh()} then now() else ${presence.since} end` },
    })
    .returning({ joined: sql<boolean>`${presence.since} = ${presence.seenAt}` });
  return Boolean(row?.joined);
}

/** The session leaves the record; true when it was there. */
export async function leavePresence(db: DbOrTx, at: Where): Promise<boolean> {
  const rows = await db
    .delete(presence)
    .where(and(eq(presence.sessionId, at.sessionId), eq(presence.resource, at.resource), eq(presence.recordId, at.recordId)))
    .returning({ seenAt: presence.seenAt });
  return rows.length > 0;
}

interface Present {
  userId: string;
  name: string;
  since: string;
}

/** The other sessions on the record seen lately, one entry per user (the earliest), oldest first. */
export async function othersPresent(db: DbOrTx, at: Where): Promise<Present[]> {
  const rows = await db
    .select({ userId: presence.userId, name: sql<string>`coalesce(${users.name}, ${users.username}, '')`, since: presence.since })
    .from(presence)
    .innerJoin(users, eq(users.id, presence.userId))
    .where(and(eq(presence.resource, at.resource), eq(presence.recordId, at.recordId), ne(presence.sessionId, at.sessionId), gt(presence.seenAt, fresh())))
    .orderBy(presence.since);
  const byUser = new Map<string, Present>();
  for (const row of rows) if (!byUser.has(row.userId)) byUser.set(row.userId, { userId: row.userId, name: row.name, since: row.since.toISOString() });
  return [...byUser.values()];
}

/** Removes the rows not seen lately; answers the records they were on (each has lost someone). */
export async function sweepPresence(db: DbOrTx): Promise<{ resource: string; recordId: string }[]> {
  const rows = await db.delete(presence).where(lt(presence.seenAt, fresh())).returning({ resource: presence.resource, recordId: presence.recordId });
  const seen = new Map(rows.map((r) => [`${r.resource}\u0000${r.recordId}`, r]));
  return [...seen.values()];
}
