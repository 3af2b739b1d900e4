import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import type { TranslationType } from '../../shared/enums';
import { definitions, languages, translations } from '../db/schema';
import type { ListSpec } from '../query/list';
import { registrySearch } from '../query/search';
import type { TranslationRecord } from '../../shared/records/translation';
import { resources } from '../../shared/resources';
import { languagePosition } from './languages';
import { translatedText } from '../query/translated';
import { withReferencesCheckedOnce } from '../db/bulk-references';
import { anyId, qualified, together, unnestRows } from '../db/sql';
import { assertTranslationUnused, translationInUse, translationStatus, translationUses } from './translation-usage';

const allDefinitions = sql<string>`coalesce((select string_agg(d.value, ' ') from definition d where d.translation_id = ${qualified(translations.id)}), '')`;

export const translationListSpec =
  (opts: { unusedOnly?: boolean } = {}) =>
  (lang: string): ListSpec => {
    const fields = {
      code: translations.code,
      type: translations.type,
      status: translationStatus(),
      value: translatedText(qualified(translations.id), lang),
      // Without drizzle's Date mapping, so a filter value that is no date is a 400, not a crash.
      createdAt: qualified(translations.createdAt),
    };
    return {
      table: translations,
      id: translations.id,
      fields,
      search: registrySearch(resources.translate, fields, { definition: allDefinitions }),
      where: opts.unusedOnly ? not(translationInUse()) : undefined,
      defaultSort: { field: 'createdAt', order: 'asc' },
    };
  };

export async function loadTranslations(db: DbOrTx, ids: string[], lang: string): Promise<TranslationRecord[]> {
  if (!ids.length) return [];
  const [rows, defs, uses] = await together(db, [
    () => db
      .select({
        id: translations.id,
        code: translations.code,
        type: translations.type,
        status: translationStatus(),
        value: translatedText(qualified(translations.id), lang),
        createdAt: translations.createdAt,
      })
      .from(translations)
      .where(anyId(translations.id, ids)),
    () => db
      .select({ translationId: definitions.translationId, value: definitions.value, languageId: languages.id, code: languages.code })
      .from(definitions)
      .innerJoin(languages, eq(languages.id, definitions.languageId))
      .where(anyId(definitions.translationId, ids))
      .orderBy(asc(languagePosition), asc(languages.createdAt), asc(languages.code)),
    () => translationUses(db, ids, lang),
  ]);
  // By id, not a search of every row's texts and uses per row (an import's apply reads hundreds at once).
  const useOf = new Map<string, (typeof uses)[number]>();
  for (const u of uses) if (!useOf.has(u.translationId)) useOf.set(u.translationId, u);
  const defsOf = new Map<string, typeof defs>();
  for (const d of defs) {
    const own = defsOf.get(d.translationId);
    if (own) own.push(d);
    else defsOf.set(d.translationId, [d]);
  }
  return rows.map((r) => {
    const use = useOf.get(r.id);
    return {
      ...r,
      definition: (defsOf.get(r.id) ?? []).map((d) => ({ value: d.value, language: { id: d.languageId, code: d.code } })),
      usedBy: use ? { resource: use.owner, id: use.recordId, field: use.field, name: use.title } : null,
    };
  });
}

export interface DefinitionRow {
  languageId: string;
  value: string;
}

/** A new translation with its definitions. */
export async function insertTranslation(tx: Tx, values: { code: string; type: TranslationType }, rows: DefinitionRow[]): Promise<string> {
  const [created] = await tx.insert(translations).values(values).returning({ id: translations.id });
  await tx.insert(definitions).values(rows.map((r) => ({ ...r, translationId: created.id })));
  return created.id;
}

/**
 * Many new translations with their definitions, in two inserts of arrays (an import's new names). The ids are
 * given, so that the caller links each record to its translation without relying on the order of `returning`.
 */
export async function insertTranslations(tx: Tx, items: { id: string; code: string; type: TranslationType; rows: DefinitionRow[] }[]) {
  for (const rows of unnestRows(translations, items.map(({ id, code, type }) => ({ id, code, type })))!) await tx.execute(sql`insert into ${translations} ${rows}`);
  const rows = items.flatMap((t) => t.rows.map((r) => ({ ...r, translationId: t.id })));
  await withReferencesCheckedOnce(tx, definitions, rows, async () => {
    for (const part of unnestRows(definitions, rows)!) await tx.execute(sql`insert into ${definitions} ${part}`);
  });
}

/** Sets the texts given of many translations (others are kept), in one upsert of arrays. */
export async function setTranslationTexts(tx: Tx, items: { id: string; rows: DefinitionRow[] }[]) {
  const rows = items.flatMap((t) => t.rows.map((r) => ({ ...r, translationId: t.id })));
  await withReferencesCheckedOnce(tx, definitions, rows, async () => {
    for (const part of unnestRows(definitions, rows)!) {
      await tx.execute(sql`insert into ${definitions} ${part} on conflict (${sql.identifier(definitions.translationId.name)}, ${sql.identifier(definitions.languageId.name)}) do update set ${sql.identifier(definitions.value.name)} = excluded.${sql.identifier(definitions.value.name)}`);
    }
  });
}

/** Changes code and type when given, and replaces the definitions of the languages given (others are kept). */
export async function updateTranslation(tx: Tx, id: string, values: { code?: string; type?: TranslationType }, rows: DefinitionRow[]) {
  if (values.code || values.type) await tx.update(translations).set(values).where(eq(translations.id, id));
  if (rows.length) {
    await tx.delete(definitions).where(and(eq(definitions.translationId, id), inArray(definitions.languageId, rows.map((r) => r.languageId))));
    await tx.insert(definitions).values(rows.map((r) => ({ ...r, translationId: id })));
  }
}

/** Sets a translation's definitions to exactly these (a language not among them loses its text). */
export async function replaceDefinitions(tx: Tx, id: string, rows: DefinitionRow[]) {
  await tx.delete(definitions).where(eq(definitions.translationId, id));
  if (rows.length) await tx.insert(definitions).values(rows.map((r) => ({ ...r, translationId: id })));
}

/** Deletes a translation no record uses (409 naming the user otherwise), checked and done under one lock. */
export async function deleteTranslation(tx: Tx, id: string, lang: string) {
  await assertTranslationUnused(tx, id, lang);
  await tx.delete(translations).where(eq(translations.id, id));
}

/** The texts of translations by language code: `id → {uz: …, ru: …}` (the export's and import's columns per language). */
export async function definitionTexts(db: DbOrTx, ids: string[]): Promise<Map<string, Record<string, string>>> {
  const out = new Map<string, Record<string, string>>();
  if (!ids.length) return out;
  const rows = await db
    .select({ translationId: definitions.translationId, value: definitions.value, code: languages.code })
    .from(definitions)
    .innerJoin(languages, eq(languages.id, definitions.languageId))
    .where(inArray(definitions.translationId, ids));
  for (const r of rows) {
    let texts = out.get(r.translationId);
    if (!texts) out.set(r.translationId, (texts = {}));
    texts[r.code] = r.value;
  }
  return out;
}
