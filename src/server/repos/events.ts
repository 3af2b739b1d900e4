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
  // The row and its NOTIFY in one statement: a write's transaction holds its rows one round trip less (issue #38).
  const e = sql.identifier('e');
  await db.execute(sql`with ${e} as (
      insert into ${changeEvents} (${sql.identifier(changeEvents.resource.name)}, ${sql.identifier(changeEvents.ids.name)}, ${sql.identifier(changeEvents.action.name)})
      values (${change.resource}, ${JSON.stringify(change.ids)}::jsonb, ${change.action}) returning id, resource, ids, action)
    select pg_notify(${EVENT_CHANNEL}, case when octet_length(full_event) <= ${PAYLOAD_MAX_BYTES} then full_event else json_build_object('id', ${e}.id)::text end)
    from ${e}, lateral (select json_build_object('id', ${e}.id, 'resource', ${e}.resource, 'ids', ${e}.ids, 'action', ${e}.action)::text as full_event) as payload`);
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
