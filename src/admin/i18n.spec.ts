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

describe('one glossary (#34)', () => {
  /** The first word, lower case. */
  const first = (text: string) => text.trim().split(/\s+/)[0].toLocaleLowerCase();
  /** Two names of one thing share a stem that survives plurals and cases (`til`/`tillar`, `коттедж`/`коттеджи`). */
  const sameStem = (a: string, b: string) => {
    const n = Math.min(4, a.length, b.length);
    return a.slice(0, n) === b.slice(0, n);
  };

  it("names each resource one way: its menu entry, page title and home tile are forms of the resource's name", () => {
    for (const [language, catalogue] of Object.entries({ uz, ru, en })) {
      for (const [route, texts] of Object.entries(catalogue.resources as Record<string, Record<string, unknown>>)) {
        const name = typeof texts.name === 'string' ? texts.name : undefined;
        if (!name) continue;
        const forms = name.split('||||').map(first);
        for (const label of ['menu', 'title', 'tile'] as const) {
          const text = texts[label];
          if (typeof text === 'string') expect(forms.some((form) => sameStem(first(text), form)), `${language} resources.${route}.${label} "${text}" vs "${name}"`).toBe(true);
        }
      }
    }
  });

  it('calls a cottage the same in the chart, the queue and the palette as in the menu', () => {
    for (const catalogue of [uz, ru, en]) {
      const cottage = first(String((catalogue.resources as Record<string, { name: string }>).cottage.name)).slice(0, 4);
      const texts = catalogue.app as { charts: { moderation: string }; palette: { next_in_queue: string } };
      expect(texts.charts.moderation.toLocaleLowerCase()).toContain(cottage);
      expect(texts.palette.next_in_queue.toLocaleLowerCase()).toContain(cottage);
    }
  });
});
