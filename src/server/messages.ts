/**
 * What the server says to a person, in their language (DESIGN §10): a message is declared once with its uz, ru and en
 * texts beside the code that says it, and `{name}` parameters — themselves plain values or other messages (a label) —
 * filled in when it is rendered. An error carries the message, not a text: the error plugin renders it in the
 * request's message language (`request.messageLang`: the Accept-Language the panel always sends; English for a
 * client that states none, as the original API answered).
 */
import { DEFAULT_LANGUAGE } from '../shared/enums';

export type Texts = Readonly<{ uz: string; ru: string; en: string }>;
type Param = string | number | Said;
/** A message to render later, in whichever language the reader asks for. */
export interface Said {
  readonly texts: Texts;
  readonly params?: Readonly<Record<string, Param>>;
}
export type Message = string | Said;

/** The message `texts` with its parameters, rendered later. */
export const said = (texts: Texts, params?: Record<string, Param>): Said => ({ texts, params });

/** A message in `lang` (a language the catalogue lacks gets the default, uz). A plain string is returned as it is. */
export function render(message: Message, lang: string): string {
  if (typeof message === 'string') return message;
  const { texts, params = {} } = message;
  const text = texts[lang as keyof Texts] ?? texts[DEFAULT_LANGUAGE as keyof Texts] ?? texts.en;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : typeof value === 'object' ? render(value, lang) : String(value);
  });
}

/** Rendered at once, for an answer that is not an error (a revert's `leftOut`). */
export const say = (lang: string, texts: Texts, params?: Record<string, Param>) => render(said(texts, params), lang);
