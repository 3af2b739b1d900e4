import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { definitions, languages, translations } from '../db/schema';
import type { ListSpec } from '../lib/list';
import { languagePosition } from './languages';
import { translatedText } from '../lib/translated';
import { qualified } from '../db/sql';
import { translationInUse, translationStatus, translationUses } from '../lib/translation-usage';

export interface TranslationRecord {
  id: string;
  code: string;
  type: string;
  /** Computed: `active` while a record uses the translation. */
  status: 'active' | 'inactive';
  /** The text in the request's language (with the usual fallbacks). */
  value: string;
  definition: { value: string; language: { id: string; code: string } }[];
  /** The record field that uses it, if any. */
  usedBy: { resource: string; id: string; field: string; name: string } | null;
  createdAt: Date;
}

const allDefinitions = sql<string>`coalesce((select string_agg(d.value, ' ') from definition d where d.translation_id = ${qualified(translations.id)}), '')`;

export const translationListSpec =
  (opts: { unusedOnly?: boolean } = {}) =>
  (lang: string): ListSpec => ({
    table: translations,
    id: translations.id,
    fields: {
      code: translations.code,
      type: translations.type,
      status: translationStatus(),
      value: translatedText(qualified(translations.id), lang),
      // Without drizzle's Date mapping, so a filter value that is no date is a 400, not a crash.
      createdAt: qualified(translations.createdAt),
    },
    search: [translations.code, allDefinitions],
    where: opts.unusedOnly ? not(translationInUse()) : undefined,
    defaultSort: { field: 'createdAt', order: 'asc' },
  });

export async function loadTranslations(db: DbOrTx, ids: string[], lang: string): Promise<TranslationRecord[]> {
  if (!ids.length) return [];
  const [rows, defs, uses] = await Promise.all([
    db
      .select({
        id: translations.id,
        code: translations.code,
        type: translations.type,
        status: translationStatus(),
        value: translatedText(qualified(translations.id), lang),
        createdAt: translations.createdAt,
      })
      .from(translations)
      .where(inArray(translations.id, ids)),
    db
      .select({ translationId: definitions.translationId, value: definitions.value, languageId: languages.id, code: languages.code })
      .from(definitions)
      .innerJoin(languages, eq(languages.id, definitions.languageId))
      .where(inArray(definitions.translationId, ids))
      .orderBy(asc(languagePosition), asc(languages.createdAt), asc(languages.code)),
    translationUses(db, ids, lang),
  ]);
  return rows.map((r) => {
    const use = uses.find((u) => u.translationId === r.id);
    return {
      ...r,
      definition: defs.filter((d) => d.translationId === r.id).map((d) => ({ value: d.value, language: { id: d.languageId, code: d.code } })),
      usedBy: use ? { resource: use.owner, id: use.recordId, field: use.field, name: use.title } : null,
    };
  });
}

export async function translationCodeTaken(db: DbOrTx, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: translations.id })
    .from(translations)
    .where(and(eq(translations.code, code), exceptId ? not(eq(translations.id, exceptId)) : undefined));
  return Boolean(row);
}
