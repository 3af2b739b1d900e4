/** The catalogue: regions, places, comforts and cottage types. Part of `schema.ts`. */
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './schema-columns';
import { translationRef } from './schema-i18n';

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
