/**
 * Outgoing webhooks (issue #36): the endpoints an administrator registers and the outbox of messages to them, written
 * in the same transaction as the change they tell of (`http/unit-of-work.ts`) and delivered by any worker
 * (`plugins/webhook-delivery.ts`). Re-exported by `schema.ts`; the foreign keys to `user` are in the migration only
 * (0016), so this file needs nothing of the long schema.
 */
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const webhookEndpoints = pgTable('webhook_endpoint', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  /** `resource.action` (`region.edit`), `resource.*`, or `*` for every event. */
  events: jsonb('events').$type<string[]>().notNull(),
  description: text('description').notNull().default(''),
  /** `whsec_<base64>`: never answered but on create and on rotation. */
  secret: text('secret').notNull(),
  /** The secret before the latest rotation, still signing beside the new one until `previousSecretExpiresAt`. */
  previousSecret: text('previous_secret'),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  enabled: boolean('enabled').notNull().default(true),
  /** Why the server turned it off (`failing`: 24 hours of failed deliveries); null when a person did, or it is on. */
  disabledReason: varchar('disabled_reason', { length: 32 }),
  /** Its creator: the payloads carry records only as far as he may read them, and he is told when it is turned off. */
  createdBy: uuid('created_by'),
  /** The first failure of the current run of failures; null after a success. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'failed', 'delivered', 'dead'] as const;

export const webhookDeliveries = pgTable(
  'webhook_delivery',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Standard Webhooks `webhook-id` (`msg_…`): the same on every attempt, so a receiver de-duplicates on it. */
    messageId: text('message_id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending → sending (leased until `nextAttemptAt`) → delivered, or failed (due again at `nextAttemptAt`) … dead. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_delivery_status_check', sql.raw(`status in (${WEBHOOK_DELIVERY_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    index('webhook_delivery_due_idx').on(t.nextAttemptAt).where(sql`status in ('pending', 'sending', 'failed')`),
    index('webhook_delivery_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_delivery_created_idx').on(t.createdAt),
    uniqueIndex('webhook_delivery_message_idx').on(t.messageId),
  ],
);
