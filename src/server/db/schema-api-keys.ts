/**
 * API keys (issue #36): principals a user hands to a script, holding a subset of his permissions, stored only as the
 * SHA-256 of the token (`repos/api-keys.ts`). Re-exported by `schema.ts`; the foreign key to `user` is in the
 * migration only (0017), so this file needs nothing of the long schema.
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

export const apiKeys = pgTable(
  'api_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its user (deleted with him): the key never holds a permission he no longer has. */
    userId: uuid('user_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** The first characters after `dk_`, shown to tell keys apart. */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    /** Hex SHA-256 of the whole token; the token itself is never stored. */
    hash: varchar('hash', { length: 64 }).notNull(),
    /** Permission codes chosen at creation, a subset of the creator's then; what it may do is this ∩ his current ones. */
    permissions: text('permissions').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_key_hash_idx').on(t.hash), index('api_key_user_idx').on(t.userId, t.createdAt)],
);
