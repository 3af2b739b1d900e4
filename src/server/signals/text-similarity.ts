/**
 * Copied descriptions (issue #35): texts compared by their word shingles (three words each, folded as list search
 * folds them). Near-identical means a Jaccard similarity of the shingle sets ≥ 0.8. Candidates are found by MinHash
 * bands (32 hashes in 8 bands of 4, stored per cottage with a GIN index): two texts at 0.8 share a band with a
 * probability of 1 − (1 − 0.8⁴)⁸ ≈ 0.985; each candidate is then measured exactly.
 */
import { foldSearch } from '../../shared/search-fold';

export const COPY_SIMILARITY = 0.8;
/** Shorter texts (in words) are not compared: a few stock words are no copy. */
const MIN_WORDS = 8;
const SHINGLE = 3;
const HASHES = 32;
const BAND_ROWS = 4;

function words(text: string): string[] {
  return foldSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function shingles(text: string): Set<string> {
  const list = words(text);
  const out = new Set<string>();
  if (list.length < MIN_WORDS) return out;
  for (let i = 0; i + SHINGLE <= list.length; i++) out.add(list.slice(i, i + SHINGLE).join(' '));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let both = 0;
  for (const s of a) if (b.has(s)) both++;
  return both / (a.size + b.size - both);
}

/** FNV-1a, 32 bits. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit mix of `h` with the seed (murmur3's finaliser). */
function mix(h: number, seed: number): number {
  let x = (h ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** The text's MinHash bands, as short strings (`<band>:<hex>`); none for a text too short to compare. */
export function textBands(text: string): string[] {
  const set = shingles(text);
  if (!set.size) return [];
  const mins = new Array<number>(HASHES).fill(0xffffffff);
  for (const s of set) {
    const h = fnv(s);
    for (let i = 0; i < HASHES; i++) {
      const v = mix(h, i + 1);
      if (v < mins[i]) mins[i] = v;
    }
  }
  const bands: string[] = [];
  for (let b = 0; b < HASHES / BAND_ROWS; b++) {
    bands.push(`${b}:${fnv(mins.slice(b * BAND_ROWS, (b + 1) * BAND_ROWS).join(',')).toString(36)}`);
  }
  return bands;
}
