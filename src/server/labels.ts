/**
 * What the server calls one record of a resource, in each language: the panel's own names (the first form of each
 * resource's `name` in `i18n/resources/`), so a message and the screen it appears on say the same word. English keeps
 * the server's label (`db/tables.ts`, a resource's `label`), which the API has always used.
 */
import { resourcesIn } from '../../i18n/resources';
import { resources } from '../shared/resources';
import { said, type Said } from './messages';

const singular = (name: string) => name.split('||||')[0].trim();
const IN = { uz: resourcesIn('uz'), ru: resourcesIn('ru') };

/** One record of `key` as a message: `notFound(recordLabel('region', 'Region'))` → "Viloyat topilmadi". */
export function recordLabel(key: string, english: string): Said {
  const route = (resources as Record<string, { route: string } | undefined>)[key]?.route as keyof (typeof IN)['uz'] | undefined;
  const texts = (lang: 'uz' | 'ru') => {
    const found = route && (IN[lang][route] as { name?: string } | undefined);
    return found?.name ? singular(found.name) : english;
  };
  return said({ uz: texts('uz'), ru: texts('ru'), en: english });
}
