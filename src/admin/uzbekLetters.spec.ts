/**
 * Uzbek Latin is written with its official letters: oʻ and gʻ with U+02BB (ʻ), and the tutuq belgisi with U+02BC (ʼ).
 * Keyboards type ', ‘, ’ or ` instead; this fails on any of them in an Uzbek text we ship: the catalogues, the demo
 * data's Uzbek names, the language list's Uzbek title and the moderation notice the server writes.
 */
import { describe, expect, it } from 'vitest';
import uz from '../../i18n/uz';
import { DEFAULT_LANGUAGES } from '../shared/enums';
import { COTTAGE_TYPES, DESCRIPTIONS, NAME_WORDS, NOTIFICATIONS, REGIONS, SERVICES } from '../server/seed/demo-data';
import { moderationNotice } from '../server/repos/cottage-moderation';

/** The wrong apostrophes of a text, each with a little context. */
export function wrongApostrophes(text: string): string[] {
  const found: string[] = [];
  const around = (i: number) => text.slice(Math.max(0, i - 8), i + 8);
  for (const m of text.matchAll(/[oOgG]['‘’`ʼ]/g)) found.push(`${around(m.index)} (oʻ/gʻ take U+02BB)`);
  for (const m of text.matchAll(/(?<=\p{L})['‘’`](?=\p{L})/gu)) {
    if (!/[oOgG]/.test(text[m.index - 1])) found.push(`${around(m.index)} (the tutuq belgisi is U+02BC)`);
  }
  for (const m of text.matchAll(/(?<=\p{L})ʻ/gu)) if (!/[oOgG]/.test(text[m.index - 1])) found.push(`${around(m.index)} (U+02BB only after o, g)`);
  return found;
}

function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
}

const uzbekOf = (items: { name: { uz: string } }[]) => items.map((i) => i.name.uz);

describe('Uzbek Latin letters', () => {
  it('finds the wrong apostrophes it is meant to find', () => {
    expect(wrongApostrophes("o'zgartirish")).toHaveLength(1);
    expect(wrongApostrophes('o‘zgartirish g’alaba')).toHaveLength(2);
    expect(wrongApostrophes("ta'rif")).toHaveLength(1);
    expect(wrongApostrophes('taʻrif')).toHaveLength(1);
    expect(wrongApostrophes('oʼzbek')).toHaveLength(1);
    expect(wrongApostrophes('Oʻzbekcha taʼrif, «Bogʻi Eram»')).toEqual([]);
  });

  it('are right in every text of the Uzbek catalogue', () => {
    const wrong = texts(uz).flatMap(([key, text]) => wrongApostrophes(text).map((w) => `${key}: ${w}`));
    expect(wrong).toEqual([]);
  });

  it("are right in the demo data's Uzbek names and texts, and in the language list", () => {
    const all = [
      ...REGIONS.flatMap((r) => [r.name.uz, ...uzbekOf(r.places)]),
      ...uzbekOf(COTTAGE_TYPES),
      ...SERVICES.flatMap((s) => [s.name.uz, s.description.uz, ...s.tariffs.flatMap((t) => [t.type.uz, t.description.uz])]),
      ...NAME_WORDS,
      ...DESCRIPTIONS,
      ...NOTIFICATIONS.public,
      ...NOTIFICATIONS.personal,
      ...DEFAULT_LANGUAGES.filter((l) => l.code === 'uz').map((l) => l.title),
    ];
    expect(all.flatMap((text) => wrongApostrophes(text).map((w) => `${text}: ${w}`))).toEqual([]);
  });

  it('are right in the moderation notice the owner receives', () => {
    for (const status of ['confirmed', 'rejected', 'progress'] as const) expect(wrongApostrophes(moderationNotice('Chinor', status, 'Rasmlar'))).toEqual([]);
  });
});
