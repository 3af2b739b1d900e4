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

const COS = Array.from({ length: LOW }, (_, u) => Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))));

function phash(grey: Uint8Array | Buffer, mirror: boolean): bigint {
  const px = (x: number, y: number) => grey[y * SIZE + (mirror ? SIZE - 1 - x : x)];
  // The low 8×8 of the 2-D DCT-II, rows first.
  const rows: number[][] = Array.from({ length: SIZE }, (_, y) => COS.map((c) => c.reduce((sum, k, x) => sum + k * px(x, y), 0)));
  const coeffs: number[] = [];
  for (let v = 0; v < LOW; v++) for (let u = 0; u < LOW; u++) coeffs.push(COS[v].reduce((sum, k, y) => sum + k * rows[y][u], 0));
  const median = [...coeffs.slice(1)].sort((a, b) => a - b)[31];
  let hash = 0n;
  for (let i = 0; i < 64; i++) if (coeffs[i] > median) hash |= 1n << BigInt(i);
  return BigInt.asIntN(64, hash);
}

async function grey(bytes: Buffer, crop: number): Promise<Buffer> {
  const sharp = await loadSharp();
  let image = sharp(bytes, { failOn: 'none' }).rotate();
  if (crop) {
    const { width = 0, height = 0 } = await sharp(bytes, { failOn: 'none' }).rotate().metadata();
    const left = Math.floor(width * crop);
    const top = Math.floor(height * crop);
    if (width - 2 * left >= 8 && height - 2 * top >= 8) image = image.extract({ left, top, width: width - 2 * left, height: height - 2 * top });
  }
  return image.greyscale().resize(SIZE, SIZE, { fit: 'fill' }).raw().toBuffer();
}

/** Grey levels' spread below which a picture is flat (one colour, a placeholder): its hash would match every other flat one. */
const FLAT_SPREAD = 4;

function spread(grey: Buffer): number {
  let sum = 0;
  for (const v of grey) sum += v;
  const mean = sum / grey.length;
  let squares = 0;
  for (const v of grey) squares += (v - mean) ** 2;
  return Math.sqrt(squares / grey.length);
}

/**
 * The photo's hashes (signed 64-bit, as PostgreSQL's bigint holds them): whole, mirrored, cropped, cropped mirrored.
 * None for a flat picture (a single colour): it is nobody's photo.
 */
export async function photoHashes(bytes: Buffer): Promise<bigint[]> {
  const [whole, cropped] = await Promise.all([grey(bytes, 0), grey(bytes, 0.1)]);
  if (spread(whole) < FLAT_SPREAD) return [];
  return [phash(whole, false), phash(whole, true), phash(cropped, false), phash(cropped, true)];
}

/** Bits apart. */
function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** The closest pair's bits apart, of two photos' hashes. */
export const photoDistance = (a: bigint[], b: bigint[]) => Math.min(...a.flatMap((x) => b.map((y) => hammingDistance(x, y))));

/** A distance as a similarity 0–1. */
export const similarityOf = (bits: number) => Math.round((1 - bits / 64) * 1000) / 1000;
