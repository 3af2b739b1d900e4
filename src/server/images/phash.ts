/**
 * Perceptual hashes of a photo (issue #35, duplicate photos; docs/decisions.md "Signals: real photographs…"), in two
 * stages, all from one decode:
 * - candidates: a 64-bit pHash — the grey image at 32×32, its 2-D DCT, the 8×8 lowest frequencies each set against
 *   their median — of the photo, of its mirror, and of both cropped by 10 % a side (`hashes`). The in-memory index
 *   (`repos/photo-index.ts`) takes every stored photo within `CANDIDATE_BITS` of one of them;
 * - the decision: a 256-bit hash (the low 16×16 of the DCT, against their median) of 81 windows of the photo — each
 *   side cropped by 0, 5 or 10 % — and of its mirror (`windows`). Two photos are near copies when a pair of their
 *   window hashes (`windowBits`) is at most `MATCH_BITS` apart: `matchOf` decides, for the product and its bench alike.
 */
import { loadSharp } from './sharp';

const SIZE = 32;
const LOW = 8;
/** The 64-bit decision alone (before the windows): at most this many of 64 bits apart. Kept for a stored photo the backfill has not given windows yet. */
export const NEAR_BITS = 12;
/** The candidate stage: at most this many of 64 bits apart (99.6 % of the bench's copies are candidates). */
export const CANDIDATE_BITS = 18;
/** The decision: a pair of window hashes at most this many of 256 bits apart. */
export const MATCH_BITS = 44;

const COS = Array.from({ length: LOW }, (_, u) => Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))));

function phash(grey: Float64Array, mirror: boolean): bigint {
  // The low 8×8 of the 2-D DCT-II, rows first.
  const rows = new Float64Array(SIZE * LOW);
  for (let y = 0; y < SIZE; y++) {
    for (let u = 0; u < LOW; u++) {
      const c = COS[u];
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += c[x] * grey[y * SIZE + (mirror ? SIZE - 1 - x : x)];
      rows[y * LOW + u] = sum;
    }
  }
  const coeffs: number[] = [];
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) sum += COS[v][y] * rows[y * LOW + u];
      coeffs.push(sum);
    }
  }
  const median = [...coeffs.slice(1)].sort((a, b) => a - b)[31];
  let hash = 0n;
  for (let i = 0; i < 64; i++) if (coeffs[i] > median) hash |= 1n << BigInt(i);
  return BigInt.asIntN(64, hash);
}

/** A 64-bit hash as its two signed 32-bit halves (high, low). */
export const split = (h: bigint | string) => {
  const u = BigInt.asUintN(64, BigInt(h));
  return [Number(u >> 32n) | 0, Number(u & 0xffffffffn) | 0] as const;
};

/** The set bits of a 32-bit word. */
export const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
};

/** The photo decoded once, upright, grey, at `DECODED`² (a JPEG is shrunk while it is decoded: the costly part). */
const DECODED = 64;

/** The box [x0, x1) × [y0, y1) of the decoded square resampled to SIZE² (each cell the mean of four bilinear samples). */
function resampledBox(grey: Buffer, x0: number, y0: number, x1: number, y1: number): Float64Array {
  const at = (x: number, y: number) => {
    const cx = Math.min(DECODED - 1, Math.max(0, x - 0.5));
    const cy = Math.min(DECODED - 1, Math.max(0, y - 0.5));
    const ix = Math.floor(cx);
    const iy = Math.floor(cy);
    const jx = Math.min(DECODED - 1, ix + 1);
    const jy = Math.min(DECODED - 1, iy + 1);
    const fx = cx - ix;
    const fy = cy - iy;
    const top = grey[iy * DECODED + ix] * (1 - fx) + grey[iy * DECODED + jx] * fx;
    const bottom = grey[jy * DECODED + ix] * (1 - fx) + grey[jy * DECODED + jx] * fx;
    return top * (1 - fy) + bottom * fy;
  };
  const sx = (x1 - x0) / SIZE;
  const sy = (y1 - y0) / SIZE;
  const out = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const px = x0 + x * sx;
      const py = y0 + y * sy;
      out[y * SIZE + x] = (at(px + sx / 4, py + sy / 4) + at(px + (3 * sx) / 4, py + sy / 4) + at(px + sx / 4, py + (3 * sy) / 4) + at(px + (3 * sx) / 4, py + (3 * sy) / 4)) / 4;
    }
  }
  return out;
}

const resampled = (grey: Buffer, from: number, to: number) => resampledBox(grey, from, from, to, to);

/** The window hashes' DCT: the low WIDE×WIDE frequencies of the 32×32 window, 256 bits. */
const WIDE = 16;
const WINDOW_BITS = WIDE * WIDE;
export const WINDOW_BYTES = WINDOW_BITS / 8;
/** What each side of a window is cropped by. */
const WINDOW_CROPS = [0, 0.05, 0.1];
/** 81 windows (every side cropped by each of `WINDOW_CROPS`), the whole photo first. */
export const WINDOW_COUNT = WINDOW_CROPS.length ** 4;
const COS_WIDE = Float64Array.from({ length: WIDE * SIZE }, (_, i) => Math.cos(((2 * (i % SIZE) + 1) * Math.floor(i / SIZE) * Math.PI) / (2 * SIZE)));

/**
 * One axis of a window, as a matrix from the decoded square's DECODED pixels to the window's WIDE low DCT terms: the
 * resampling of [from, to) to SIZE cells (`resampledBox`'s, which is separable: per cell the mean of two linear
 * samples) followed by the DCT's cosines. A window's low DCT is then `vertical · grey · horizontalᵀ`: no window is
 * resampled (profiled: resampling each of the 82 windows was most of the hashing's time).
 */
function axisMatrix(from: number, to: number): Float64Array {
  const resample = new Float64Array(SIZE * DECODED);
  const step = (to - from) / SIZE;
  for (let i = 0; i < SIZE; i++) {
    for (const at of [from + i * step + step / 4, from + i * step + (3 * step) / 4]) {
      const c = Math.min(DECODED - 1, Math.max(0, at - 0.5));
      const i0 = Math.floor(c);
      const i1 = Math.min(DECODED - 1, i0 + 1);
      resample[i * DECODED + i0] += (1 - (c - i0)) / 2;
      resample[i * DECODED + i1] += (c - i0) / 2;
    }
  }
  const out = new Float64Array(WIDE * DECODED);
  for (let u = 0; u < WIDE; u++) {
    for (let i = 0; i < SIZE; i++) {
      const w = COS_WIDE[u * SIZE + i];
      for (let p = 0; p < DECODED; p++) out[u * DECODED + p] += w * resample[i * DECODED + p];
    }
  }
  return out;
}

/**
 * An axis matrix and the pixels [from, to) it weighs: outside them every weight is 0, and a term left out adds
 * nothing (the sums start at +0 and skip only products of a zero weight: the same bits).
 */
interface Axis {
  m: Float64Array;
  from: number;
  to: number;
}

function axis(m: Float64Array): Axis {
  let from = DECODED;
  let to = 0;
  m.forEach((w, i) => {
    if (w === 0) return;
    from = Math.min(from, i % DECODED);
    to = Math.max(to, (i % DECODED) + 1);
  });
  return { m, from, to };
}

/** Each side's crop pair (start, end) along one axis, in `WINDOW_CROPS` order, and its matrix. */
const AXES = WINDOW_CROPS.flatMap((start) => WINDOW_CROPS.map((end) => axis(axisMatrix(DECODED * start, DECODED * (1 - end)))));
/** The whole width mirrored: the cosine of an odd frequency changes sign. */
const MIRRORED = axis(AXES[0].m.map((w, i) => (Math.floor(i / DECODED) % 2 ? -w : w)));

/** `grey · horizontalᵀ`, transposed: each horizontal term's value on every decoded row (WIDE × DECODED). */
function rowTerms(grey: Buffer, { m, from, to }: Axis): Float64Array {
  const out = new Float64Array(DECODED * WIDE);
  for (let y = 0; y < DECODED; y++) {
    const row = y * DECODED;
    // Four terms a pass share the row's reads (as `wideHash`).
    for (let u = 0; u < WIDE; u += 4) {
      const weights = u * DECODED;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let x = from; x < to; x++) {
        const g = grey[row + x];
        s0 += g * m[weights + x];
        s1 += g * m[weights + DECODED + x];
        s2 += g * m[weights + 2 * DECODED + x];
        s3 += g * m[weights + 3 * DECODED + x];
      }
      out[u * DECODED + y] = s0;
      out[(u + 1) * DECODED + y] = s1;
      out[(u + 2) * DECODED + y] = s2;
      out[(u + 3) * DECODED + y] = s3;
    }
  }
  return out;
}

const coeffs = new Float64Array(WINDOW_BITS);
const rest = new Float64Array(WINDOW_BITS - 1);

/** The `k`-th smallest of `a` (0-based), reordering `a` (a selection: a sort of the 255 terms was a third of the hashing). */
function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i++] = a[j];
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

/** The 256-bit hash of one window into `out` at `at`: each low DCT term against their median (the DC term left out of it). */
function wideHash({ m: vertical, from, to }: Axis, rows: Float64Array, out: Buffer, at: number) {
  for (let v = 0; v < WIDE; v++) {
    const weights = v * DECODED;
    // Four terms a pass, in locals, share the weights' reads; each still sums alone over y in order (the same bits
    // as the sum into memory it was: the window hashing 4.8 → 2.1 ms of CPU a photo with `rowTerms`'s the same way).
    for (let u = 0; u < WIDE; u += 4) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      const terms = u * DECODED;
      for (let y = from; y < to; y++) {
        const w = vertical[weights + y];
        s0 += w * rows[terms + y];
        s1 += w * rows[terms + DECODED + y];
        s2 += w * rows[terms + 2 * DECODED + y];
        s3 += w * rows[terms + 3 * DECODED + y];
      }
      coeffs[v * WIDE + u] = s0;
      coeffs[v * WIDE + u + 1] = s1;
      coeffs[v * WIDE + u + 2] = s2;
      coeffs[v * WIDE + u + 3] = s3;
    }
  }
  rest.set(coeffs.subarray(1));
  const median = select(rest, (WINDOW_BITS - 2) / 2);
  for (let i = 0; i < WINDOW_BITS; i++) if (coeffs[i] > median) out[at + (i >> 3)] |= 1 << (i & 7);
}

/** The axis matrices (`WINDOW_CROPS` pairs, then the mirrored whole's): for `phash.spec.ts`'s plain reference. */
export const windowAxes = () => [...AXES, MIRRORED].map((a) => a.m);

/** The 81 windows' hashes (left, top, right, bottom crops in `WINDOW_CROPS` order), then the mirrored whole's (`PhotoPrint.windows`). */
export function windowHashes(grey: Buffer): Buffer {
  const out = Buffer.alloc((WINDOW_COUNT + 1) * WINDOW_BYTES);
  const n = WINDOW_CROPS.length;
  const rows = AXES.map((horizontal) => rowTerms(grey, horizontal));
  let k = 0;
  for (let left = 0; left < n; left++) {
    for (let top = 0; top < n; top++) {
      for (let right = 0; right < n; right++) {
        for (let bottom = 0; bottom < n; bottom++) wideHash(AXES[top * n + bottom], rows[left * n + right], out, k++ * WINDOW_BYTES);
      }
    }
  }
  wideHash(AXES[0], rowTerms(grey, MIRRORED), out, WINDOW_COUNT * WINDOW_BYTES);
  return out;
}

/** Window hashes as 32-bit words (a stored `bytea` need not be aligned; little-endian, whatever the machine). */
const wordsOf = new WeakMap<Uint8Array, Int32Array>();
export function windowWords(windows: Uint8Array): Int32Array {
  // A search compares one photo with hundreds of candidates: its words are made once.
  const known = wordsOf.get(windows);
  if (known) return known;
  const out = new Int32Array(windows.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = windows[4 * i] | (windows[4 * i + 1] << 8) | (windows[4 * i + 2] << 16) | (windows[4 * i + 3] << 24);
  wordsOf.set(windows, out);
  return out;
}

const WORDS = WINDOW_BYTES / 4;
/** A photo's window hashes as words: `WINDOW_COUNT + 1` hashes of `WORDS`. */
export const WINDOW_WORDS = (WINDOW_COUNT + 1) * WORDS;

/** The set bits of each 16-bit value: two reads a word, twice as fast as `popcount` in the window comparisons. */
const BITS16 = new Uint8Array(1 << 16);
for (let i = 1; i < BITS16.length; i++) BITS16[i] = BITS16[i >> 1] + (i & 1);

/**
 * Two photos' window distance: the closest pair of one's whole or mirrored whole with the other's 81 windows, either
 * way round (so a crop is found whichever of the two was stored first; a mirrored window of one against the other's
 * whole is the window against the mirrored whole). Symmetric. `above`: a distance at or over it is answered as
 * `above` without being counted out.
 */
function windowBits(x: Int32Array, y: Int32Array, above = WINDOW_BITS + 1): number {
  let best = above;
  for (let side = 0; side < 2; side++) {
    const p = side ? y : x;
    const q = side ? x : y;
    for (let whole = 0; whole <= WINDOW_COUNT * WORDS; whole += WINDOW_COUNT * WORDS) {
      for (let k = 0; k < WINDOW_COUNT * WORDS; k += WORDS) {
        // Three words first, the rest only while the pair could still be the best (a stranger is over 44 by then).
        let v = p[whole] ^ q[k];
        let d = BITS16[v & 0xffff] + BITS16[v >>> 16];
        v = p[whole + 1] ^ q[k + 1];
        d += BITS16[v & 0xffff] + BITS16[v >>> 16];
        v = p[whole + 2] ^ q[k + 2];
        d += BITS16[v & 0xffff] + BITS16[v >>> 16];
        for (let w = 3; w < WORDS && d < best; w++) {
          v = p[whole + w] ^ q[k + w];
          d += BITS16[v & 0xffff] + BITS16[v >>> 16];
        }
        if (d < best) best = d;
      }
    }
  }
  return best;
}

/** Grey levels' spread below which a picture is flat (one colour, a placeholder): its hash would match every other flat one. */
const FLAT_SPREAD = 4;

function spread(grey: Float64Array): number {
  let sum = 0;
  for (const v of grey) sum += v;
  const mean = sum / grey.length;
  let squares = 0;
  for (const v of grey) squares += (v - mean) ** 2;
  return Math.sqrt(squares / grey.length);
}

/** What is kept of a photo: its 64-bit hashes (candidates) and its window hashes (the decision; empty: none yet). */
export interface PhotoPrint {
  hashes: (bigint | string)[];
  /** `WINDOW_COUNT + 1` hashes of `WINDOW_BYTES`: the 81 windows (the whole photo first), then the mirrored whole. */
  windows: Uint8Array | null;
}

/**
 * The photo's hashes (signed 64-bit, as PostgreSQL's bigint holds them: whole, mirrored, cropped 10 % a side, cropped
 * mirrored) and its window hashes, all from one decode (sharp's decode and shrink were most of an `image/search`
 * request's time). None for a flat picture (a single colour): it is nobody's photo.
 */
export async function photoPrint(bytes: Buffer): Promise<{ hashes: bigint[]; windows: Buffer }> {
  const sharp = await loadSharp();
  const grey = await sharp(bytes, { failOn: 'none' }).rotate().greyscale().resize(DECODED, DECODED, { fit: 'fill' }).raw().toBuffer();
  const whole = resampled(grey, 0, DECODED);
  if (spread(whole) < FLAT_SPREAD) return { hashes: [], windows: Buffer.alloc(0) };
  const cropped = resampled(grey, DECODED * 0.1, DECODED * 0.9);
  return { hashes: [phash(whole, false), phash(whole, true), phash(cropped, false), phash(cropped, true)], windows: windowHashes(grey) };
}

/** The closest pair of two photos' 64-bit hashes: bits apart (65 when either has none). */
export function hashBits(a: (bigint | string)[], b: (bigint | string)[]): number {
  let best = 65;
  for (const x of a.map(split)) {
    for (const y of b.map(split)) best = Math.min(best, popcount(x[0] ^ y[0]) + popcount(x[1] ^ y[1]));
  }
  return best;
}

/**
 * Whether two photos are near copies (either may be the stored one: the distance is symmetric), and how near: both
 * with windows, their 64-bit hashes within `CANDIDATE_BITS` and a pair of window hashes within `MATCH_BITS` (similarity
 * 1 − bits/256); a photo without windows yet (stored before them, until the backfill reaches it) is decided by the
 * 64-bit hashes alone, within `NEAR_BITS` (similarity 1 − bits/64).
 */
export function matchOf(a: PhotoPrint, b: PhotoPrint): { bits: number; similarity: number } | undefined {
  const words = (w: Uint8Array | null) => (w?.length ? windowWords(w) : null);
  return decideWords(hashBits(a.hashes, b.hashes), words(a.windows), words(b.windows));
}

/** `matchOf` once the 64-bit hashes' distance is known (the index's scan found it), on window hashes as words (`windowWords`: the index holds them so). */
export function decideWords(candidateBits: number, a: Int32Array | null, b: Int32Array | null): { bits: number; similarity: number } | undefined {
  if (!a?.length || !b?.length) return candidateBits <= NEAR_BITS ? { bits: candidateBits, similarity: similarityOf(candidateBits, 64) } : undefined;
  if (candidateBits > CANDIDATE_BITS) return undefined;
  // Pairs are counted only as far as a match could go (most candidates are strangers: a few words tell).
  const bits = windowBits(a, b, MATCH_BITS + 1);
  return bits <= MATCH_BITS ? { bits, similarity: similarityOf(bits, WINDOW_BITS) } : undefined;
}

/** A distance as a similarity 0–1. */
const similarityOf = (bits: number, of: number) => Math.round((1 - bits / of) * 1000) / 1000;
