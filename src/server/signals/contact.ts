/**
 * Contact in text (issue #35): a phone number, a Telegram/WhatsApp/Instagram handle or link, an e-mail or a web address
 * hidden in a cottage's name or description, to take the deal off the platform. Rules only, no model.
 *
 * Phone numbers are read as a stream of digits: digits as written, and numbers spelled out in Uzbek Latin, Uzbek
 * Cyrillic, Russian or English words (folded as list search folds them: `to‘qson`, `to'qson`, `тўқсон` and `toqson`
 * are one word), joined across the separators owners put between them (spaces, dashes, dots, brackets, a stray letter).
 * A run is a phone number when it holds an Uzbek number: 998 and nine digits, or an operator or city code and seven
 * digits; a run grouped in thousands (`1 500 000`) is a price, not a phone.
 */
import { foldSearch } from '../../shared/search-fold';

export type ContactType = 'phone' | 'telegram' | 'whatsapp' | 'instagram' | 'email' | 'web';

export interface ContactMatch {
  type: ContactType;
  /** Where in the text it was found, and what: `text.slice(start, end)`. */
  start: number;
  end: number;
  text: string;
}

/** Number words by their folded spelling (`foldSearch`): Uzbek (Latin and Cyrillic fold alike), Russian, English. */
const WORDS: Record<string, number> = {};
const define = (value: number, ...words: string[]) => {
  for (const w of words) WORDS[w] = value;
};
// Uzbek
define(0, 'nol', 'nul');
define(1, 'bir');
define(2, 'ikki');
define(3, 'uch');
define(4, 'tort');
define(5, 'besh');
define(6, 'olti');
define(7, 'etti');
define(8, 'sakkiz');
define(9, 'toqqiz', 'toqiz');
define(10, 'on');
define(20, 'yigirma');
define(30, 'ottiz');
define(40, 'qirq');
define(50, 'ellik');
define(60, 'oltmish');
define(70, 'etmish');
define(80, 'sakson');
define(90, 'toqson');
define(100, 'yuz');
// Russian (transliterated by the fold: девяносто → devyanosto)
define(0, 'nol', 'nul');
define(1, 'odin', 'odna', 'odno');
define(2, 'dva', 'dve');
define(3, 'tri');
define(4, 'chetire');
define(5, 'pyat');
define(6, 'shest');
define(7, 'sem');
define(8, 'vosem');
define(9, 'devyat');
define(10, 'desyat');
define(11, 'odinnadtsat');
define(12, 'dvenadtsat');
define(13, 'trinadtsat');
define(14, 'chetirnadtsat');
define(15, 'pyatnadtsat');
define(16, 'shestnadtsat');
define(17, 'semnadtsat');
define(18, 'vosemnadtsat');
define(19, 'devyatnadtsat');
define(20, 'dvadtsat');
define(30, 'tridtsat');
define(40, 'sorok');
define(50, 'pyatdesyat');
define(60, 'shestdesyat');
define(70, 'semdesyat');
define(80, 'vosemdesyat');
define(90, 'devyanosto');
define(100, 'sto');
define(200, 'dvesti');
define(300, 'trista');
define(400, 'chetiresta');
define(500, 'pyatsot');
define(600, 'shestsot');
define(700, 'semsot');
define(800, 'vosemsot');
define(900, 'devyatsot');
// English
define(0, 'zero', 'oh');
define(1, 'one');
define(2, 'two');
define(3, 'three');
define(4, 'four');
define(5, 'five');
define(6, 'six');
define(7, 'seven');
define(8, 'eight');
define(9, 'nine');
define(10, 'ten');
define(11, 'eleven');
define(12, 'twelve');
define(13, 'thirteen');
define(14, 'fourteen');
define(15, 'fifteen');
define(16, 'sixteen');
define(17, 'seventeen');
define(18, 'eighteen');
define(19, 'nineteen');
define(20, 'twenty');
define(30, 'thirty');
define(40, 'forty');
define(50, 'fifty');
define(60, 'sixty');
define(70, 'seventy');
define(80, 'eighty');
define(90, 'ninety');
define(100, 'hundred');

/** Uzbek mobile operators' and cities' codes: the two digits a nine-digit number starts with. */
const CODE = '(?:20|33|50|55|6[1-9]|7[0-9]|88|9[0-9])';
const LOCAL = new RegExp(`^(?:998|8|0)?${CODE}\\d{7}$`);
const INTERNATIONAL = new RegExp(`998${CODE}\\d{7}`);
const INTERNATIONAL_ONLY = new RegExp(`^998${CODE}\\d{7}$`);

/** Letters written for digits. */
const LOOKALIKE: Record<string, string> = { o: '0', O: '0', о: '0', О: '0', l: '1', I: '1' };

/** Between two parts of one number: blanks and these marks. */
const SEPARATOR = /^[-–.()+/,:;_*#|\\[\]]$/;
const TOKEN = /[\p{L}\p{M}'`‘’ʻʼ´]+|[0-9]+|\S/gu;

interface Part {
  digits: string;
  start: number;
  end: number;
}

/** The number a run of number words says, as digits per group: `toqson bir` → 91, `bir yuz yigirma uch` → 123. */
class Spelled {
  private hundreds = 0;
  private tens = 0;
  private units = -1;
  private any = false;
  private unitStart = -1;
  private unitEnd = -1;
  start = -1;
  end = -1;
  readonly out: Part[] = [];

  add(value: number, start: number, end: number) {
    if (value === 0) {
      this.flush();
      this.out.push({ digits: '0', start, end });
      return;
    }
    if (value === 100) {
      if (this.any && this.units > 0 && this.hundreds === 0) {
        // `ellik to‘rt yuz …` is 50, then 400…: a unit before "hundred" multiplies it, whatever came before.
        if (this.tens) {
          const units = this.units;
          const unitStart = this.unitStart;
          this.units = -1;
          this.end = this.unitEnd;
          this.flush();
          this.begin(unitStart);
          this.hundreds = units * 100;
        } else {
          this.hundreds = this.units * 100;
          this.units = -1;
        }
      } else {
        this.flush();
        this.begin(start);
        this.hundreds = 100;
      }
    } else if (value >= 200) {
      this.flush();
      this.begin(start);
      this.hundreds = value;
    } else if (value >= 10) {
      if (this.tens || this.units >= 0) this.flush();
      this.begin(start);
      this.tens = value;
    } else {
      if (this.units >= 0 || (this.tens > 10 && this.tens < 20)) this.flush();
      this.begin(start);
      this.units = value;
      this.unitStart = start;
      this.unitEnd = end;
    }
    this.end = end;
  }

  private begin(start: number) {
    if (!this.any) {
      this.any = true;
      this.start = start;
    }
  }

  flush() {
    if (!this.any) return;
    const value = this.hundreds + this.tens + Math.max(this.units, 0);
    this.out.push({ digits: String(value), start: this.start, end: this.end });
    this.hundreds = this.tens = 0;
    this.units = -1;
    this.any = false;
  }
}

/** Runs of number parts (digits or words) that only separators keep apart. */
function numberRuns(text: string): Part[][] {
  const runs: Part[][] = [];
  let run: Part[] = [];
  let spelled = new Spelled();
  let gap = 0;
  const close = () => {
    spelled.flush();
    run.push(...spelled.out);
    spelled = new Spelled();
    if (run.length) runs.push(run.sort((a, b) => a.start - b.start));
    run = [];
    gap = 0;
  };
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    const start = match.index;
    const end = start + token.length;
    if (/^[0-9]+$/.test(token)) {
      spelled.flush();
      run.push(...spelled.out.splice(0));
      run.push({ digits: token, start, end });
      gap = 0;
    } else if (/^\p{L}/u.test(token)) {
      const value = WORDS[foldSearch(token)];
      if (value !== undefined) {
        spelled.add(value, start, end);
        gap = 0;
      } else if (token.length === 1 && LOOKALIKE[token] && (/[0-9]/.test(text[start - 1] ?? '') || /[0-9]/.test(text[end] ?? ''))) {
        // A letter written for a digit, touching digits (`9O 2O8`, `7l l9l`).
        spelled.flush();
        run.push(...spelled.out.splice(0));
        run.push({ digits: LOOKALIKE[token], start, end });
        gap = 0;
      } else if (token.length === 1 && (run.length || spelled.out.length) && gap < 2) {
        // A stray letter between digits (`90x123x45x67`).
        spelled.flush();
        gap++;
      } else close();
    } else if (SEPARATOR.test(token)) {
      spelled.flush();
      if (++gap > 3) close();
    } else close();
  }
  close();
  return runs;
}

/**
 * Parts grouped as prices: each one to three digits, then groups of three, the last 000 (`1 500 000`, `800.000`), one
 * after the other (`900 000 - 1 200 000`).
 */
function inThousands(parts: Part[]): boolean {
  let i = 0;
  while (i < parts.length) {
    if (parts[i].digits.length > 3) return false;
    let j = i + 1;
    while (j < parts.length && parts[j].digits.length === 3) j++;
    if (j === i + 1 || parts[j - 1].digits !== '000') return false;
    i = j;
  }
  return parts.length > 0;
}

/** A year (`2025-06-10`, `20.06.2025`): phones are not written in groups of four. */
const isYear = (part: Part) => /^(19[5-9]\d|20[0-4]\d)$/.test(part.digits);

/**
 * The phone numbers of a run: its longest stretches of whole parts that read as one (a run also holds the numbers
 * around it: `93-917-51-89 Three rooms`, `(91)9864140 5 ta`), or 998 and nine digits anywhere in it.
 */
function phonesIn(run: Part[]): Part[][] {
  const found: Part[][] = [];
  let i = 0;
  while (i < run.length) {
    let match: Part[] | undefined;
    let digits = '';
    for (let j = i; j < run.length && digits.length < 13; j++) {
      digits += run[j].digits;
      const stretch = run.slice(i, j + 1);
      if ((LOCAL.test(digits) || INTERNATIONAL_ONLY.test(digits)) && !inThousands(stretch) && !stretch.some(isYear)) match = stretch;
    }
    if (match) {
      found.push(match);
      i += match.length;
    } else i++;
  }
  if (!found.length && INTERNATIONAL.test(run.map((p) => p.digits).join(''))) found.push(run);
  return found;
}

function phones(text: string): ContactMatch[] {
  const found: ContactMatch[] = [];
  for (const run of numberRuns(text)) {
    for (const phone of phonesIn(run)) {
      const start = phone[0].start;
      const end = phone.at(-1)!.end;
      found.push({ type: 'phone', start, end, text: text.slice(start, end) });
    }
  }
  return found;
}

/** Links, handles and addresses, by pattern: the type and the expression that finds it. */
const PATTERNS: [ContactType, RegExp][] = [
  ['email', /[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.\p{L}{2,}/giu],
  ['email', /[\p{L}\d._-]+\s*(?:\(at\)|\[at\]|\{at\}|\sat\s|\s?собака\s?)\s*(?:gmail|mail|yandex|inbox|list|bk|umail|icloud|outlook|hotmail|yahoo)\s*(?:\.|\(dot\)|\[dot\]|\sdot\s|\sточка\s|\snuqta\s)\s*(?:com|ru|uz|net)\b/giu],
  ['email', /\b(?:gmail|yandex|mail)\s*(?:\.|dot|точка|nuqta)\s*(?:com|ru)\b/giu],
  ['telegram', /(?:https?:\/\/)?(?:t\.me|telegram\.me|telegram\.dog)\/[\w+]+/giu],
  ['whatsapp', /(?:https?:\/\/)?(?:wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com)\/[\w?=+]+/giu],
  ['instagram', /(?:https?:\/\/)?(?:www\.)?(?:instagram\.com|instagr\.am)\/[\w.]+/giu],
  ['telegram', /(?<!\p{L})(?:telegram|telegramm|telegramda|телеграм|телеграмм|телеграмме)\s*[:\-–—=]?\s*@?[a-z][a-z0-9_]{3,}/giu],
  ['telegram', /(?<!\p{L})(?:tg|тг|teleg|telega|телега)\s*(?:[:\-–—=]\s*@?|@)[a-z][a-z0-9_]{3,}/giu],
  ['whatsapp', /(?<!\p{L})(?:whatsapp|whats\s?app|watsap|vatsap|vatsapp|votsap|ватсап|вотсап|ватсапп|вацап)\s*[:\-–—=]\s*\+?[\w]+/giu],
  ['instagram', /(?<!\p{L})(?:instagram|instagramm|instagramda|инстаграм|инстаграмм|инстаграме)\s*[:\-–—=]?\s*@?[a-z][a-z0-9_.]{3,}/giu],
  ['instagram', /(?<!\p{L})(?:insta|inst|instada|инста|инст)\s*(?:[:\-–—=]\s*@?|@)[a-z][a-z0-9_.]{3,}/giu],
  // A handle alone: @ and a name (not an e-mail's domain: nothing word-like just before the @).
  ['telegram', /(?<![\p{L}\d._%+-])@[a-z][a-z0-9_]{3,}/giu],
  ['web', /(?:https?:\/\/|www\.)[^\s,;)]*[^\s,;).!?]/giu],
  ['web', /(?<![@\p{L}\d.-])[a-z0-9][a-z0-9-]{1,}\.(?:uz|com|ru|net|org|info|me|io|site|online|su|biz|pro|travel)(?![\p{L}\d])(?:\/[^\s,;)]*[^\s,;).!?])?/giu],
];

/** Handles that are plain words after a keyword (`telegram orqali`, `insta sahifamiz`): not a contact by themselves. */
const COMMON_AFTER = /^(?:orqali|orqaly|yozing|yozinglar|bor|kanal|kanalimiz|sahifa|sahifamiz|sahifamizda|page|channel|account|bot|guruh|group|through|or|and|via|также|через|канал|страница|пишите|va|yoki|ham)$/i;

function links(text: string): ContactMatch[] {
  const found: ContactMatch[] = [];
  for (const [type, pattern] of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const handle = match[0].split(/[\s:\-–—=@]+/).filter(Boolean).at(-1) ?? '';
      if ((type === 'telegram' || type === 'instagram') && !match[0].includes('/') && !match[0].includes('@') && COMMON_AFTER.test(handle)) continue;
      found.push({ type, start: match.index, end: match.index + match[0].length, text: match[0] });
    }
  }
  return found;
}

/** Every contact in `text`, in order; overlapping finds keep the first (at one start: a named kind before a bare web address, then the longest). */
export function findContacts(text: string): ContactMatch[] {
  if (!text) return [];
  const generic = (m: ContactMatch) => (m.type === 'web' ? 1 : 0);
  const all = [...links(text), ...phones(text)].sort((a, b) => a.start - b.start || generic(a) - generic(b) || b.end - a.end);
  const kept: ContactMatch[] = [];
  for (const match of all) if (!kept.length || match.start >= kept.at(-1)!.end) kept.push(match);
  return kept;
}
