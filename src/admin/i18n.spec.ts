import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import ru from '../../i18n/ru';
import uz from '../../i18n/uz';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('the catalogues', () => {
  const reference = keys(englishMessages).sort();

  it("translate every one of react-admin's own messages (the installed version's)", () => {
    expect(keys({ ra: uz.ra }).sort()).toEqual(reference);
    expect(keys({ ra: ru.ra }).sort()).toEqual(reference);
  });

  it('have the same keys in uz, ru and en', () => {
    const enKeys = keys(en).sort();
    expect(keys(uz).sort()).toEqual(enKeys);
    expect(keys(ru).sort()).toEqual(enKeys);
  });

  it('have no empty text and keep the placeholders of the English text', () => {
    const placeholders = (s: string) => (s.match(/%\{\w+\}/g) ?? []).sort();
    const get = (o: unknown, path: string) =>
      path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], o);
    for (const key of keys(en)) {
      const english = String(get(en, key));
      for (const [name, catalogue] of Object.entries({ uz, ru })) {
        const text = String(get(catalogue, key));
        expect(text.trim() || key === 'ra.boolean.null', `${name}: ${key} is empty`).toBeTruthy();
        const expected = [...new Set(placeholders(english))];
        const found = [...new Set(placeholders(text))];
        expect(found, `${name}: ${key}`).toEqual(expected);
      }
    }
  });

  it('say nothing in English in ru and uz, but names, codes and the spec’s own words', () => {
    // Texts that are the same in every language on purpose: the brand, the spec's "Admin Panel" and "Active Pre",
    // service codes and the default role's name, and words Uzbek or Russian write the same way.
    const SAME_ON_PURPOSE = new Set([
      'app.brand',
      'app.title',
      'app.home.title',
      'app.status.top',
      'app.status.recommended',
      'resources.order.activate.button',
      'resources.order.fields.activated',
      'resources.user.no_roles',
      'resources.user.fields.email',
      'ra.auth.email',
      'resources.cottage.list.masjid',
      'resources.order.fields.status',
    ]);
    const english = new Map(texts(en));
    const same = Object.entries({ uz, ru }).flatMap(([name, catalogue]) =>
      texts(catalogue)
        .filter(([key, text]) => english.get(key) === text && /[A-Za-z]{2}/.test(text.replace(/%\{\w+\}/g, '')) && !SAME_ON_PURPOSE.has(key))
        .map(([key, text]) => `${name} ${key}: ${text}`),
    );
    expect(same).toEqual([]);
  });
});

function texts(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as object).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
}
