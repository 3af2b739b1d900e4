/**
 * The audit history and the files deleted records leave behind, kept so that a revert can bring them back. Part of
 * `schema.ts`.
 */
import { index, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt } from './schema-columns';

/** One field's value before and after a write (`null` where the record did not exist). */
export type AuditChange = { before: unknown; after: unknown };

/** A deleted record's rows, by table name, with its stored files (see `auditLog.snapshot`). */
export interface RecordSnapshot {
  rows: Record<string, Record<string, unknown>[]>;
  files: string[];
}

/**
 * The audit history (DESIGN §8): one row per record a write through the API changed, written in the write's own
 * transaction. `user_id`/`session_id` are kept without a foreign key so the history outlives the user and the session;
 * `user_name` is what the user was called then.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    createdAt: createdAt(),
    userId: uuid('user_id'),
    userName: varchar('user_name', { length: 128 }).notNull().default(''),
    sessionId: uuid('session_id'),
    /** The API key the write came through (issue #36), and its name then; null for a login's write. */
    apiKeyId: uuid('api_key_id'),
    apiKeyName: varchar('api_key_name', { length: 100 }),
    resource: varchar('resource', { length: 64 }).notNull(),
    recordId: varchar('record_id', { length: 64 }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
    /** A revert's entry: the entry it took back. */
    revertOf: uuid('revert_of'),
    /**
     * A delete's entry (and a revert that deleted): the rows that made the record — its own row and the rows that
     * cascade with it (links, images) — and its files, secrets left out; what a revert puts back (`repos/snapshots.ts`).
     */
    snapshot: jsonb('snapshot').$type<RecordSnapshot>(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_record_idx').on(t.resource, t.recordId, t.createdAt),
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * Files of deleted records, kept for `DELETED_FILES_DAYS` so a revert can bring them back (`repos/retired-files.ts`):
 * a delete retires its record's files in its own transaction, a revert takes them back, and a daily sweep removes the
 * file and then its row once the time is over.
 */
export const retiredFiles = pgTable(
  'retired_file',
  {
    path: text('path').primaryKey(),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('retired_file_time_idx').on(t.retiredAt)],
);
