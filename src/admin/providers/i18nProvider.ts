/**
 * Every catalogue loads when first needed: the login page starts with the few texts it shows (i18n/login.ts, in its
 * JavaScript for all three languages), and its language's full catalogue arrives with the panel's chunk
 * (`loadPanel`, also fetched while the login page is idle); another language loads when chosen. A language the
 * server offers that we have no catalogue for keeps its code (sent as accept-language, so data still comes in it)
 * and shows Uzbek texts.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { loginTexts } from '../../../i18n/login';
import type { Catalogue, Locale } from '../../../i18n/types';

const loaders: Record<string, () => Promise<{ default: Catalogue }>> = {
  uz: () => import('../../../i18n/uz'),
  ru: () => import('../../../i18n/ru'),
  en: () => import('../../../i18n/en'),
};

const loaded = new Map<string, Catalogue>();
const loading = new Map<string, Promise<Catalogue>>();

/** The locale's full catalogue, fetched once; the translator uses it from the moment it has arrived. */
export function loadCatalogue(locale: string): Promise<Catalogue> {
  let pending = loading.get(locale);
  if (!pending) {
    const load = loaders[locale] ?? loaders.uz;
    pending = load().then(({ default: catalogue }) => {
      loaded.set(locale, catalogue);
      return catalogue;
    });
    // A failed fetch (a network blip) may be tried again.
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

const LOCALES = [
  { locale: 'uz', name: 'uz' },
  { locale: 'ru', name: 'ru' },
  { locale: 'en', name: 'en' },
];

// The login texts are a part of the catalogue's shape; polyglot only looks keys up.
const loginMessages = (locale: string) =>
  (loginTexts[locale as Locale] ?? loginTexts.uz) as unknown as TranslationMessages;

// A text we forgot shows its key instead of crashing; the catalogues' types make that a build error anyway.
const translatorFor = (locale: string, messages: TranslationMessages) =>
  polyglotI18nProvider(() => messages, locale, LOCALES, { allowMissing: true });

/**
 * Starts with the full catalogue when it is already loaded, with the login texts otherwise; it switches to the full
 * catalogue at the first translation after it has arrived (synchronously, so the panel — which waits for it — never
 * renders a key).
 */
export function createI18nProvider(initialLocale: string): I18nProvider {
  let locale = initialLocale;
  let complete = loaded.has(locale);
  let translator = translatorFor(locale, loaded.get(locale) ?? loginMessages(locale));
  // The page's language follows the interface's, so screen readers pronounce it right (WCAG 3.1.1).
  const markPage = (code: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = code;
  };
  markPage(initialLocale);
  return {
    translate: (key, options) => {
      if (!complete) {
        const catalogue = loaded.get(locale);
        if (catalogue) {
          translator = translatorFor(locale, catalogue);
          complete = true;
        }
      }
      return translator.translate(key, options);
    },
    changeLocale: async (next) => {
      const catalogue = await loadCatalogue(next);
      locale = next;
      translator = translatorFor(next, catalogue);
      complete = true;
      markPage(next);
    },
    getLocale: () => locale,
    getLocales: () => LOCALES,
  };
}
