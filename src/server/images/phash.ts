/**
 * Perceptual hashes of a photo (issue #35, duplicate photos): a 64-bit pHash — the grey image at 32×32, its 2-D DCT,
 * the 8×8 lowest frequencies each set against their median — of the photo, of its mirror, and of both cropped by
 * 10 % a side, so a copy that was resized, re-compressed, brightened, mirrored or cropped stays within a few bits of
 * one of them. Two photos are near copies when the closest pair of their hashes differs in at most `NEAR_BITS` bits.
 */
import { loadSharp } from './sharp';

const SIZE = 32;
const LOW = 8;
/** At most this many of 64 bits apart: a near copy. */
export const NEAR_BITS = 12;

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

/** The photo decoded once, upright, grey, at `DECODED`² (a JPEG is shrunk while it is decoded: the costly part). */
const DECODED = 64;

/** The box [from, to)² of the decoded square resampled to SIZE² (each cell the mean of four bilinear samples). */
function resampled(grey: Buffer, from: number, to: number): Float64Array {
  const at = (x: number, y: number) => {
    const cx = Math.min(DECODED - 1, Math.max(0, x - 0.5));
    const cy = Math.min(DECODED - 1, Math.max(0, y - 0.5));
    const x0 = Math.floor(cx);
    const y0 = Math.floor(cy);
    const x1 = Math.min(DECODED - 1, x0 + 1);
    const y1 = Math.min(DECODED - 1, y0 + 1);
    const fx = cx - x0;
    const fy = cy - y0;
    const top = grey[y0 * DECODED + x0] * (1 - fx) + grey[y0 * DECODED + x1] * fx;
    const bottom = grey[y1 * DECODED + x0] * (1 - fx) + grey[y1 * DECODED + x1] * fx;
    return top * (1 - fy) + bottom * fy;
  };
  const step = (to - from) / SIZE;
  const out = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const px = from + x * step;
      const py = from + y * step;
      out[y * SIZE + x] = (at(px + step / 4, py + step / 4) + at(px + (3 * step) / 4, py + step / 4) + at(px + step / 4, py + (3 * step) / 4) + at(px + (3 * step) / 4, py + (3 * step) / 4)) / 4;
    }
  }
  return out;
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

/**
 * The photo's hashes (signed 64-bit, as PostgreSQL's bigint holds them): whole, mirrored, cropped 10 % a side, cropped
 * mirrored; all four from one decode (sharp's decode and shrink were most of an `image/search` request's time).
 * None for a flat picture (a single colour): it is nobody's photo.
 */
export async function photoHashes(bytes: Buffer): Promise<bigint[]> {
  const sharp = await loadSharp();
  const grey = await sharp(bytes, { failOn: 'none' }).rotate().greyscale().resize(DECODED, DECODED, { fit: 'fill' }).raw().toBuffer();
  const whole = resampled(grey, 0, DECODED);
  if (spread(whole) < FLAT_SPREAD) return [];
  const cropped = resampled(grey, DECODED * 0.1, DECODED * 0.9);
  return [phash(whole, false), phash(whole, true), phash(cropped, false), phash(cropped, true)];
}

/** A distance as a similarity 0–1. */
export const similarityOf = (bits: number) => Math.round((1 - bits / 64) * 1000) / 1000;
