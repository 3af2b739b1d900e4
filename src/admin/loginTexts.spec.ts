import { readFileSync } from 'node:fs';
import path from 'node:path';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { loginTexts } from '../../i18n/login';
import ru from '../../i18n/ru';
import uz from '../../i18n/uz';
import { createI18nProvider, loadCatalogue } from './providers/i18nProvider';

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
const get = (o: unknown, key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], o);

/** What the login page renders or can notify before the full catalogue has arrived. */
const LOGIN_PAGE_SOURCES = [
  'login/LoginPage.tsx',
  'login/LoginField.tsx',
  'login/PasswordField.tsx',
  'ui/Logo.tsx',
  'ui/NotFound.tsx',
  'ui/AppNotification.tsx',
  'providers/authProvider.ts',
  'providers/httpClient.ts',
];

describe('the login texts (i18n/login.ts)', () => {
  it('are in the full catalogues under the same keys, in uz, ru and en', () => {
    for (const [locale, full] of Object.entries({ uz, ru, en })) {
      for (const [key, text] of leaves(loginTexts[locale as keyof typeof loginTexts])) {
        expect(get(full, key), `${locale}: ${key}`).toBe(text);
      }
    }
  });

  it("say in English what react-admin's English package says (the en catalogue shows ours over it)", () => {
    for (const [key, text] of leaves({ ra: loginTexts.en.ra })) {
      expect(text, key).toBe(get(englishMessages, key));
    }
  });

  it('hold every key the login page and its toasts ask for', () => {
    const used = new Set<string>();
    for (const file of LOGIN_PAGE_SOURCES) {
      const code = readFileSync(path.join(import.meta.dirname, file), 'utf8');
      for (const m of code.matchAll(/['"`]((?:app|ra)\.[a-z_]+(?:\.[a-z_]+)+)['"`]/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(10);
    for (const key of used) {
      for (const locale of ['uz', 'ru', 'en'] as const) expect(get(loginTexts[locale], key), `${locale}: ${key}`).toBeTypeOf('string');
    }
  });
});

describe('the i18nProvider', () => {
  it('translates the login page before the catalogue has arrived, everything after', async () => {
    const i18n = createI18nProvider('ru');
    expect(i18n.translate('app.login.submit')).toBe('ВОЙТИ');
    await loadCatalogue('ru');
    expect(i18n.translate('app.menu.home')).toBe(ru.app.menu.home);
    expect(i18n.translate('ra.action.save')).toBe(ru.ra.action.save);
    await i18n.changeLocale('en');
    expect(i18n.getLocale()).toBe('en');
    expect(i18n.translate('app.login.submit')).toBe('LOG IN');
    expect(i18n.translate('app.menu.home')).toBe(en.app.menu.home);
    expect(i18n.translate('ra.navigation.page_rows_per_page')).toBe(en.ra.navigation.page_rows_per_page);
  });

  it('shows Uzbek texts for a language it has no catalogue for', async () => {
    const i18n = createI18nProvider('kk');
    expect(i18n.translate('app.login.submit')).toBe('KIRISH');
    await loadCatalogue('kk');
    expect(i18n.translate('app.menu.home')).toBe(uz.app.menu.home);
    expect(i18n.getLocale()).toBe('kk');
  });

  it('pluralises and interpolates as polyglot does', async () => {
    const i18n = createI18nProvider('uz');
    await loadCatalogue('uz');
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 3 })).toContain('3');
    expect(i18n.translate('no.such.key', { _: 'fallback' })).toBe('fallback');
  });
});
