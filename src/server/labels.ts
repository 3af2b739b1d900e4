/**
 * What the server calls one record of a resource, in each language: the panel's own names (the first form of each
 * resource's `name` in `i18n/resources/`), so a message and the screen it appears on say the same word. English keeps
 * the server's label (`db/tables.ts`, a resource's `label`), which the API has always used.
 */
import { resourcesIn } from '../../i18n/resources';
import { resources } from '../shared/resources';
import { said, type Said } from './messages';

const singular = (name: string) => name.split('||||')[0].trim();
const IN = { uz: resourcesIn('uz'), ru: resourcesIn('ru'), en: resourcesIn('en') };
type Lang = keyof typeof IN;

/** A resource's texts in `lang` (its `name` forms and its `menu` label), when it has a screen. */
function textsOf(key: string, lang: Lang): { name?: string; menu?: string } | undefined {
  const route = (resources as Record<string, { route: string } | undefined>)[key]?.route as keyof (typeof IN)['uz'] | undefined;
  return route && (IN[lang][route] as { name?: string; menu?: string } | undefined);
}

/**
 * How the panel names a resource's records in each language, lower case: `one`, `many` (English: its plural) and
 * `list` (Russian: the menu's plural, used in quotes where the case cannot follow), for messages built from them.
 */
export function recordWords(key: string, english: string) {
  const forms = (lang: Lang) => (textsOf(key, lang)?.name ?? english).split('||||').map((f) => f.trim().toLowerCase());
  const en = forms('en');
  return {
    en: { one: en[0], many: en[1] ?? en[0] },
    uz: { one: forms('uz')[0] },
    ru: { list: textsOf(key, 'ru')?.menu ?? forms('ru')[1] ?? forms('ru')[0] },
  };
}

/** One record of `key` as a message: `notFound(recordLabel('region', 'Region'))` → "Viloyat topilmadi". */
export function recordLabel(key: string, english: string): Said {
  const texts = (lang: 'uz' | 'ru') => {
    const found = textsOf(key, lang);
    return found?.name ? singular(found.name) : english;
  };
  return said({ uz: texts('uz'), ru: texts('ru'), en: english });
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * How a loaded record of any resource reads in one line (the palette, the audit history): its name, else its
 * username, code or type, else the name of the cottage it belongs to (an order), else the start of its message.
 */
export function recordTitle(record: Record<string, unknown>): string | undefined {
  const nested = (key: string) => textOf((record[key] as { name?: unknown } | null | undefined)?.name);
  const message = textOf(record.message);
  return (
    textOf(record.name) ??
    textOf(record.username) ??
    textOf(record.code) ??
    textOf(record.type) ??
    nested('cottage') ??
    (message && (message.length > 60 ? `${message.slice(0, 59)}…` : message))
  );
}
