/**
 * What the server says to a person, in the request's language (DESIGN §10): each message is declared once with its
 * uz, ru and en texts beside the code that says it, and `{name}` parameters filled in. A language the catalogue lacks
 * gets the default (uz), as the panel's own texts do.
 */
import { DEFAULT_LANGUAGE } from '../shared/enums';

type Texts = Readonly<{ uz: string; ru: string; en: string }>;

export function say(lang: string, texts: Texts, params: Record<string, string | number> = {}): string {
  const text = texts[lang as keyof Texts] ?? texts[DEFAULT_LANGUAGE as keyof Texts] ?? texts.en;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
