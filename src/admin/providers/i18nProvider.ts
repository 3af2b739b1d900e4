/**
 * Uzbek, the default, is bundled; Russian and English load when first chosen. A language the server offers that we
 * have no catalogue for keeps its code (sent as accept-language, so data still comes in it) and shows Uzbek texts.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import uz from '../../../i18n/uz';
import type { Catalogue } from '../../../i18n/types';

const loaders: Record<string, () => Promise<{ default: Catalogue }>> = {
  ru: () => import('../../../i18n/ru'),
  en: () => import('../../../i18n/en'),
};

const loaded = new Map<string, Catalogue>([['uz', uz]]);

export async function loadCatalogue(locale: string): Promise<Catalogue> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const load = loaders[locale];
  const catalogue = load ? (await load()).default : uz;
  loaded.set(locale, catalogue);
  return catalogue;
}

function messages(locale: string): TranslationMessages | Promise<TranslationMessages> {
  return loaded.get(locale) ?? loadCatalogue(locale);
}

/** Call after `loadCatalogue(initialLocale)` has resolved: polyglot wants the first catalogue synchronously. */
export function createI18nProvider(initialLocale: string): I18nProvider {
  const provider = polyglotI18nProvider(
    messages,
    initialLocale,
    [
      { locale: 'uz', name: 'uz' },
      { locale: 'ru', name: 'ru' },
      { locale: 'en', name: 'en' },
    ],
    // A text we forgot shows its key instead of crashing; the catalogues' types make that a build error anyway.
    { allowMissing: true },
  );
  // The page's language follows the interface's, so screen readers pronounce it right (WCAG 3.1.1).
  const markPage = (locale: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  };
  markPage(initialLocale);
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      markPage(locale);
    },
  };
}
