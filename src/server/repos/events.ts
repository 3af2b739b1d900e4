/**
 * Committed writes as events for the open panels (table `change_event`, issue #25). A write publishes on its own
 * transaction: the row and the NOTIFY commit with it (PostgreSQL and PGlite both deliver a NOTIFY at commit and drop it
 * on rollback), so a listener never hears of a write that did not happen. Events carry ids, never record content.
 */
import { and, asc, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { changeEvents } from '../db/schema';

/** The NOTIFY channel of change events (plugins/events.ts listens on it once per process). */
export const EVENT_CHANNEL = 'dacha_event';
/** A NOTIFY payload must stay under 8000 bytes; a larger event is announced by its id and read from its row. */
const PAYLOAD_MAX_BYTES = 7900;

export interface ChangeEvent {
  id: number;
  resource: string;
  ids: string[];
  action: string;
}

export async function publishChange(db: DbOrTx, change: { resource: string; ids: string[]; action: string }): Promise<void> {
  const [row] = await db
    .insert(changeEvents)
    .values({ resource: change.resource, ids: change.ids, action: change.action })
    .returning({ id: changeEvents.id });
  const full = JSON.stringify({ id: row.id, resource: change.resource, ids: change.ids, action: change.action });
  const payload = Buffer.byteLength(full) <= PAYLOAD_MAX_BYTES ? full : JSON.stringify({ id: row.id });
  await db.execute(sql`select pg_notify(${EVENT_CHANNEL}, ${payload})`);
}

/**
 * Ended sessions are published too, so that every process closes their streams at once (a logout, an admin's "End", a
 * password change) rather than at the next heartbeat. No stream is sent this event: it names sessions, not records.
 */
export const SESSIONS_ENDED = 'session';

export async function publishSessionsEnded(db: DbOrTx, sessionIds: string[]): Promise<void> {
  if (sessionIds.length) await publishChange(db, { resource: SESSIONS_ENDED, ids: sessionIds, action: 'end' });
}

/** Events after `afterId` (a resumed stream's `Last-Event-ID`), oldest first, at most `limit`. */
export async function eventsAfter(db: DbOrTx, afterId: number, limit = 1000): Promise<ChangeEvent[]> {
  return db
    .select({ id: changeEvents.id, resource: changeEvents.resource, ids: changeEvents.ids, action: changeEvents.action })
    .from(changeEvents)
    .where(gt(changeEvents.id, afterId))
    .orderBy(asc(changeEvents.id))
    .limit(limit);
}

/** Events by id (those announced by their id only, being too large for a NOTIFY). */
export async function eventsById(db: DbOrTx, ids: number[]): Promise<ChangeEvent[]> {
  if (!ids.length) return [];
  return db
    .select({ id: changeEvents.id, resource: changeEvents.resource, ids: changeEvents.ids, action: changeEvents.action })
    .from(changeEvents)
    .where(inArray(changeEvents.id, ids));
}

/** The oldest event still kept (undefined: none), to tell whether a resumed stream missed pruned events. */
export async function oldestEventId(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db.select({ id: sql<string | null>`min(${changeEvents.id})` }).from(changeEvents);
  return row?.id == null ? undefined : Number(row.id);
}

/** The newest event id (0: none), where a fresh stream starts. */
export async function newestEventId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${changeEvents.id})` }).from(changeEvents);
  return row?.id == null ? 0 : Number(row.id);
}

/**
 * Drops the events older than `seconds`, but never the newest: the oldest kept id then always tells a resumed stream
 * whether it missed pruned events.
 */
export async function pruneEvents(db: DbOrTx, seconds: number): Promise<void> {
  await db
    .delete(changeEvents)
    .where(and(lt(changeEvents.at, sql`now() - make_interval(secs => ${seconds})`), lt(changeEvents.id, sql`(select max(id) from change_event)`)));
}
