/**
 * The server's own rows: secret attempts (the throttle), change events (the live stream) and presence. Part of
 * `schema.ts`.
 */
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { id } from './schema-columns';

/**
 * Attempts at a secret (a password today, a second factor later: `scope`), one row each, written before the secret is
 * checked: the throttle (repos/throttle.ts) counts them per subject (the username), per address and per both, so every
 * server process on one database counts the same attempts. `at` is the time the attempt may run (a delayed one lies
 * ahead); `failedAt` is set once its check failed, and a success deletes its own row.
 */
export const secretAttempts = pgTable(
  'secret_attempt',
  {
    id: id(),
    scope: varchar('scope', { length: 16 }).notNull(),
    subject: varchar('subject', { length: 160 }).notNull(),
    address: varchar('address', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('secret_attempt_subject_idx').on(t.scope, t.subject, t.at),
    index('secret_attempt_address_idx').on(t.scope, t.address, t.at),
    index('secret_attempt_time_idx').on(t.at),
  ],
);

/**
 * Committed writes as the open panels hear of them (`repos/events.ts`): one row per (resource, action) of a write, its
 * id the event stream's `id:`, so a stream that dropped resumes with `Last-Event-ID`. Kept about 15 minutes.
 */
export const changeEvents = pgTable(
  'change_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    resource: text('resource').notNull(),
    ids: jsonb('ids').$type<string[]>().notNull(),
    action: text('action').notNull(),
  },
  (t) => [index('change_event_at_idx').on(t.at)],
);

/** Who has which record open on an edit page (`repos/presence.ts`): a session's heartbeat keeps its row fresh. */
export const presence = pgTable(
  'presence',
  {
    sessionId: uuid('session_id').notNull(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    userId: uuid('user_id').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.resource, t.recordId] }), index('presence_record_idx').on(t.resource, t.recordId)],
);
