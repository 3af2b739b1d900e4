/** Cottages and what hangs on them: images, types and comforts. Part of `schema.ts`. */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ACTIVE_STATUSES, COTTAGE_STATUSES } from '../../shared/enums';
import { id, createdAt, inList } from './schema-columns';
import { regions, places, comforts, cottageTypes } from './schema-catalogue';
import { users } from './schema-people';

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
    /**
     * The name and description as search reads them (`dacha_fold`), kept by the database (migration 0021): a search's
     * rows are checked against stored text instead of folding each again (the palette's orders by cottage name).
     */
    nameFold: text('name_fold').generatedAlwaysAs(sql`dacha_fold(name)`),
    descriptionFold: text('description_fold').generatedAlwaysAs(sql`dacha_fold(description)`),
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
    index('cottage_name_fold_idx').using('gin', sql`${t.nameFold} gin_trgm_ops`),
    index('cottage_description_fold_idx').using('gin', sql`${t.descriptionFold} gin_trgm_ops`),
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
    /** The gallery's order, as the cottage form sets it (issue #34); new images go last. Not on the wire: the order is. */
    position: integer('position').notNull().default(0),
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
