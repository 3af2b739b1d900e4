/**
 * A labelled set of cottage texts for the contact-in-text signal (issue #35), built at test time from templates with a
 * seeded random choice: listing sentences in Uzbek Latin, Uzbek Cyrillic, Russian and English, half of them with a
 * hidden contact in one of the ways owners write one (a phone in digits grouped every way, split by dots or letters,
 * spelled out in words with every apostrophe, handles, links, e-mails, web addresses), the other half with the
 * numbers a listing has anyway (prices, areas, guests, distances, years, hours) and messenger words without a handle.
 * The spelling of numbers here is written apart from the detector's word table, so the set can catch its gaps.
 */

type TextLanguage = 'uz' | 'uzc' | 'ru' | 'en';
export const TEXT_LANGUAGES: TextLanguage[] = ['uz', 'uzc', 'ru', 'en'];

interface LabelledText {
  text: string;
  language: TextLanguage;
  /** What is hidden in it (`none` for a clean text). */
  contact: 'none' | 'phone-digits' | 'phone-words' | 'telegram' | 'whatsapp' | 'instagram' | 'email' | 'web';
}

/** mulberry32: the same set on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const APOSTROPHES = ['‘', '’', 'ʻ', 'ʼ', "'", '`'];

const UZ_UNITS = ['nol', 'bir', 'ikki', 'uch', 'to‘rt', 'besh', 'olti', 'yetti', 'sakkiz', 'to‘qqiz'];
const UZ_TENS = ['', 'o‘n', 'yigirma', 'o‘ttiz', 'qirq', 'ellik', 'oltmish', 'yetmish', 'sakson', 'to‘qson'];
const UZC_UNITS = ['нол', 'бир', 'икки', 'уч', 'тўрт', 'беш', 'олти', 'етти', 'саккиз', 'тўққиз'];
const UZC_TENS = ['', 'ўн', 'йигирма', 'ўттиз', 'қирқ', 'эллик', 'олтмиш', 'етмиш', 'саксон', 'тўқсон'];
const RU_UNITS = ['ноль', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const RU_TEENS = ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'];
const RU_TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const RU_HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];
const EN_UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const EN_TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A group of digits (`045`, `91`) in words: leading zeros one by one, then the number. */
function spellGroup(group: string, language: TextLanguage, pick: <T>(list: T[]) => T): string[] {
  const words: string[] = [];
  let rest = group;
  while (rest.length > 1 && rest[0] === '0') {
    words.push({ uz: UZ_UNITS, uzc: UZC_UNITS, ru: RU_UNITS, en: EN_UNITS }[language][0]);
    rest = rest.slice(1);
  }
  const n = Number(rest);
  const h = Math.floor(n / 100);
  const t = Math.floor((n % 100) / 10);
  const u = n % 10;
  if (language === 'uz' || language === 'uzc') {
    const units = language === 'uz' ? UZ_UNITS : UZC_UNITS;
    const tens = language === 'uz' ? UZ_TENS : UZC_TENS;
    const hundred = language === 'uz' ? 'yuz' : 'юз';
    if (h) words.push(...(h === 1 && pick([true, false]) ? [hundred] : [units[h], hundred]));
    if (t) words.push(tens[t]);
    if (u || n === 0) words.push(units[u]);
  } else if (language === 'ru') {
    if (h) words.push(RU_HUNDREDS[h]);
    if (t === 1) words.push(RU_TEENS[u]);
    else {
      if (t) words.push(RU_TENS[t]);
      if (u || n === 0) words.push(RU_UNITS[u]);
    }
  } else {
    if (h) words.push(EN_UNITS[h], 'hundred');
    if (t === 1) words.push(EN_TEENS[u]);
    else {
      if (t) words.push(EN_TENS[t]);
      if (u || n === 0) words.push(EN_UNITS[u]);
    }
  }
  return words;
}

const CODES = ['90', '91', '93', '94', '95', '97', '98', '99', '88', '33', '77', '50', '55', '20', '71'];

function phoneDigits(rnd: () => number, pick: <T>(list: T[]) => T): string {
  const d = Array.from({ length: 7 }, () => String(Math.floor(rnd() * 10))).join('');
  const code = pick(CODES);
  const [a, b, c] = [d.slice(0, 3), d.slice(3, 5), d.slice(5)];
  return pick([
    `+998 ${code} ${a} ${b} ${c}`,
    `+998${code}${d}`,
    `998 ${code} ${a}-${b}-${c}`,
    `${code}-${a}-${b}-${c}`,
    `(${code})${d}`,
    `(${code}) ${a} ${b} ${c}`,
    `${code} ${a} ${b} ${c}`,
    `${code}${d}`,
    `8 ${code} ${a} ${b} ${c}`,
    `${code}.${a}.${b}.${c}`,
    [...`${code}${d}`].join('.'),
    [...`${code}${d}`].join(' '),
    [...`${code}${d}`].join(pick(['x', 'a', '*', '_'])),
    `${code}x${a}x${b}x${c}`,
    `+998-${code}-${a}-${b}-${c}`,
    `${code} ${a.slice(0, 1)} ${a.slice(1)} ${b} ${c}`,
    `${code} ${a}\n${b} ${c}`,
    // Letters that look like digits (O for 0, l for 1): an evasion the rules do not read.
    `${code} ${a} ${b} ${c}`.replaceAll('0', 'O').replaceAll('1', 'l'),
  ]);
}

function phoneWords(language: TextLanguage, rnd: () => number, pick: <T>(list: T[]) => T): string {
  const d = Array.from({ length: 7 }, () => String(Math.floor(rnd() * 10))).join('');
  const code = pick(CODES);
  const groups = [code, d.slice(0, 3), d.slice(3, 5), d.slice(5)];
  const separator = pick([', ', ' ', ' - ', ', ']);
  const byDigit = rnd() < 0.25;
  const words = byDigit
    ? [...groups.join('')].map((digit) => spellGroup(digit, language, pick).join(' ')).join(' ')
    : groups.map((g) => spellGroup(g, language, pick).join(' ')).join(separator);
  // Uzbek Latin with any of the apostrophes people type for oʻ and gʻ.
  const mark = pick(APOSTROPHES);
  const text = language === 'uz' ? words.replaceAll('‘', mark) : words;
  // Some mix digits and words: the code in digits, the rest spelled.
  if (!byDigit && rnd() < 0.2) return `${code} ${groups.slice(1).map((g) => spellGroup(g, language, pick).join(' ')).join(separator)}`;
  return text;
}

const HANDLES = ['dacha_chorvoq', 'bogdacha', 'villa_tashkent', 'zaamin_house', 'dam_olish_uz', 'chimgan_dacha', 'samarkand_villa', 'orom_uyi', 'sunny_cottage', 'tog_havosi'];
const DOMAINS = ['dacha.uz', 'dacha-bor.uz', 'chorvoqdacha.com', 'villa-tashkent.ru', 'orom.uz', 'bogdacha.net'];

function handleContact(kind: LabelledText['contact'], language: TextLanguage, rnd: () => number, pick: <T>(list: T[]) => T): string {
  const handle = pick(HANDLES);
  const digits = `${pick(CODES)}${Array.from({ length: 7 }, () => String(Math.floor(rnd() * 10))).join('')}`;
  const cyr = language === 'uzc' || language === 'ru';
  switch (kind) {
    case 'telegram':
      return pick([`@${handle}`, `t.me/${handle}`, `https://t.me/${handle}`, cyr ? `Телеграм: ${handle}` : `Telegram: ${handle}`, `tg: @${handle}`, cyr ? `телеграм @${handle}` : `telegram @${handle}`]);
    case 'whatsapp':
      return pick([`wa.me/998${digits}`, `https://wa.me/998${digits}`, cyr ? `ватсап: ${handle}` : `WhatsApp: ${handle}`, `whatsapp: +998${digits}`]);
    case 'instagram':
      return pick([`instagram.com/${handle}`, `https://www.instagram.com/${handle}`, cyr ? `Инстаграм: @${handle}` : `Instagram: @${handle}`, `insta: ${handle}`, `inst: @${handle}`]);
    case 'email':
      return pick([`${handle}@gmail.com`, `${handle}@mail.ru`, `info@${pick(DOMAINS)}`, `${handle} (at) gmail dot com`, `${handle}[at]mail.ru`]);
    default:
      return pick([`www.${pick(DOMAINS)}`, `https://${pick(DOMAINS)}`, pick(DOMAINS), `http://${pick(DOMAINS)}/booking`]);
  }
}

/** Listing sentences with the numbers a clean text has anyway. */
const CLEAN: Record<TextLanguage, ((n: () => number) => string)[]> = {
  uz: [
    () => 'Chorvoq suv ombori yonida shinam dacha.',
    (n) => `${n() % 5 + 2} ta yotoqxona, katta hovuz va sauna bor.`,
    (n) => `Narxi ${n() % 3 + 1} ${['000 000', '200 000', '500 000'][n() % 3]} so‘m, dam olish kunlari ${n() % 2 + 2} 000 000 so‘m.`,
    (n) => `${n() % 20 + 6} kishigacha sig‘adi.`,
    (n) => `Toshkentdan ${n() % 90 + 30} km uzoqlikda.`,
    (n) => `Uy ${2010 + (n() % 14)}-yilda qurilgan, maydoni ${n() % 20 + 6} sotix.`,
    (n) => `Kirish soat ${n() % 4 + 12}:00 dan, chiqish ${n() % 3 + 10}:00 gacha.`,
    () => 'Telegram orqali yozing, tez javob beramiz.',
    () => 'Bron qilish uchun saytdagi tugmani bosing.',
    (n) => `Uch xonali uy, bir yuz ${['yigirma', 'ellik', 'sakson'][n() % 3]} kvadrat metr.`,
    (n) => `Narxi ${n() % 9 + 1}00 000 - ${n() % 9 + 1} 200 000 so‘m oraligʻida.`,
    () => 'Mangal, bolalar maydonchasi, Wi-Fi va avtoturargoh.',
    (n) => `Oldindan to‘lov ${n() % 40 + 10}%.`,
    (n) => `Bo‘sh kunlar: ${n() % 20 + 10}.06.2025 dan ${n() % 8 + 1}.07.2025 gacha.`,
    (n) => `Ish vaqti ${n() % 3 + 8}:00-${n() % 3 + 20}:00, bir kecha ${n() % 9 + 1} 000 000 so‘m.`,
    () => 'Ikki qavatli uy, bir oila uchun, o‘n ikki kishilik stol.',
    (n) => `Hovuz ${n() % 10 + 5}x${n() % 5 + 3} metr, chuqurligi 1.${n() % 9 + 1} m.`,
  ],
  uzc: [
    () => 'Чорвоқ сув омбори ёнида шинам дача.',
    (n) => `${n() % 5 + 2} та ётоқхона, катта ҳовуз ва сауна бор.`,
    (n) => `Нархи ${n() % 3 + 1} 500 000 сўм, дам олиш кунлари ${n() % 2 + 2} 000 000 сўм.`,
    (n) => `${n() % 20 + 6} кишигача сиғади.`,
    (n) => `Тошкентдан ${n() % 90 + 30} км узоқликда.`,
    (n) => `Уй ${2010 + (n() % 14)}-йилда қурилган, майдони ${n() % 20 + 6} сотих.`,
    () => 'Телеграм орқали ёзинг.',
    () => 'Уч хонали уй, бир юз эллик квадрат метр.',
    () => 'Мангал, болалар майдончаси ва автотураргоҳ.',
    (n) => `Кириш соат ${n() % 4 + 12}:00 дан.`,
  ],
  ru: [
    () => 'Уютная дача у Чарвакского водохранилища.',
    (n) => `${n() % 5 + 2} спальни, большой бассейн и сауна.`,
    (n) => `Цена ${n() % 3 + 1} 500 000 сум, в выходные ${n() % 2 + 2} 000 000 сум.`,
    (n) => `Вмещает до ${n() % 20 + 6} гостей.`,
    (n) => `${n() % 90 + 30} км от Ташкента.`,
    (n) => `Дом построен в ${2010 + (n() % 14)} году, участок ${n() % 20 + 6} соток.`,
    (n) => `Заезд с ${n() % 4 + 12}:00, выезд до ${n() % 3 + 10}:00.`,
    () => 'Пишите в телеграм, ответим быстро.',
    () => 'Три комнаты, сто двадцать квадратных метров.',
    () => 'Мангал, детская площадка, Wi-Fi и парковка.',
    (n) => `Предоплата ${n() % 40 + 10}%.`,
    (n) => `Свободно с ${n() % 20 + 10}.06.2025 по ${n() % 8 + 1}.07.2025.`,
    (n) => `Работаем ${n() % 3 + 8}:00–${n() % 3 + 20}:00, сутки от ${n() % 9 + 1} 500 000 сум.`,
    () => 'Два этажа, двенадцать спальных мест, сто метров до воды.',
  ],
  en: [
    () => 'A cosy cottage by the Charvak reservoir.',
    (n) => `${n() % 5 + 2} bedrooms, a large pool and a sauna.`,
    (n) => `Price ${n() % 3 + 1},500,000 sum, weekends ${n() % 2 + 2},000,000 sum.`,
    (n) => `Sleeps up to ${n() % 20 + 6} guests.`,
    (n) => `${n() % 90 + 30} km from Tashkent.`,
    (n) => `Built in ${2010 + (n() % 14)}, a plot of ${n() % 20 + 6} hundred square metres.`,
    (n) => `Check-in from ${n() % 4 + 12}:00, check-out by ${n() % 3 + 10}:00.`,
    () => 'Message us on Telegram for a quick answer.',
    () => 'Three rooms, one hundred twenty square metres.',
    () => 'Barbecue, playground, Wi-Fi and parking.',
    (n) => `A ${n() % 40 + 10}% deposit holds the dates.`,
    (n) => `Free from 2025-06-${n() % 18 + 10} to 2025-07-0${n() % 8 + 1}.`,
    (n) => `Pool ${n() % 10 + 5} x ${n() % 5 + 3} m, open 9:00-21:00, ${n() % 3 + 1} km to the lake.`,
  ],
};

/** How a contact is introduced, per language. */
const LEAD: Record<TextLanguage, string[]> = {
  uz: ['Aloqa uchun:', 'Qo‘ng‘iroq qiling:', 'Tel:', 'Murojaat:', 'Bizga yozing', ''],
  uzc: ['Алоқа учун:', 'Қўнғироқ қилинг:', 'Тел:', 'Мурожаат:', ''],
  ru: ['Звоните:', 'Для связи:', 'Тел.:', 'Пишите:', ''],
  en: ['Call us:', 'Contact:', 'Phone:', 'Write to', ''],
};

const CONTACTS: LabelledText['contact'][] = ['phone-digits', 'phone-digits', 'phone-words', 'phone-words', 'telegram', 'whatsapp', 'instagram', 'email', 'web'];

/** `count` texts, a quarter in each language, every other one with a contact. */
export function labelledTexts(count = 800, seed = 35): LabelledText[] {
  const rnd = random(seed);
  const pick = <T,>(list: T[]): T => list[Math.floor(rnd() * list.length)];
  const n = () => Math.floor(rnd() * 1000);
  const out: LabelledText[] = [];
  for (let i = 0; i < count; i++) {
    const language = TEXT_LANGUAGES[i % TEXT_LANGUAGES.length];
    const sentences = Array.from({ length: 2 + Math.floor(rnd() * 4) }, () => pick(CLEAN[language])(n));
    if (Math.floor(i / TEXT_LANGUAGES.length) % 2 === 0) {
      out.push({ text: [...new Set(sentences)].join(' '), language, contact: 'none' });
      continue;
    }
    const contact = pick(CONTACTS);
    const hidden =
      contact === 'phone-digits' ? phoneDigits(rnd, pick) : contact === 'phone-words' ? phoneWords(language, rnd, pick) : handleContact(contact, language, rnd, pick);
    const lead = pick(LEAD[language]);
    const at = Math.floor(rnd() * (sentences.length + 1));
    sentences.splice(at, 0, `${lead} ${hidden}${pick(['.', '', '!', ' .'])}`.trim());
    out.push({ text: sentences.join(' '), language, contact });
  }
  return out;
}

interface Scores {
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  total: number;
}

/** Precision and recall of `detect` (whether a text hides a contact) on `texts`. */
export function scoreDetection(texts: LabelledText[], detect: (text: string) => boolean): Scores & { misses: LabelledText[]; falseAlarms: LabelledText[] } {
  const misses: LabelledText[] = [];
  const falseAlarms: LabelledText[] = [];
  let tp = 0;
  for (const t of texts) {
    const found = detect(t.text);
    if (found && t.contact !== 'none') tp++;
    else if (found) falseAlarms.push(t);
    else if (t.contact !== 'none') misses.push(t);
  }
  const fp = falseAlarms.length;
  const fn = misses.length;
  return { precision: tp / Math.max(1, tp + fp), recall: tp / Math.max(1, tp + fn), truePositives: tp, falsePositives: fp, falseNegatives: fn, total: texts.length, misses, falseAlarms };
}
