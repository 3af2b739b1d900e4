/**
 * The audit history's table (DESIGN §8): one entry per write — who (user, session), when, what (resource, record id,
 * action) and the fields it changed, before → after (`rules/audit-changes.ts`) — inserted in the write's own
 * transaction, so a write that fails rolls its entry back with it.
 */
import { eq, getTableColumns, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { apiKeys, auditLog, users, type AuditChange, type RecordSnapshot } from '../db/schema';
import { diffRecords } from '../rules/audit-changes';
import { recordsetRows, rowsOf } from '../db/sql';
import { REVERTIBLE_EFFECTS, type AuditAction } from '../../shared/audit-actions';
import { badRequest } from '../errors';
import type { ListSpec } from '../query/list';
import { kinds } from '../query/filter-kinds';
import type { AuditRecord } from '../../shared/records/audit';
import { said } from '../messages';

const FILTER_TEXTS = {
  date: { uz: '"{key}" filtri sana yoki sana va vaqtni qabul qiladi', ru: 'Фильтр «{key}» принимает дату или дату и время', en: 'Filter "{key}" takes a date or a date and time' },
  notADate: { uz: 'Sana emas', ru: 'Не дата', en: 'Not a date' },
} as const;

export interface AuditEntry {
  /** The registry key, e.g. `cottageType`. */
  resource: string;
  recordId: string;
  action: AuditAction;
  before?: object | null;
  after?: object | null;
  /** Changes beyond the records' difference (e.g. `secretsSent`). */
  extra?: Record<string, AuditChange>;
  /** A delete's rows and files, for a revert (`repos/snapshots.ts`). */
  snapshot?: RecordSnapshot;
  /** A revert's entry: the entry it took back. */
  revertOf?: string;
}

/** Who writes: a login's user and session, or nobody (a first start's bootstrap). */
export interface Writer {
  userId: string | null;
  sessionId: string | null;
  /** The API key the write came through (issue #36); the entry names it beside its user. */
  apiKeyId?: string | null;
}

/**
 * Records one write by `by`, on the write's own transaction. An edit that changed nothing leaves no entry (a create, a delete
 * and every other action always do).
 */
export async function insertAudit(db: DbOrTx, by: Writer, entry: AuditEntry): Promise<void> {
  await insertAudits(db, by, [entry]);
}

/** Entries one statement carries at most (its JSON a few MB). */
const AUDIT_CHUNK = 5000;

/** Records many writes by `by` at once, as `insertAudit` records each: one `insert … select from jsonb_to_recordset(…)`. */
export async function insertAudits(db: DbOrTx, by: Writer, entries: AuditEntry[]): Promise<void> {
  const { userId, sessionId } = by;
  const apiKeyId = by.apiKeyId ?? null;
  const rows = entries.flatMap((entry) => {
    const changes = { ...diffRecords(entry.before, entry.after), ...entry.extra };
    if (!Object.keys(changes).length && REVERTIBLE_EFFECTS[entry.action] === 'edit') return [];
    const { resource, recordId, action, snapshot, revertOf } = entry;
    return [{ userId, sessionId, apiKeyId, resource, recordId, action, changes, snapshot, revertOf }];
  });
  if (!rows.length) return;
  // The writer's names: a subquery in a single entry, but read once for many (an import's thousands of rows would
  // each run it).
  const { userName, apiKeyName } = writerNames(userId, apiKeyId);
  const names = rows.length === 1 ? { userName, apiKeyName } : rowsOf<{ userName: string; apiKeyName: string | null }>(await db.execute(sql`select ${userName} as "userName", ${apiKeyName} as "apiKeyName"`))[0];
  if (rows.length === 1) await db.insert(auditLog).values({ ...rows[0], ...names });
  else {
    // As JSON rows, one parameter: the entries' jsonb as arrays of escaped text cost a fifth more to send and parse.
    for (let i = 0; i < rows.length; i += AUDIT_CHUNK) {
      for (const part of recordsetRows(auditLog, rows.slice(i, i + AUDIT_CHUNK).map((r) => ({ ...r, ...names })))) await db.execute(sql`insert into ${auditLog} ${part}`);
    }
  }
}

/** The names an entry keeps of its writer, as SQL: the user's (his name, else his username; '' for nobody) and the key's. */
function writerNames(userId: string | null, apiKeyId: string | null) {
  return {
    userName: userId ? sql<string>`coalesce((select coalesce(nullif(${users.name}, ''), ${users.username}) from ${users} where ${users.id} = ${userId}), '')` : sql<string>`''`,
    apiKeyName: apiKeyId ? sql<string | null>`(select ${apiKeys.name} from ${apiKeys} where ${apiKeys.id} = ${apiKeyId})` : sql<string | null>`null::text`,
  };
}

/** Deletes the entries older than `days` days; answers how many went. */
export async function purgeAudit(db: DbOrTx, days: number): Promise<number> {
  const gone = await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, sql`now() - make_interval(days => ${days}::int)`))
    .returning({ id: auditLog.id });
  return gone.length;
}

// The history as read (`routes/audit.ts`): its list, its records and its export rows.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function instant(key: string, value: unknown): string {
  const text = String(value);
  if (typeof value !== 'string' || Number.isNaN(Date.parse(text))) throw badRequest(said(FILTER_TEXTS.date, { key }), { [key]: said(FILTER_TEXTS.notADate) });
  return text;
}

const from = (value: unknown): SQL | undefined => (value === '' ? undefined : sql`${auditLog.createdAt} >= ${instant('createdAt_gte', value)}::timestamptz`);
const until = (value: unknown): SQL | undefined => {
  if (value === '') return undefined;
  const text = instant('createdAt_lte', value);
  return DAY.test(text) ? sql`${auditLog.createdAt} < ${text}::date + 1` : sql`${auditLog.createdAt} <= ${text}::timestamptz`;
};

export const auditListSpec = (): ListSpec => ({
  table: auditLog,
  id: auditLog.id,
  fields: {
    createdAt: auditLog.createdAt,
    userId: auditLog.userId,
    userName: auditLog.userName,
    sessionId: auditLog.sessionId,
    resource: auditLog.resource,
    recordId: auditLog.recordId,
    action: auditLog.action,
  },
  search: [auditLog.userName, auditLog.recordId],
  filters: { createdAt_gte: from, createdAt_lte: until },
  kinds: { createdAt_gte: kinds.timestamp, createdAt_lte: kinds.timestamp },
  defaultSort: { field: 'createdAt', order: 'desc' },
});

export async function loadAudit(db: DbOrTx, ids: string[]): Promise<AuditRecord[]> {
  if (!ids.length) return [];
  const { snapshot: _kept, ...shown } = getTableColumns(auditLog);
  return db.select(shown).from(auditLog).where(inArray(auditLog.id, ids));
}

/** One entry with what a revert needs (its snapshot), or undefined. */
export async function auditEntry(db: DbOrTx, id: string) {
  const [entry] = await db.select().from(auditLog).where(eq(auditLog.id, id));
  return entry;
}
export type StoredAuditEntry = NonNullable<Awaited<ReturnType<typeof auditEntry>>>;

const shown = (value: unknown) => (value === null || value === undefined ? '∅' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The export's rows: the changes as one cell, `field: before → after; …`, each field as `label` names it (by default its key). */
export async function exportAudit(db: DbOrTx, ids: string[], label: (resource: string, field: string) => string = (_, field) => field) {
  return (await loadAudit(db, ids)).map((entry) => ({
    ...entry,
    changes: Object.entries(entry.changes)
      .map(([field, change]) => `${label(entry.resource, field)}: ${shown(change.before)} → ${shown(change.after)}`)
      .join('; '),
  }));
}
