/**
 * Users, roles, permissions and sessions, with the second factor, and what belongs to a user: notifications and
 * saved list queries. Part of `schema.ts`.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '../../shared/enums';
import type { SavedQueryValue } from '../../shared/schemas/saved-query';
import { id, createdAt, updatedAt, inList } from './schema-columns';

export const users = pgTable(
  'user',
  {
    id: id(),
    username: varchar('username', { length: 64 }).unique(),
    name: varchar('name', { length: 128 }),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 20 }),
    image: text('image'),
    passwordHash: text('password_hash'),
    balance: doublePrecision('balance').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_phone_idx').on(t.phone), index('user_created_idx').on(t.createdAt)],
);

export const roles = pgTable('role', {
  id: id(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  /** Its users must turn two-factor login on before they can do anything else (403 `twoFactorSetupRequired`). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const permissionGroups = pgTable('permission_group', {
  id: id(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  label: varchar('label', { length: 128 }).notNull(),
  position: integer('position').notNull().default(0),
});

export const permissions = pgTable(
  'permission',
  {
    id: id(),
    code: varchar('code', { length: 96 }).notNull().unique(),
    name: varchar('name', { length: 160 }).notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => permissionGroups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('permission_group_idx').on(t.groupId)],
);

export const userRoles = pgTable(
  'user_role',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_role_role_idx').on(t.roleId)],
);

export const rolePermissions = pgTable(
  'role_permission',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index('role_permission_perm_idx').on(t.permissionId)],
);

/**
 * One row per login: the refresh-token family. Refresh rotates `refreshTokenId`; presenting an older one is reuse
 * and revokes the row, which also stops its access tokens (they carry the session id).
 */
export const sessions = pgTable(
  'session',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenId: uuid('refresh_token_id').notNull(),
    userAgent: text('user_agent'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: varchar('revoked_reason', { length: 32 }),
    /** The refresh token id rotated away last, and when: presented again within the grace window it is no reuse. */
    previousRefreshTokenId: uuid('previous_refresh_token_id'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

/**
 * A user's second factor (TOTP). `secret` is AES-256-GCM ciphertext under a key derived from the server's secrets
 * (auth/two-factor.ts), never the base32 itself. A row without `enabledAt` is a setup not yet proven by a code.
 * `usedStep` is the last TOTP step that passed, so a code cannot be used twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  usedStep: bigint('used_step', { mode: 'number' }).notNull().default(-1),
  createdAt: createdAt(),
});

/** One-time recovery codes: the SHA-256 of each (they are random, 80 bits: no slow hash needed); used ones stay marked. */
export const recoveryCodes = pgTable(
  'recovery_code',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_code_user_idx').on(t.userId)],
);

/**
 * Wrong second-factor codes of an account, kept 24 hours (`repos/second-factor-lock.ts`): past 20 the authenticator's
 * codes are refused until a recovery code, an admin's reset or the end of the day. A right code deletes them.
 */
export const secondFactorFailures = pgTable(
  'second_factor_failure',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: varchar('address', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('second_factor_failure_user_idx').on(t.userId, t.at), index('second_factor_failure_time_idx').on(t.at)],
);

/**
 * An account's latest second-factor lock: when it began, how many wrong codes and from which addresses; lifted by a
 * recovery code or an admin's reset (`liftedAt`, `liftedBy`), or over on its own a day after it began.
 */
export const secondFactorLocks = pgTable('second_factor_lock', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
  addresses: jsonb('addresses').$type<string[]>().notNull(),
  liftedAt: timestamp('lifted_at', { withTimezone: true }),
  liftedBy: varchar('lifted_by', { length: 16 }).$type<'recovery' | 'reset'>(),
});

export const notifications = pgTable(
  'notification',
  {
    id: id(),
    message: text('message').notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('notification_type_check', inList('type', NOTIFICATION_TYPES)),
    check('notification_target_check', sql`(type = 'personal') = (user_id is not null)`),
    index('notification_type_created_idx').on(t.type, t.createdAt),
    index('notification_user_idx').on(t.userId),
  ],
);

/**
 * A list's filter and sort saved by an admin, kept on the server so it outlives logout and the browser. `resource` is
 * the admin route (registry `route`); a shared query is offered to every admin who may list that resource.
 */
export const savedQueries = pgTable(
  'saved_query',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: varchar('resource', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    query: jsonb('query').$type<SavedQueryValue>().notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_query_user_resource_name_idx').on(t.userId, t.resource, t.name),
    index('saved_query_resource_shared_idx').on(t.resource, t.shared),
  ],
);
