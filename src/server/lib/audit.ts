/**
 * The audit history (DESIGN §8): every write through the API records who (user, session), when, what (resource,
 * record id, action) and the fields it changed, before → after, in the write's own transaction — a write that fails
 * rolls its entry back with it. Values are the records as the API answers them (images as their paths); keys that name
 * a secret (the CSV export's `SECRET`: passwords, hashes, tokens) are never stored: a changed password shows as
 * `HIDDEN` on both sides.
 */
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditLog, users, type AuditChange } from '../db/schema';
import { SECRET } from './csv-export';

export const HIDDEN = '[hidden]';

/** Fields whose change says nothing of its own: the entry names the record, and times change with every write. */
const IGNORED = new Set(['id', 'createdAt', 'updatedAt']);

/** A value as JSON would carry it, without any secret-named key at any depth. */
function clean(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key && SECRET.test(key) ? undefined : v)) ?? 'null');
}

/** The fields that differ between two versions of a record (either may be absent: a create, a delete). */
export function diffRecords(before: object | null | undefined, after: object | null | undefined): Record<string, AuditChange> {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, AuditChange> = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (SECRET.test(key) || IGNORED.has(key)) continue;
    const was = clean(b[key]);
    const now = clean(a[key]);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    changes[key] = { before: was, after: now };
  }
  return changes;
}

/** Secret fields a payload set (e.g. a new password): recorded as changed, their values never. */
export function secretsSent(data: unknown): Record<string, AuditChange> {
  if (!data || typeof data !== 'object') return {};
  const out: Record<string, AuditChange> = {};
  for (const [key, value] of Object.entries(data)) {
    if (SECRET.test(key) && value !== undefined && value !== null && value !== '') out[key] = { before: HIDDEN, after: HIDDEN };
  }
  return out;
}

export interface AuditEntry {
  /** The registry key, e.g. `cottageType`. */
  resource: string;
  recordId: string;
  action: string;
  before?: object | null;
  after?: object | null;
  /** Changes beyond the records' difference (e.g. `secretsSent`). */
  extra?: Record<string, AuditChange>;
}

/** Who writes: the request's login, if any. */
export function writer(request: FastifyRequest): { userId: string | null; sessionId: string | null } {
  return { userId: request.user?.id ?? null, sessionId: request.user?.sessionId ?? null };
}

/**
 * Records one write, on the write's own transaction. An edit that changed nothing leaves no entry (a create, a delete
 * and every other action always do).
 */
export async function recordAudit(db: DbOrTx, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const changes = { ...diffRecords(entry.before, entry.after), ...entry.extra };
  if (!Object.keys(changes).length && (entry.action === 'edit' || entry.action === 'bulkEdit')) return;
  const { userId, sessionId } = writer(request);
  const userName = userId
    ? sql`coalesce((select coalesce(nullif(${users.name}, ''), ${users.username}) from ${users} where ${users.id} = ${userId}), '')`
    : '';
  await db.insert(auditLog).values({ userId, sessionId, userName, resource: entry.resource, recordId: entry.recordId, action: entry.action, changes });
}

/** Deletes the entries older than `days` days; answers how many went. */
export async function purgeAudit(db: DbOrTx, days: number): Promise<number> {
  const gone = await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, sql`now() - make_interval(days => ${days}::int)`))
    .returning({ id: auditLog.id });
  return gone.length;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `AUDIT_RETENTION_DAYS`: old entries are deleted once the app is ready and then daily, on a timer that never keeps the
 * process alive; nothing is deleted without the setting.
 */
export function scheduleAuditRetention(app: FastifyInstance): void {
  const days = app.config.auditRetentionDays;
  if (!days) return;
  const purge = () =>
    purgeAudit(app.db, days).then(
      (n) => n && app.log.info(`audit history: ${n} entries older than ${days} days deleted`),
      (error: unknown) => app.log.error({ err: error }, 'audit history retention failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(purge, DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
