/**
 * The window hashes (`phash.ts` `windowHashes`) are bit for bit what the plain computation gives: each window's low
 * DCT as `vertical · grey · horizontalᵀ` summed in order (the rows' terms over x, then the window's over y), each term
 * against the median of all but the DC. The fast path sums four terms a pass in locals and skips zero weights: a
 * weight skipped that was not zero, or a term read from the wrong row, flips bits here.
 */
import { describe, expect, it } from 'vitest';
import { windowAxes, windowHashes, WINDOW_BYTES, WINDOW_COUNT } from './phash';

const DECODED = 64;
const WIDE = 16;

function plainHash(grey: Buffer, vertical: Float64Array, horizontal: Float64Array): Buffer {
  const rows = new Float64Array(DECODED * WIDE);
  for (let y = 0; y < DECODED; y++) {
    for (let u = 0; u < WIDE; u++) {
      let sum = 0;
      for (let x = 0; x < DECODED; x++) sum += grey[y * DECODED + x] * horizontal[u * DECODED + x];
      rows[y * WIDE + u] = sum;
    }
  }
  const terms = new Float64Array(WIDE * WIDE);
  for (let v = 0; v < WIDE; v++) {
    for (let u = 0; u < WIDE; u++) {
      let sum = 0;
      for (let y = 0; y < DECODED; y++) sum += vertical[v * DECODED + y] * rows[y * WIDE + u];
      terms[v * WIDE + u] = sum;
    }
  }
  const median = [...terms.subarray(1)].sort((a, b) => a - b)[(WIDE * WIDE - 2) / 2];
  const out = Buffer.alloc(WINDOW_BYTES);
  terms.forEach((t, i) => {
    if (t > median) out[i >> 3] |= 1 << (i & 7);
  });
  return out;
}

/** The 81 windows (left, top, right, bottom crops) and the mirrored whole, the plain way. */
function plainWindows(grey: Buffer): Buffer {
  const axes = windowAxes();
  const crops = Math.round(Math.sqrt(axes.length - 1));
  const out: Buffer[] = [];
  for (let left = 0; left < crops; left++) {
    for (let top = 0; top < crops; top++) {
      for (let right = 0; right < crops; right++) {
        for (let bottom = 0; bottom < crops; bottom++) out.push(plainHash(grey, axes[top * crops + bottom], axes[left * crops + right]));
      }
    }
  }
  out.push(plainHash(grey, axes[0], axes.at(-1)!));
  return Buffer.concat(out);
}

describe('window hashes', () => {
  it('are the plain computation\'s, bit for bit, on noise, gradients and waves', () => {
    let seed = 11;
    const r = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296;
    for (let i = 0; i < 150; i++) {
      const grey = Buffer.alloc(DECODED * DECODED);
      const f = r() * 0.05;
      for (let p = 0; p < grey.length; p++) {
        const [x, y] = [p % DECODED, p >> 6];
        grey[p] = i % 3 === 0 ? r() * 256 : i % 3 === 1 ? x * 2 + y + r() * 40 : 128 + 100 * Math.sin(x * f + y * f * 0.7 + i);
      }
      const fast = windowHashes(grey);
      expect(fast.length).toBe((WINDOW_COUNT + 1) * WINDOW_BYTES);
      expect(fast.equals(plainWindows(grey)), `picture ${i}`).toBe(true);
    }
  });
});
