/**
 * The WebAssembly scan (`hash-scan.ts`) answers exactly what a plain scan answers: the same slots, the same bits, on
 * random hashes with near copies planted at every distance, slots cleared and reused, the memory grown meanwhile,
 * queries of 1 to 9 hashes and thresholds around the photo index's.
 */
import { describe, expect, it } from 'vitest';
import { HashSlots, PER_SLOT, type HashHalves } from './hash-scan';

let seed = 20261128;
const word = () => (seed = (Math.imul(seed, 1664525) + 1013904223) | 0) ^ (seed >>> 13);
const below = (n: number) => (word() >>> 0) % n;

const bitsOf = (x: number) => {
  let n = 0;
  for (let v = x >>> 0; v; v >>>= 1) n += v & 1;
  return n;
};

/** `hash` with `flips` random bits flipped (a bit may flip twice: at most `flips` apart). */
function near([hi, lo]: HashHalves, flips: number): HashHalves {
  let [h, l] = [hi, lo];
  for (let i = 0; i < flips; i++) {
    const bit = below(64);
    if (bit < 32) h ^= 1 << bit;
    else l ^= 1 << (bit - 32);
  }
  return [h, l];
}

/** The plain scan: every live slot, every stored hash against every query hash, in slot order. */
function reference(stored: Map<number, HashHalves[]>, query: HashHalves[], maxBits: number) {
  const found: { slot: number; bits: number }[] = [];
  for (const slot of [...stored.keys()].sort((a, b) => a - b)) {
    let best = 65;
    for (const [h, l] of stored.get(slot)!) for (const [qh, ql] of query) best = Math.min(best, bitsOf(h ^ qh) + bitsOf(l ^ ql));
    if (best <= maxBits) found.push({ slot, bits: best });
  }
  return found;
}

describe('the hash scan', () => {
  it('finds what a plain scan finds, bit for bit, through clears, reuses and growth', () => {
    const slots = new HashSlots();
    const stored = new Map<number, HashHalves[]>();
    const queries = Array.from({ length: 12 }, (_, i) => Array.from({ length: 1 + (i % 9) }, (): HashHalves => [word(), word()]));
    const put = (slot: number) => {
      // Half the slots hold a near copy of some query's hash (0–24 bits off), at any of their positions; some fewer than PER_SLOT hashes.
      const q = queries[below(queries.length)];
      const hashes = Array.from({ length: 1 + below(PER_SLOT) }, (): HashHalves => (below(2) ? near(q[below(q.length)], below(25)) : [word(), word()]));
      slots.put(slot, hashes);
      stored.set(slot, Array.from({ length: PER_SLOT }, (_, k) => hashes[k] ?? hashes[0]));
    };
    const check = () => {
      for (const query of queries) {
        for (const maxBits of [0, 3, 12, 18, 24]) expect(slots.scan(query, maxBits)).toEqual(reference(stored, query, maxBits));
      }
    };
    for (let slot = 0; slot < 1500; slot++) put(slot);
    check();
    // Dead slots keep their hashes in memory: they must not answer.
    for (let i = 0; i < 400; i++) {
      const slot = below(1500);
      slots.clear(slot);
      stored.delete(slot);
    }
    check();
    // Reused slots answer with their new hashes; slots past the memory's first size grow it.
    for (let i = 0; i < 200; i++) put(below(1500));
    for (let slot = 1500; slot < 5000; slot++) put(slot);
    expect(slots.capacity).toBeGreaterThanOrEqual(5000);
    check();
    expect(reference(stored, queries[3], 18).length).toBeGreaterThan(100);
  });

  it('answers nothing for an empty query or index', () => {
    const slots = new HashSlots();
    expect(slots.scan([[1, 2]], 64)).toEqual([]);
    slots.put(0, [[1, 2]]);
    expect(slots.scan([], 64)).toEqual([]);
    expect(slots.scan([[1, 2]], 0)).toEqual([{ slot: 0, bits: 0 }]);
  });
});
