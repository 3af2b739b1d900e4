/** SQL for reading a translated field as text in the request's language, with fallbacks, usable in select/where/order. */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '../../shared/enums';

export function translatedText(translationId: AnyColumn | SQL, lang: string): SQL<string> {
  return sql<string>`coalesce((
    select d.value from definition d join language l on l.id = d.language_id
    where d.translation_id = ${translationId}
    order by case l.code when ${lang} then 0 when ${DEFAULT_LANGUAGE} then 1 else 2 end, l.created_at, l.code
    limit 1), '')`;
}
