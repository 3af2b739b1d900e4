/**
 * The request's language from `accept-language`, parsed leniently: `ru`, `ru-RU,ru;q=0.9`, absent → uz. An unknown
 * language is never an error: translated reads fall back to the default and then to any definition.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE } from '../../shared/enums';

declare module 'fastify' {
  interface FastifyRequest {
    lang: string;
    /**
     * The language of what the server says to the person (errors, refusals): the Accept-Language's when the request
     * states one (the panel always does), else English, as the original API answered clients that name none.
     */
    messageLang: string;
  }
}

/** The header's language codes, most wanted first (`*` and malformed parts left out). */
function rankedLanguages(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return [];
  return value
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { code: tag.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => /^[a-z]{2}$/.test(l.code) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.code);
}

export function preferredLanguage(header: string | string[] | undefined): string {
  return rankedLanguages(header)[0] ?? DEFAULT_LANGUAGE;
}

/** The languages the server's messages are written in. */
const MESSAGE_LANGUAGES = new Set(['uz', 'ru', 'en']);

/**
 * The language of what the server says: the first of uz, ru and en the header names; English when it names none of
 * them (no header, `*`, only `fr`), as the API always answered clients that ask for nothing in particular.
 */
const messageLanguage = (header: string | string[] | undefined): string =>
  rankedLanguages(header).find((code) => MESSAGE_LANGUAGES.has(code)) ?? 'en';

async function languagePlugin(app: FastifyInstance) {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('messageLang', 'en');
  app.addHook('onRequest', async (request) => {
    const header = request.headers['accept-language'];
    request.lang = preferredLanguage(header);
    request.messageLang = messageLanguage(header);
  });
}

export default fp(languagePlugin, { name: 'language' });
