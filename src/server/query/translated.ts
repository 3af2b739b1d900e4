/** SQL for reading a translated field as text in the request's language, with fallbacks, usable in select/where/order. */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_LANGUAGE } from '../../shared/enums';

export function translatedText(translationId: AnyColumn | SQL, lang: string): SQL<string> {
  return sql<string>`coalesce((
    select d.value from definition d join language l on l.id = d.language_id
    where d.translation_id = ${translationId}
    order by case l.code when ${lang} then 0 when ${DEFAULT_LANGUAGE} then 1 else 2 end, l.created_at, l.code
    limit 1), '')`;
}

/**
 * A derived table `alias(id, name)` of the translated names of those rows of a (small) catalogue table whose ids
 * `which` selects, to join instead of calling `translatedText` per joined row: each name is looked up once per distinct
 * record (a batch of 500 cottages shares a few dozen comforts). `offset 0` keeps PostgreSQL from merging the subquery
 * into the outer query, which would bring the per-row lookup back.
 */
export function translatedNames(alias: string, table: PgTable, id: PgColumn, translationId: PgColumn, lang: string, which: SQL): SQL {
  return sql`(select ${id} as id, ${translatedText(translationId, lang)} as name from ${table} where ${id} in (${which}) offset 0) as ${sql.identifier(alias)}`;
}

/** The `name` column of a `translatedNames` table. */
export const nameOf = (alias: string) => sql<string>`${sql.identifier(alias)}.name`;
export const idOf = (alias: string) => sql`${sql.identifier(alias)}.id`;
