/**
 * The photo index's previous 64-bit scan (JavaScript, before `images/hash-scan.ts`), kept only as the bench's
 * "before" for the scan's time and as the reference its answers are compared with, over the same stored hashes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/sql';
import { popcount, split } from '../../src/server/images/phash';

const PER_IMAGE = 4;

/** Every stored image's hashes, as the previous index held them (two Int32Arrays, padded by repeating the first). */
export async function previousScanOf(db: Db) {
  const rows = rowsOf<{ imageId: string; hashes: string[] }>(await db.execute(sql`select image_id as "imageId", hashes::text[] as hashes from cottage_image_hash`));
  const ids = rows.filter((r) => r.hashes.length).map((r) => r.imageId);
  const hi = new Int32Array(ids.length * PER_IMAGE);
  const lo = new Int32Array(ids.length * PER_IMAGE);
  for (const [slot, r] of rows.filter((r) => r.hashes.length).entries()) {
    for (let k = 0; k < PER_IMAGE; k++) [hi[slot * PER_IMAGE + k], lo[slot * PER_IMAGE + k]] = split(r.hashes[k] ?? r.hashes[0]);
  }
  /** The previous `scanSlots`, verbatim but for its answer (image ids). */
  return (hashes: (bigint | string)[], maxBits: number, limit: number): { imageId: string; bits: number }[] => {
    const query = hashes.map(split);
    const qh = Int32Array.from(query, (q) => q[0]);
    const ql = Int32Array.from(query, (q) => q[1]);
    const found: { slot: number; bits: number }[] = [];
    for (let slot = 0; slot < ids.length; slot++) {
      if (ids[slot] === undefined) continue;
      let best = 65;
      for (let k = slot * PER_IMAGE, end = k + PER_IMAGE; k < end; k++) {
        const h = hi[k];
        const l = lo[k];
        for (let q = 0; q < qh.length; q++) {
          const high = popcount(h ^ qh[q]);
          if (high > maxBits) continue;
          const d = high + popcount(l ^ ql[q]);
          if (d < best) best = d;
        }
      }
      if (best <= maxBits) found.push({ slot, bits: best });
    }
    return found
      .sort((a, b) => a.bits - b.bits || (ids[a.slot] < ids[b.slot] ? -1 : 1))
      .slice(0, limit)
      .map(({ slot, bits }) => ({ imageId: ids[slot], bits }));
  };
}
