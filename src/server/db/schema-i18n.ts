/**
 * Languages, translations and the texts of each (spec §3): every translated field of another table points here. Part
 * of `schema.ts`.
 */
import { check, index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { TRANSLATION_TYPES } from '../../shared/enums';
import { id, createdAt, updatedAt, inList } from './schema-columns';

/** A translated field points at a translation; the translation cannot be deleted while used. */
export const translationRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => translations.id, { onDelete: 'restrict' });

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
