/**
 * The whole data model, one `pgTable` per entity of the spec's §3. The same schema and migrations run on PGlite and
 * PostgreSQL 15.
 *
 * Referential choices: a record that other records still use is protected (`restrict`) so the API can answer 409
 * instead of cascading silently (regions/places with cottages, translations used by names, tariffs with orders).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  ACTIVE_STATUSES,
  COTTAGE_STATUSES,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
  SERVICE_CODES,
  TRANSLATION_TYPES,
} from '../../shared/enums';
import type { SavedQueryValue } from '../../shared/schemas/saved-query';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** An editable record's version: every write through the API moves it forward (see `query/versions.ts`). */
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** A translated field points at a translation; the translation cannot be deleted while used. */
const translationRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => translations.id, { onDelete: 'restrict' });

// ---------------------------------------------------------------- languages and translations

export const languages = pgTable('language', {
  id: id(),
  code: varchar('code', { length: 2 }).notNull().unique(),
  title: varchar('title', { length: 64 }).notNull(),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const translations = pgTable(
  'translation',
  {
    id: id(),
    code: varchar('code', { length: 128 }).notNull().unique(),
    type: varchar('type', { length: 16 }).notNull().default('content'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [check('translation_type_check', inList('type', TRANSLATION_TYPES))],
);

export const definitions = pgTable(
  'definition',
  {
    id: id(),
    translationId: uuid('translation_id')
      .notNull()
      .references(() => translations.id, { onDelete: 'cascade' }),
    languageId: uuid('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('definition_translation_language_idx').on(t.translationId, t.languageId),
    index('definition_language_idx').on(t.languageId),
  ],
);

// ---------------------------------------------------------------- catalogue

export const regions = pgTable(
  'region',
  { id: id(), nameTranslateId: translationRef('name_translate_id'), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [index('region_name_idx').on(t.nameTranslateId)],
);

export const places = pgTable(
  'place',
  {
    id: id(),
    nameTranslateId: translationRef('name_translate_id'),
    regionId: uuid('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('place_region_idx').on(t.regionId), index('place_name_idx').on(t.nameTranslateId)],
);

export const comforts = pgTable(
  'comfort',
  { id: id(), nameTranslateId: translationRef('name_translate_id'), image: text('image'), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [index('comfort_name_idx').on(t.nameTranslateId)],
);

export const cottageTypes = pgTable(
  'cottage_type',
  {
    id: id(),
    nameTranslateId: translationRef('name_translate_id'),
    image: text('image'),
    /** Cottages of this type show no price (the spec's mosque type): data, not a hard-coded id. */
    hidePrice: boolean('hide_price').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cottage_type_name_idx').on(t.nameTranslateId)],
);

// ---------------------------------------------------------------- users, roles, permissions, sessions

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

// ---------------------------------------------------------------- cottages

export const cottages = pgTable(
  'cottage',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    price: doublePrecision('price').notNull(),
    priceWeekend: doublePrecision('price_weekend').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    cottageStatus: varchar('cottage_status', { length: 16 }).notNull().default('progress'),
    rating: doublePrecision('rating').notNull().default(0),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    regionId: uuid('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The moderation signals' risk score (0–100) and kinds, kept by `repos/signals.ts` after each write (migration 0015). */
    risk: integer('risk').notNull().default(0),
    signalKinds: text('signal_kinds').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    check('cottage_status_check', inList('status', ACTIVE_STATUSES)),
    check('cottage_moderation_check', inList('cottage_status', COTTAGE_STATUSES)),
    check('cottage_price_check', sql`price >= 0 and price_weekend >= 0`),
    check('cottage_lat_check', sql`latitude is null or latitude between -90 and 90`),
    check('cottage_lng_check', sql`longitude is null or longitude between -180 and 180`),
    // A list's order ends with the id (a total order for paging), so the sort indexes do too: with many equal
    // prices or creation times a page is read straight off the index instead of sorting a whole group of ties.
    index('cottage_moderation_created_idx').on(t.cottageStatus, t.createdAt, t.id),
    index('cottage_status_idx').on(t.status),
    // With the id: a page sorted by the region's (place's) name walks each region's cottages in id order (query/list.ts).
    index('cottage_region_idx').on(t.regionId, t.id),
    index('cottage_place_idx').on(t.placeId, t.id),
    index('cottage_user_idx').on(t.userId),
    index('cottage_price_idx').on(t.price, t.id),
    index('cottage_created_idx').on(t.createdAt, t.id),
    // A descending sort still breaks ties by the id ascending, which no backward walk of the two above gives (it
    // yields the id descending): newest first and dearest first have indexes of their own (migration 0011).
    index('cottage_created_desc_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('cottage_price_desc_idx').on(t.price.desc().nullsFirst(), t.id),
    index('cottage_name_idx').on(t.name, t.id),
    // List search (`q`) matches the folded text (lower case, no apostrophes, Cyrillic as Latin: dacha_fold() of
    // migration 0007) by trigrams, so a search stays index-backed at any number of cottages.
    index('cottage_name_fold_idx').using('gin', sql`dacha_fold(${t.name}) gin_trgm_ops`),
    index('cottage_description_fold_idx').using('gin', sql`dacha_fold(${t.description}) gin_trgm_ops`),
    // "Riskiest first" (the moderation queue) and `signal` filters (migration 0015).
    index('cottage_risk_desc_idx').on(t.risk.desc().nullsFirst(), t.id),
    index('cottage_signal_kinds_idx').using('gin', t.signalKinds),
    // Twin pins: the cottages within a few metres' latitude.
    index('cottage_latitude_idx').on(t.latitude),
  ],
);

export const cottageImages = pgTable(
  'cottage_image',
  {
    id: id(),
    cottageId: uuid('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    isMainImage: boolean('is_main_image').notNull().default(false),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    check('cottage_image_status_check', inList('status', ACTIVE_STATUSES)),
    index('cottage_image_cottage_idx').on(t.cottageId),
    // At most one main image per cottage, guaranteed by the database.
    uniqueIndex('cottage_image_one_main_idx').on(t.cottageId).where(sql`is_main_image`),
  ],
);

export const cottageCottageTypes = pgTable(
  'cottage_cottage_type',
  {
    cottageId: uuid('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    cottageTypeId: uuid('cottage_type_id')
      .notNull()
      .references(() => cottageTypes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cottageId, t.cottageTypeId] }), index('cct_type_idx').on(t.cottageTypeId)],
);

export const cottageComforts = pgTable(
  'cottage_comfort',
  {
    cottageId: uuid('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    comfortId: uuid('comfort_id')
      .notNull()
      .references(() => comforts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cottageId, t.comfortId] }), index('cc_comfort_idx').on(t.comfortId)],
);

// ---------------------------------------------------------------- services, tariffs, orders, premium placements

export const services = pgTable(
  'service',
  {
    id: id(),
    nameTranslateId: translationRef('name_translate_id'),
    descriptionTranslateId: translationRef('description_translate_id'),
    serviceCode: varchar('service_code', { length: 16 }).notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('service_code_check', inList('service_code', SERVICE_CODES)),
    index('service_name_idx').on(t.nameTranslateId),
    index('service_description_idx').on(t.descriptionTranslateId),
  ],
);

export const tariffs = pgTable(
  'tariff',
  {
    id: id(),
    typeTranslateId: translationRef('type_translate_id'),
    descriptionTranslateId: translationRef('description_translate_id'),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    days: integer('days').notNull(),
    price: integer('price').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tariff_days_check', sql`days >= 1`),
    check('tariff_price_check', sql`price >= 0`),
    index('tariff_service_idx').on(t.serviceId),
    index('tariff_type_idx').on(t.typeTranslateId),
    index('tariff_description_idx').on(t.descriptionTranslateId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    cottageId: uuid('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    tariffId: uuid('tariff_id')
      .notNull()
      .references(() => tariffs.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).notNull().default('inactive'),
    orderStatus: varchar('order_status', { length: 16 }).notNull().default('progress'),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    /** Set when "Active Pre" turned this order into a placement; makes the activation idempotent. */
    premiumActivatedAt: timestamp('premium_activated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('order_status_check', inList('status', ACTIVE_STATUSES)),
    check('order_order_status_check', inList('order_status', ORDER_STATUSES)),
    index('order_cottage_idx').on(t.cottageId),
    index('order_tariff_idx').on(t.tariffId),
    index('order_user_idx').on(t.userId),
    index('order_statuses_idx').on(t.orderStatus, t.status),
    index('order_created_idx').on(t.createdAt, t.id),
  ],
);

export const premiumPlacements = pgTable(
  'premium_placement',
  {
    id: id(),
    cottageId: uuid('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    serviceCode: varchar('service_code', { length: 16 }).notNull(),
    priority: integer('priority').notNull().default(1),
    tariffId: uuid('tariff_id').references(() => tariffs.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check('premium_service_code_check', inList('service_code', SERVICE_CODES)),
    check('premium_priority_check', sql`priority >= 1`),
    index('premium_cottage_idx').on(t.cottageId),
    index('premium_active_idx').on(t.serviceCode, t.expireAt),
    // One placement per order: a second "Active Pre" cannot stack another.
    uniqueIndex('premium_order_idx').on(t.orderId),
  ],
);

// ---------------------------------------------------------------- notifications

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

// ---------------------------------------------------------------- moderation desk (issue #25)

/**
 * A moderator's hold on a cottage of the moderation queue: one holder per cottage (the key), until `expires_at`; an
 * expired row is a free cottage (taken over by the next claim). A decision or a release deletes it.
 */
export const cottageClaims = pgTable(
  'cottage_claim',
  {
    cottageId: uuid('cottage_id')
      .primaryKey()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cottage_claim_user_idx').on(t.userId)],
);

/** A rejection reason template, one text per language, in the desk's order (`position`). */
export const moderationReasons = pgTable(
  'moderation_reason',
  {
    id: id(),
    position: integer('position').notNull().default(0),
    uz: text('uz').notNull(),
    ru: text('ru').notNull(),
    en: text('en').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('moderation_reason_position_idx').on(t.position)],
);

// ---------------------------------------------------------------- saved list queries (the list kit)

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
// The API keys (issue #36) beside the history that names them.
export * from './schema-api-keys';

/**
 * Attempts at a secret (a password today, a second factor later: `scope`), one row each, written before the secret is
 * checked: the throttle (auth/throttle.ts) counts them per subject (the username), per address and per both, so every
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
export * from './schema-webhooks';

/**
 * A cottage's moderation signals (issue #35, `repos/signals.ts`): recomputed after every committed write of the cottage,
 * each with its message (a key of `signals/messages.ts` and its parameters, rendered in the reader's language), its
 * evidence and the other cottage it concerns, if any.
 */
export const cottageSignals = pgTable(
  'cottage_signal',
  {
    id: id(),
    cottageId: uuid('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    severity: varchar('severity', { length: 8 }).notNull(),
    messageKey: varchar('message_key', { length: 64 }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
    // No foreign key: when the other cottage is deleted, the signals naming it are how its pair is found and recomputed.
    relatedId: uuid('related_id'),
    createdAt: createdAt(),
  },
  (t) => [index('cottage_signal_cottage_idx').on(t.cottageId), index('cottage_signal_related_idx').on(t.relatedId)],
);

/** A cottage's description as MinHash bands (`signals/text-similarity.ts`): a copied text shares a band, found by the GIN index. */
export const cottageFingerprints = pgTable(
  'cottage_fingerprint',
  {
    cottageId: uuid('cottage_id')
      .primaryKey()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    textBands: text('text_bands').array().notNull(),
  },
  (t) => [index('cottage_fingerprint_bands_idx').using('gin', t.textBands)],
);

/** A cottage image's perceptual hashes (`images/phash.ts`: whole, mirrored, cropped, cropped mirrored), for duplicate photos. */
export const cottageImageHashes = pgTable('cottage_image_hash', {
  imageId: uuid('image_id')
    .primaryKey()
    .references(() => cottageImages.id, { onDelete: 'cascade' }),
  hashes: bigint('hashes', { mode: 'bigint' }).array().notNull(),
});
