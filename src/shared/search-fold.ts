/**
 * How list search compares text (docs/decisions.md, "Search as people type"): lower case, no apostrophes of any
 * kind, Uzbek Cyrillic written in Latin by the standard transliteration. `Bog‘i`, `Bog'i`, `BOGI` and `Боғи` all
 * fold to `bogi`, so each finds the others. The database does the same in `dacha_fold()` (migration 0007), which
 * the trigram index is built on; this is the TypeScript twin for anything searched in memory, and
 * `search-fold.spec.ts` keeps the two equal.
 */

/** Cyrillic upper case → lower, by table: PostgreSQL's `lower()` leaves Cyrillic alone in a C-locale database. */
const CYRILLIC_UPPER = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЎҚҒҲ';
const CYRILLIC_LOWER = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяўқғҳ';

/** Letters written with two Latin ones. */
const CYRILLIC_PAIRS: readonly (readonly [string, string])[] = [
  ['ш', 'sh'],
  ['щ', 'sh'],
  ['ч', 'ch'],
  ['ё', 'yo'],
  ['ю', 'yu'],
  ['я', 'ya'],
  ['ц', 'ts'],
];

/** Letters written with one (ў and ғ lose their ʻ with every other apostrophe: oʻ → o, gʻ → g). */
const CYRILLIC_SINGLE = 'абвгдежзийклмнопрстуфхыэўқғҳ';
const LATIN_SINGLE = 'abvgdejziyklmnoprstufxieoqgh';

/**
 * Dropped: every apostrophe people type for oʻ, gʻ and the tutuq belgisi (' ` ‘ ’ ʻ ʼ ´), and the Cyrillic
 * signs ъ ь, which Latin writes as ʼ or not at all.
 */
const DROPPED = "'`‘’ʻʼ´ъь";

const single = new Map([...CYRILLIC_SINGLE].map((c, i) => [c, LATIN_SINGLE[i]]));
const dropped = new Set(DROPPED);

export function foldSearch(text: string): string {
  let s = text;
  for (let i = 0; i < CYRILLIC_UPPER.length; i++) s = s.replaceAll(CYRILLIC_UPPER[i], CYRILLIC_LOWER[i]);
  s = s.toLowerCase();
  for (const [from, to] of CYRILLIC_PAIRS) s = s.replaceAll(from, to);
  let out = '';
  for (const c of s) if (!dropped.has(c)) out += single.get(c) ?? c;
  // Cyrillic е is "ye" at a word's start and after a vowel, "e" elsewhere: folding Latin "ye" to "e" matches both.
  return out.replaceAll('ye', 'e');
}
