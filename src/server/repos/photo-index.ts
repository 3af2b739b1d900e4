/**
 * The stored images' perceptual hashes held in this process, for duplicate photos (issue #35; docs/decisions.md,
 * "Photo search: an in-process index"). Scanning `cottage_image_hash` in SQL cost ~0.45 s at 100 000 images (a
 * subquery per row); 64-bit chunks in indexed columns do not help at the 12-bit threshold (the pigeonhole needs 13
 * chunks of 5 bits). A typed-array scan of 400 000 hashes here takes ~12 ms, exact, then the few hits are checked
 * against the database. The index is the candidate stage of the decision (`images/phash.ts`): its candidates are
 * decided by their window hashes, read from the database for them only.
 *
 * Kept current by a version stamp: each hash row carries the id of the transaction that wrote it (`written_tx`).
 * Before a search the index reads the rows written by transactions at or after the oldest one that was still running
 * when it last looked (`pg_snapshot_xmin`), so a write that commits late is never skipped; whatever any worker wrote
 * is seen by the next search. Deleted images are dropped when a search finds them missing.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { cottageImageHashes, cottageImages, cottages } from '../db/schema';
import { anyId, rowsOf } from '../db/sql';
import { CANDIDATE_BITS, decide, popcount, split, type PhotoPrint } from '../images/phash';

/** Hashes an image has (whole, mirrored, cropped, cropped mirrored); fewer are padded by repeating the first. */
const PER_IMAGE = 4;
/** Candidates checked against the database in one search, at most. */
const CHECK_MAX = 500;

export interface NearPhoto {
  imageId: string;
  cottageId: string;
  image: string;
  name: string;
  userId: string | null;
  /** Bits apart (`matchOf`: of 256, or of 64 for a stored photo without windows yet) and the similarity they make. */
  bits: number;
  similarity: number;
}

export class PhotoIndex {
  private hi = new Int32Array(0);
  private lo = new Int32Array(0);
  private ids: (string | undefined)[] = [];
  private slots = new Map<string, number>();
  private free: number[] = [];
  /** Rows written by transactions from this id on are read again; undefined: nothing loaded yet. */
  private since: number | undefined;
  private refreshing: Promise<void> | undefined;

  get size() {
    return this.slots.size;
  }

  /** Brings the index up to what the database has committed (one indexed query; all rows the first time). */
  refresh(db: DbOrTx): Promise<void> {
    // One refresh at a time; a search arriving meanwhile waits for it and then looks again (its write may be later).
    const run = async (): Promise<void> => {
      await this.refreshing?.catch(() => undefined);
      const result = await db.execute(sql`select s.horizon, h.image_id as "imageId", h.hashes::text[] as hashes
        from (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as horizon, pg_current_xact_id_if_assigned()::text::bigint as own) s
        left join ${cottageImageHashes} h on ${this.since === undefined ? sql`true` : sql`h.written_tx >= ${this.since}`}
          and h.written_tx is distinct from s.own`);
      const rows = rowsOf<{ horizon: string | number; imageId: string | null; hashes: string[] | null }>(result);
      for (const r of rows) if (r.imageId && r.hashes) this.put(r.imageId, r.hashes);
      if (rows[0]) this.since = Number(rows[0].horizon);
    };
    const mine = run();
    this.refreshing = mine;
    return mine.finally(() => {
      if (this.refreshing === mine) this.refreshing = undefined;
    });
  }

  private put(imageId: string, hashes: string[]) {
    if (!hashes.length) return this.drop(imageId);
    let slot = this.slots.get(imageId);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.ids.length;
      if (slot === this.ids.length) this.ids.push(undefined);
      if (slot * PER_IMAGE >= this.hi.length) this.grow();
      this.slots.set(imageId, slot);
      this.ids[slot] = imageId;
    }
    for (let k = 0; k < PER_IMAGE; k++) {
      const [h, l] = split(hashes[k] ?? hashes[0]);
      this.hi[slot * PER_IMAGE + k] = h;
      this.lo[slot * PER_IMAGE + k] = l;
    }
  }

  private drop(imageId: string) {
    const slot = this.slots.get(imageId);
    if (slot === undefined) return;
    this.slots.delete(imageId);
    this.ids[slot] = undefined;
    this.free.push(slot);
  }

  private grow() {
    const size = Math.max(1024, this.hi.length * 2);
    const hi = new Int32Array(size);
    const lo = new Int32Array(size);
    hi.set(this.hi);
    lo.set(this.lo);
    this.hi = hi;
    this.lo = lo;
  }

  /** The images within `maxBits` of any of `hashes` (closest pair), best first, at most `limit`. */
  scan(hashes: (bigint | string)[], maxBits: number, limit: number): { imageId: string; bits: number }[] {
    const query = hashes.map(split);
    const qh = Int32Array.from(query, (q) => q[0]);
    const ql = Int32Array.from(query, (q) => q[1]);
    const found: { imageId: string; bits: number }[] = [];
    const { hi, lo, ids } = this;
    for (let slot = 0; slot < ids.length; slot++) {
      const id = ids[slot];
      if (id === undefined) continue;
      let best = 65;
      for (let k = slot * PER_IMAGE, end = k + PER_IMAGE; k < end; k++) {
        const h = hi[k];
        const l = lo[k];
        for (let q = 0; q < qh.length; q++) {
          // Most pairs are already too far on the high half: the low half is not counted (about 3× faster).
          const high = popcount(h ^ qh[q]);
          if (high > maxBits) continue;
          const d = high + popcount(l ^ ql[q]);
          if (d < best) best = d;
        }
      }
      if (best <= maxBits) found.push({ imageId: id, bits: best });
    }
    return found.sort((a, b) => a.bits - b.bits || (a.imageId < b.imageId ? -1 : 1)).slice(0, limit);
  }

  /**
   * The stored images that are near copies of a photo, best first: the index's candidates (64-bit hashes within
   * `CANDIDATE_BITS`, their distance the scan's), then each candidate's window hashes read from the database and
   * decided as `matchOf` does (the image still there, its cottage not `notCottage`). `refreshed`: the caller brought the index up to date just
   * before (one read for a cottage's every photo, not one per photo).
   */
  async near(db: DbOrTx, query: PhotoPrint, opts: { notCottage?: string; limit: number; refreshed?: boolean }): Promise<NearPhoto[]> {
    if (!query.hashes.length) return [];
    if (!opts.refreshed) await this.refresh(db);
    const hits = this.scan(query.hashes, CANDIDATE_BITS, CHECK_MAX);
    if (!hits.length) return [];
    // The candidates' window hashes alone first (no join: most are strangers), the matches' records after.
    const stored = rowsOf<{ imageId: string; windows: Uint8Array | null }>(
      await db.execute(sql`select h.image_id as "imageId", h.windows from ${cottageImageHashes} h where ${anyId(sql`h.image_id`, hits.map((h) => h.imageId))}`),
    );
    const present = new Map(stored.map((r) => [r.imageId, r.windows]));
    const matches = new Map<string, { bits: number; similarity: number }>();
    for (const hit of hits) {
      if (!present.has(hit.imageId)) this.drop(hit.imageId);
      const match = present.has(hit.imageId) ? decide(hit.bits, present.get(hit.imageId)!, query.windows) : undefined;
      if (match) matches.set(hit.imageId, match);
    }
    if (!matches.size) return [];
    const result = await db.execute(sql`select i.id as "imageId", i.cottage_id as "cottageId", i.image, c.name, c.user_id as "userId"
      from ${cottageImages} i join ${cottages} c on c.id = i.cottage_id where ${anyId(sql`i.id`, [...matches.keys()])}`);
    const found: NearPhoto[] = [];
    for (const r of rowsOf<Omit<NearPhoto, 'bits' | 'similarity'>>(result)) if (r.cottageId !== opts.notCottage) found.push({ ...r, ...matches.get(r.imageId)! });
    return found.sort((a, b) => b.similarity - a.similarity || (a.imageId < b.imageId ? -1 : 1)).slice(0, opts.limit);
  }
}

const indexes = new WeakMap<Db, PhotoIndex>();

/** This process's index of the database's photos (one per open database). */
export function photoIndexOf(db: Db): PhotoIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = new PhotoIndex()));
  return index;
}
