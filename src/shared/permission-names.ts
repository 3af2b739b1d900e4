/**
 * The permission catalogue's names in a language: `GET /models` and the roles' permissions carry them in the
 * request's language (the `name` field; `code` stays the identifier). The database keeps the English ones it was
 * seeded with, which answer for a permission these texts do not know; a language without texts reads Uzbek, the
 * marketplace's default, as the panel does.
 */
import texts from '../../i18n/resources/permission';
import type { Locale } from '../../i18n/types';

type Texts = (typeof texts)['en'];

const textsIn = (lang: string): Texts => (texts as Record<string, Texts>)[lang as Locale] ?? texts.uz;

/** A group's name by its registry key (`cottageType` → "Kottej turlari"); `fallback` when unknown. */
export function permissionGroupName(key: string, lang: string, fallback = key): string {
  return (textsIn(lang).groups as Record<string, string>)[key] ?? fallback;
}

/** A permission's name by its code (`cottage.list` → "Roʻyxat · Kottejlar"); `fallback` when unknown. */
export function permissionName(code: string, lang: string, fallback = code): string {
  const t = textsIn(lang);
  const [group, action] = code.split('.');
  const special = (t.special as Record<string, Record<string, string> | undefined>)[group]?.[action];
  if (special) return special;
  const verb = (t.actions as Record<string, string>)[action];
  const noun = (t.groups as Record<string, string>)[group];
  return verb && noun ? `${verb} · ${noun}` : fallback;
}
