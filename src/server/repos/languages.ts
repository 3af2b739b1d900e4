import { asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { languages } from '../db/schema';
import type { ListSpec } from '../query/list';
import { DEFAULT_LANGUAGES } from '../../shared/enums';
import { qualified } from '../db/sql';
import type { LanguageRecord } from '../../shared/records/language';
import { resources } from '../../shared/resources';
import { registrySearch } from '../query/search';

/** The languages every install starts with come first, in their canonical order; added ones follow by creation. */
const canonicalCodes = sql.join(DEFAULT_LANGUAGES.map((l) => sql`${l.code}::text`), sql`, `);
export const languagePosition = sql<number>`coalesce(array_position(array[${canonicalCodes}], ${languages.code}::text), 1000)`;
const position = sql<number>`(${languagePosition} * 1.0e12 + extract(epoch from ${languages.createdAt}))`;

const definitionCount = sql<number>`(select count(*)::int from definition d where d.language_id = ${qualified(languages.id)})`;

export const languageListSpec = (): ListSpec => {
  const fields = { position, code: languages.code, title: languages.title, createdAt: qualified(languages.createdAt), definitions: definitionCount };
  return { table: languages, id: languages.id, fields, search: registrySearch(resources.language, fields), defaultSort: { field: 'position', order: 'asc' } };
};

export async function loadLanguages(db: DbOrTx, ids: string[]): Promise<LanguageRecord[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: languages.id,
      code: languages.code,
      title: languages.title,
      image: languages.image,
      definitions: definitionCount,
      createdAt: languages.createdAt,
    })
    .from(languages)
    .where(inArray(languages.id, ids))
    .orderBy(asc(languagePosition), asc(languages.createdAt));
}

export async function allLanguageCodes(db: DbOrTx): Promise<{ id: string; code: string }[]> {
  return db.select({ id: languages.id, code: languages.code }).from(languages).orderBy(asc(languagePosition), asc(languages.createdAt), asc(languages.code));
}

export async function languageCount(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(languages);
  return n;
}
