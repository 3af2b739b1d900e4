/**
 * Contact in text (issue #35) against its goal: precision and recall ≥ 0.9 on the labelled set built at test time
 * (`test/signal-texts.ts`: 800 texts in uz Latin, uz Cyrillic, ru and en, half with a hidden contact), overall and in
 * each language; and the forms the issue names, one by one.
 */
import { describe, expect, it } from 'vitest';
import { findContacts } from '../src/server/signals/contact';
import { labelledTexts, scoreDetection, TEXT_LANGUAGES } from './signal-texts';

const detect = (text: string) => findContacts(text).length > 0;

describe('contact in text on the labelled set', () => {
  const set = labelledTexts(800);

  it('is a set of at least 500 texts in the four languages, half with a contact', () => {
    expect(set.length).toBeGreaterThanOrEqual(500);
    for (const language of TEXT_LANGUAGES) expect(set.filter((t) => t.language === language).length).toBeGreaterThanOrEqual(150);
    expect(set.filter((t) => t.contact !== 'none').length).toBe(set.length / 2);
    expect(new Set(set.map((t) => t.text)).size).toBeGreaterThan(set.length * 0.95);
  });

  it('finds them with precision and recall ≥ 0.9, overall and in each language', () => {
    const all = scoreDetection(set, detect);
    expect(all.precision, JSON.stringify(all.falseAlarms.slice(0, 3))).toBeGreaterThanOrEqual(0.9);
    expect(all.recall, JSON.stringify(all.misses.slice(0, 3))).toBeGreaterThanOrEqual(0.9);
    for (const language of TEXT_LANGUAGES) {
      const s = scoreDetection(set.filter((t) => t.language === language), detect);
      expect(s.precision, language).toBeGreaterThanOrEqual(0.9);
      expect(s.recall, language).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('would fail a detector that flags every text, or none', () => {
    expect(scoreDetection(set, () => true).precision).toBeLessThan(0.9);
    expect(scoreDetection(set, () => false).recall).toBeLessThan(0.9);
  });
});

describe('the forms the issue names', () => {
  it.each([
    ['+998 90 123 45 67', 'phone'],
    ['90-123-45-67', 'phone'],
    ['(90)1234567', 'phone'],
    ['9.0.1.2.3.4.5.6.7', 'phone'],
    ['90x123x45x67', 'phone'],
    ['to‘qson bir, bir yuz yigirma uch, qirq besh, oltmish yetti', 'phone'],
    ["to'qson bir bir yuz yigirma uch qirq besh oltmish yetti", 'phone'],
    ['toʻqson bir, bir yuz yigirma uch, qirq besh, oltmish yetti', 'phone'],
    ['to`qson bir, bir yuz yigirma uch, qirq besh, oltmish yetti', 'phone'],
    ['тўқсон бир, бир юз йигирма уч, қирқ беш, олтмиш етти', 'phone'],
    ['девяносто один, сто двадцать три, сорок пять, шестьдесят семь', 'phone'],
    ['@chorvoq_dacha', 'telegram'],
    ['t.me/chorvoq_dacha', 'telegram'],
    ['wa.me/998901234567', 'whatsapp'],
    ['instagram.com/chorvoq', 'instagram'],
    ['Инстаграм: @chorvoq', 'instagram'],
    ['dacha@gmail.com', 'email'],
    ['www.dacha.uz', 'web'],
  ])('%s is a %s', (text, type) => {
    const found = findContacts(`Dacha. ${text}. 4 ta xona`);
    expect(found.map((m) => m.type)).toEqual([type]);
    expect(found[0].text).toContain(text.replace(/^[+(@]/, '').slice(0, 6));
  });

  it.each([
    'Narxi 1 500 000 soʻm, dam olish kunlari 2 000 000 soʻm',
    'Narxi 800 000 - 1 200 000 soʻm',
    'Boʻsh: 12.06.2025 dan 20.06.2025 gacha',
    'Telegram orqali yozing',
    '12 kishi, 6 sotix, Toshkentdan 60 km, 2019-yil',
    'Ish vaqti 09:00-22:00',
  ])('%s has none', (text) => {
    expect(findContacts(text)).toEqual([]);
  });
});
