/**
 * The stored images' perceptual hashes held in this process, for duplicate photos (issue #35; docs/decisions.md,
 * "Photo search: an in-process index"). Scanning `cottage_image_hash` in SQL cost ~0.45 s at 100 000 images (a
 * subquery per row); 64-bit chunks in indexed columns do not help at the 12-bit threshold (the pigeonhole needs 13
 * chunks of 5 bits). The scan of 400 000 hashes here (`images/hash-scan.ts`, in WebAssembly) takes ~2 ms, exact.
 * The index is the candidate stage of the decision (`images/phash.ts`): its candidates are decided by their window
 * hashes, held here too.
 *
 * Kept current by a version stamp: each hash row carries the id of the transaction that wrote it (`written_tx`).
 * Before a search the index reads the rows written by transactions at or after the oldest one that was still running
 * when it last looked (`pg_snapshot_xmin`), so a write that commits late is never skipped; whatever any worker wrote
 * is seen by the next search. Deleted images are dropped when a search finds them missing, a catch-up reads them
 * gone, or a sweep (every `SWEEP_MS`, beside the searches) finds them no longer stored.
 */
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client';
import { cottageImageHashes, cottageImages, cottages } from '../db/schema';
import { anyId, rowsOf } from '../db/sql';
import { CANDIDATE_BITS, decideWords, split, WINDOW_WORDS, windowWords, type PhotoPrint } from '../images/phash';
import { HashSlots } from '../images/hash-scan';

/** Candidates decided in one search, at most (the closest first). */
const CHECK_MAX = 500;
/** Rows read in one statement when the index loads or catches up (each carries 2.6 KB of window hashes). */
const PAGE = 2000;
/** Slots in a chunk of window hashes (~2.7 MB): chunks are added as the index grows, never copied. */
const CHUNK = 1024;
/** How often the index looks for images deleted meanwhile (a deletion leaves no row for a catch-up to read). */
const SWEEP_MS = 10 * 60_000;

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
  /** The 64-bit hashes (whole, mirrored, cropped, cropped mirrored) a slot, and their scan. */
  private hashSlots = new HashSlots();
  private ids: (string | undefined)[] = [];
  private slots = new Map<string, number>();
  private free: number[] = [];
  /** The window hashes, `WINDOW_WORDS` a slot, `CHUNK` slots a chunk. */
  private chunks: Int32Array[] = [];
  /** Per slot: 1 when its window hashes are held (0: hashed before them; decided by its 64-bit hashes alone). */
  private windowed = new Uint8Array(0);
  /** Per slot: `puts` when it was last written (a sweep drops only slots written before it looked). */
  private putAt = new Float64Array(0);
  private puts = 0;
  /** Rows written by transactions from this id on are read again; undefined: nothing loaded yet. */
  private since: number | undefined;
  private refreshing: Promise<void> | undefined;
  private sweptAt = Date.now();
  private sweeping: Promise<void> | undefined;

  get size() {
    return this.slots.size;
  }

  /** The memory the index holds, in bytes: typed arrays by their length, an id and its map entry at ~100 bytes. */
  get bytes() {
    const typed = this.hashSlots.bytes + this.chunks.length * CHUNK * WINDOW_WORDS * 4 + this.windowed.length + this.putAt.length * 8;
    return typed + this.ids.length * 100;
  }

  /** Brings the index up to what the database has committed: the ids written since it last looked, then their rows by pages. */
  refresh(db: DbOrTx): Promise<void> {
    // One refresh at a time; a search arriving meanwhile waits for it and then looks again (its write may be later).
    const run = async (): Promise<void> => {
      await this.refreshing?.catch(() => undefined);
      const result = await db.execute(sql`select s.horizon, h.image_id as "imageId"
        from (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as horizon, pg_current_xact_id_if_assigned()::text::bigint as own) s
        left join ${cottageImageHashes} h on ${this.since === undefined ? sql`true` : sql`h.written_tx >= ${this.since}`}
          and h.written_tx is distinct from s.own`);
      const rows = rowsOf<{ horizon: string | number; imageId: string | null }>(result);
      const changed = rows.flatMap((r) => (r.imageId ? [r.imageId] : []));
      for (let i = 0; i < changed.length; i += PAGE) {
        const page = changed.slice(i, i + PAGE);
        const stored = rowsOf<{ imageId: string; hashes: string[]; windows: Uint8Array | null }>(
          await db.execute(sql`select image_id as "imageId", hashes::text[] as hashes, windows from ${cottageImageHashes} where ${anyId(sql`image_id`, page)}`),
        );
        for (const r of stored) this.put(r.imageId, r.hashes, r.windows);
        // Listed, then gone before its page was read: deleted.
        const seen = new Set(stored.map((r) => r.imageId));
        for (const id of page) if (!seen.has(id)) this.drop(id);
      }
      if (rows[0]) this.since = Number(rows[0].horizon);
      // Not on a transaction's connection: the sweep runs beside the caller's own statements.
      if (Date.now() - this.sweptAt > SWEEP_MS && !(db instanceof PgTransaction)) void this.sweep(db);
    };
    const mine = run();
    this.refreshing = mine;
    return mine.finally(() => {
      if (this.refreshing === mine) this.refreshing = undefined;
    });
  }

  /**
   * Drops the images no longer stored (deleted: a catch-up reads what was written, not what went). Beside the
   * searches, not in their way: a slot written after the sweep looked is kept, whatever the sweep read.
   */
  sweep(db: DbOrTx): Promise<void> {
    if (this.sweeping) return this.sweeping;
    this.sweptAt = Date.now();
    const before = this.puts;
    const run = async () => {
      const stored = new Set(rowsOf<{ id: string }>(await db.execute(sql`select image_id as id from ${cottageImageHashes}`)).map((r) => r.id));
      for (const [id, slot] of [...this.slots]) if (!stored.has(id) && this.putAt[slot] <= before) this.drop(id);
    };
    const mine = run()
      .catch(() => undefined)
      .finally(() => (this.sweeping = undefined));
    this.sweeping = mine;
    return mine;
  }

  private put(imageId: string, hashes: string[], windows: Uint8Array | null) {
    if (!hashes.length) return this.drop(imageId);
    let slot = this.slots.get(imageId);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.ids.length;
      if (slot === this.ids.length) this.ids.push(undefined);
      if (slot >= this.windowed.length) this.grow(slot + 1);
      this.slots.set(imageId, slot);
      this.ids[slot] = imageId;
    }
    this.hashSlots.put(slot, hashes.map(split));
    const held = windows?.length === WINDOW_WORDS * 4;
    this.windowed[slot] = held ? 1 : 0;
    this.putAt[slot] = ++this.puts;
    if (!held) return;
    while (this.chunks.length * CHUNK <= slot) this.chunks.push(new Int32Array(CHUNK * WINDOW_WORDS));
    this.chunks[Math.floor(slot / CHUNK)].set(windowWords(windows), (slot % CHUNK) * WINDOW_WORDS);
  }

  private windowsAt(slot: number): Int32Array | null {
    if (!this.windowed[slot]) return null;
    const at = (slot % CHUNK) * WINDOW_WORDS;
    return this.chunks[Math.floor(slot / CHUNK)].subarray(at, at + WINDOW_WORDS);
  }

  private drop(imageId: string) {
    const slot = this.slots.get(imageId);
    if (slot === undefined) return;
    this.slots.delete(imageId);
    this.ids[slot] = undefined;
    this.hashSlots.clear(slot);
    this.windowed[slot] = 0;
    this.free.push(slot);
  }

  private grow(slots: number) {
    this.hashSlots.reserve(slots);
    const size = this.hashSlots.capacity;
    const grown = <T extends Uint8Array | Float64Array>(from: T, to: T) => {
      to.set(from as never);
      return to;
    };
    this.windowed = grown(this.windowed, new Uint8Array(size));
    this.putAt = grown(this.putAt, new Float64Array(size));
  }

  /** The slots within `maxBits` of any of `hashes` (closest pair), best first, at most `limit`. */
  private scanSlots(hashes: (bigint | string)[], maxBits: number, limit: number): { slot: number; bits: number }[] {
    const { ids } = this;
    return this.hashSlots
      .scan(hashes.map(split), maxBits)
      .sort((a, b) => a.bits - b.bits || (ids[a.slot]! < ids[b.slot]! ? -1 : 1))
      .slice(0, limit);
  }

  /** The images within `maxBits` of any of `hashes` (closest pair), best first, at most `limit`. */
  scan(hashes: (bigint | string)[], maxBits: number, limit: number): { imageId: string; bits: number }[] {
    return this.scanSlots(hashes, maxBits, limit).map(({ slot, bits }) => ({ imageId: this.ids[slot]!, bits }));
  }

  /**
   * The stored images that are near copies of a photo, best first: the index's candidates (64-bit hashes within
   * `CANDIDATE_BITS`, their distance the scan's), decided by their window hashes held here as `matchOf` does, then
   * the matches read from the database (the image still there, its cottage not `notCottage`). `refreshed`: the
   * caller brought the index up to date just before (one read for a cottage's every photo, not one per photo).
   */
  async near(db: DbOrTx, query: PhotoPrint, opts: { notCottage?: string; limit: number; refreshed?: boolean }): Promise<NearPhoto[]> {
    if (!query.hashes.length) return [];
    if (!opts.refreshed) await this.refresh(db);
    const mine = query.windows?.length ? windowWords(query.windows) : null;
    const matches = new Map<string, { bits: number; similarity: number }>();
    for (const hit of this.scanSlots(query.hashes, CANDIDATE_BITS, CHECK_MAX)) {
      const match = decideWords(hit.bits, this.windowsAt(hit.slot), mine);
      if (match) matches.set(this.ids[hit.slot]!, match);
    }
    if (!matches.size) return [];
    const result = await db.execute(sql`select i.id as "imageId", i.cottage_id as "cottageId", i.image, c.name, c.user_id as "userId"
      from ${cottageImages} i join ${cottages} c on c.id = i.cottage_id where ${anyId(sql`i.id`, [...matches.keys()])}`);
    const found: NearPhoto[] = [];
    const present = new Set<string>();
    for (const r of rowsOf<Omit<NearPhoto, 'bits' | 'similarity'>>(result)) {
      present.add(r.imageId);
      if (r.cottageId !== opts.notCottage) found.push({ ...r, ...matches.get(r.imageId)! });
    }
    for (const id of matches.keys()) if (!present.has(id)) this.drop(id);
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
