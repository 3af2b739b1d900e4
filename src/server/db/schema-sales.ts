/** Services, tariffs, orders and premium placements. Part of `schema.ts`. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ACTIVE_STATUSES, ORDER_STATUSES, SERVICE_CODES } from '../../shared/enums';
import { id, createdAt, updatedAt, inList } from './schema-columns';
import { translationRef } from './schema-i18n';
import { users } from './schema-people';
import { cottages } from './schema-cottages';

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
