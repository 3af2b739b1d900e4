/**
 * Moderation signals stored beside the cottages (issue #35, DESIGN §10 "Signals beside records"): after a cottage's
 * write commits, `recomputeCottageSignals` reads what the detectors need (`signals/`), replaces the cottage's signals and
 * writes its risk score and signal kinds on its row (the list sorts and filters by them), and its description's
 * MinHash bands. The caller (`routes/cottage-signals.ts`) runs it after the write's commit, a short transaction per
 * cottage, and on the cottages a signal names (a twin, a copy, the rest of a burst), one step deep.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { cottageFingerprints, cottageImageHashes, cottageImages, cottageSignals, cottages } from '../db/schema';
import { anyId, rowsOf } from '../db/sql';
import { findContacts, type ContactMatch } from '../signals/contact';
import { MIN_PEERS, priceFindings, type PriceStats } from '../signals/price';
import { COPY_SIMILARITY, jaccard, shingles, textBands } from '../signals/text-similarity';
import { riskScore, SEVERITY, type SignalKind } from '../signals/score';
import type { PhotoPrint } from '../images/phash';
import type { NearPhoto, PhotoIndex } from './photo-index';
import type { SignalMessageKey } from '../signals/messages';

/** Two pins closer than this are one place. */
const TWIN_METRES = 30;
/** An owner adding this many cottages within 24 hours. */
const BURST_COUNT = 5;
const DAY_MS = 24 * 3600 * 1000;

interface SignalRow {
  kind: SignalKind;
  severity: string;
  messageKey: SignalMessageKey;
  params: Record<string, string | number>;
  evidence: Record<string, unknown>;
  relatedId: string | null;
}

interface CottageFacts {
  id: string;
  name: string;
  description: string;
  price: number;
  priceWeekend: number;
  placeId: string;
  regionId: string;
  latitude: number | null;
  longitude: number | null;
  userId: string | null;
  createdAt: Date;
}

const signal = (kind: SignalKind, messageKey: SignalMessageKey, params: SignalRow['params'], evidence: SignalRow['evidence'], relatedId: string | null = null): SignalRow => ({
  kind,
  severity: SEVERITY[kind],
  messageKey,
  params,
  evidence,
  relatedId,
});

const sameOwnerNot = (userId: string | null) => sql`${cottages.userId} is distinct from ${userId}`;
const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

function contactSignal(c: CottageFacts): SignalRow[] {
  const matches: (ContactMatch & { field: string })[] = [];
  for (const field of ['name', 'description'] as const) for (const m of findContacts(c[field])) matches.push({ ...m, field });
  if (!matches.length) return [];
  return [signal('contact', 'contact', { text: matches[0].text }, { matches })];
}

/** The confirmed prices of the cottage's place, or its region's when the place has fewer than `MIN_PEERS`. */
async function priceStats(db: DbOrTx, c: CottageFacts): Promise<{ scope: 'place' | 'region'; price?: PriceStats; priceWeekend?: PriceStats }> {
  const statsOf = async (where: ReturnType<typeof eq>) => {
    const result = await db.execute(sql`select count(*)::int as count,
        percentile_cont(array[0.25, 0.5, 0.75]) within group (order by ${cottages.price}) as p,
        percentile_cont(array[0.25, 0.5, 0.75]) within group (order by ${cottages.priceWeekend}) as w,
        min(${cottages.price}) as pmin, max(${cottages.price}) as pmax, min(${cottages.priceWeekend}) as wmin, max(${cottages.priceWeekend}) as wmax
      from ${cottages} where ${where} and ${cottages.cottageStatus} = 'confirmed' and ${cottages.id} <> ${c.id}`);
    const [row] = rowsOf<{ count: number; p: number[] | null; w: number[] | null; pmin: number; pmax: number; wmin: number; wmax: number }>(result);
    const count = Number(row?.count ?? 0);
    if (!row || count < MIN_PEERS || !row.p || !row.w) return undefined;
    const of = (q: number[], min: number, max: number): PriceStats => ({ count, q1: Number(q[0]), median: Number(q[1]), q3: Number(q[2]), min: Number(min), max: Number(max) });
    return { price: of(row.p, row.pmin, row.pmax), priceWeekend: of(row.w, row.wmin, row.wmax) };
  };
  const place = await statsOf(eq(cottages.placeId, c.placeId));
  if (place) return { scope: 'place', ...place };
  return { scope: 'region', ...(await statsOf(eq(cottages.regionId, c.regionId))) };
}

const round = (n: number) => Math.round(n);

async function priceSignals(db: DbOrTx, c: CottageFacts): Promise<SignalRow[]> {
  const { scope, ...stats } = await priceStats(db, c);
  return priceFindings(c, stats).map((f) => {
    if (f.key === 'weekendBelow') return signal('price', 'weekendBelow', { price: f.price, priceWeekend: f.priceWeekend }, { field: 'priceWeekend', price: f.price, priceWeekend: f.priceWeekend });
    const key: SignalMessageKey = f.field === 'price' ? f.key : f.key === 'priceHigh' ? 'weekendHigh' : 'weekendLow';
    const { low, high } = { low: round(f.low), high: round(f.high) };
    return signal('price', key, { value: f.value, median: round(f.stats.median), low, high }, { field: f.field, value: f.value, scope, ...f.stats, low, high });
  });
}

/** Metres between two points (haversine). */
export function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

async function twinSignals(db: DbOrTx, c: CottageFacts): Promise<SignalRow[]> {
  if (c.latitude === null || c.longitude === null) return [];
  const here = { latitude: c.latitude, longitude: c.longitude };
  const dLat = TWIN_METRES / 111_000;
  const dLng = dLat / Math.max(0.01, Math.cos((c.latitude * Math.PI) / 180));
  const near = await db
    .select({ id: cottages.id, name: cottages.name, latitude: cottages.latitude, longitude: cottages.longitude })
    .from(cottages)
    .where(and(
      sql`${cottages.latitude} between ${c.latitude - dLat} and ${c.latitude + dLat}`,
      sql`${cottages.longitude} between ${c.longitude - dLng} and ${c.longitude + dLng}`,
      ne(cottages.id, c.id),
      sameOwnerNot(c.userId),
    ))
    .limit(50);
  const measured = near
    .map((n) => ({ ...n, distance: metresBetween(here, { latitude: n.latitude!, longitude: n.longitude! }) }))
    .filter((n) => n.distance <= TWIN_METRES)
    .sort((a, b) => a.distance - b.distance);
  const nearest = measured[0];
  if (!nearest) return [];
  const distance = Math.round(nearest.distance);
  return [signal('twin', 'twin', { distance, name: nearest.name }, { distance, here, there: { latitude: nearest.latitude, longitude: nearest.longitude }, others: measured.length }, nearest.id)];
}

async function copySignals(db: DbOrTx, c: CottageFacts, bands: string[]): Promise<SignalRow[]> {
  if (!bands.length) return [];
  const candidates = await db
    .select({ id: cottages.id, name: cottages.name, description: cottages.description })
    .from(cottageFingerprints)
    .innerJoin(cottages, eq(cottages.id, cottageFingerprints.cottageId))
    .where(and(sql`${cottageFingerprints.textBands} && ${textArray(bands)}`, ne(cottages.id, c.id), sameOwnerNot(c.userId)))
    .limit(50);
  const own = shingles(c.description);
  const best = candidates
    .map((o) => ({ ...o, similarity: jaccard(own, shingles(o.description)) }))
    .filter((o) => o.similarity >= COPY_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity)[0];
  if (!best) return [];
  const percent = Math.round(best.similarity * 100);
  return [signal('copy', 'copy', { percent, name: best.name }, { similarity: best.similarity, text: c.description, relatedText: best.description }, best.id)];
}

async function burstSignals(db: DbOrTx, c: CottageFacts): Promise<{ rows: SignalRow[]; siblings: string[] }> {
  if (!c.userId) return { rows: [], siblings: [] };
  const at = c.createdAt.getTime();
  const around = await db
    .select({ id: cottages.id, createdAt: cottages.createdAt })
    .from(cottages)
    .where(and(eq(cottages.userId, c.userId), sql`${cottages.createdAt} between ${new Date(at - DAY_MS)} and ${new Date(at + DAY_MS)}`))
    .orderBy(asc(cottages.createdAt));
  // The busiest 24 hours holding this cottage: each window starts at one of the owner's cottages.
  let best: typeof around = [];
  for (let i = 0; i < around.length; i++) {
    const from = around[i].createdAt.getTime();
    if (from > at) break;
    const window = around.filter((o) => o.createdAt.getTime() >= from && o.createdAt.getTime() <= from + DAY_MS);
    if (window.length > best.length && from + DAY_MS >= at) best = window;
  }
  if (best.length < BURST_COUNT) return { rows: [], siblings: [] };
  const evidence = { count: best.length, from: best[0].createdAt.toISOString(), to: best.at(-1)!.createdAt.toISOString(), ids: best.map((o) => o.id) };
  return { rows: [signal('burst', 'burst', { count: best.length }, evidence)], siblings: best.map((o) => o.id).filter((id) => id !== c.id) };
}

/** The stored images that are near copies of a photo (`images/phash.ts` `matchOf`), best first. */
export function nearPhotos(db: DbOrTx, photos: PhotoIndex, print: PhotoPrint, opts: { notCottage?: string; limit: number; refreshed?: boolean }): Promise<NearPhoto[]> {
  return photos.near(db, print, opts);
}

/** An image's hashes are to be taken (again): none, of another file, or taken before window hashes existed. */
const staleHash = sql`(h.image_id is null or h.image is distinct from i.image or h.windows is null)`;

/**
 * The images of these cottages whose hashes are missing or were taken of another file (saved by this request, or
 * written without an upload: a seed, a revert, a restore), or have no window hashes yet (hashed before them).
 */
export async function imagesToHash(db: DbOrTx, cottageIds: string[]): Promise<{ id: string; image: string }[]> {
  if (!cottageIds.length) return [];
  const result = await db.execute(sql`select i.id, i.image from ${cottageImages} i left join ${cottageImageHashes} h on h.image_id = i.id
    where ${anyId(sql`i.cottage_id`, cottageIds)} and ${staleHash}`);
  return rowsOf<{ id: string; image: string }>(result);
}

/**
 * A page of the cottages after `after` (by id) whose signals were never computed (no fingerprint: written by a seed
 * or before signals existed), with an image still to hash, or with a related recompute still owed (`markRelatedPending`).
 */
export async function cottagesToBackfill(db: DbOrTx, after: string | null, limit: number): Promise<string[]> {
  const result = await db.execute(sql`select c.id from ${cottages} c
    where ${after ? sql`c.id > ${after}` : sql`true`}
      and (not exists (select 1 from ${cottageFingerprints} f where f.cottage_id = c.id)
        or exists (select 1 from ${cottageFingerprints} f where f.cottage_id = c.id and f.related_pending)
        or exists (select 1 from ${cottageImages} i left join ${cottageImageHashes} h on h.image_id = i.id
          where i.cottage_id = c.id and ${staleHash}))
    order by c.id limit ${limit}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** The backfill's advisory lock (PostgreSQL; the demo seed's is 7310001). */
export const BACKFILL_LOCK = 7310002;

/** Takes the backfill's lock for `tx`'s lifetime when no other transaction holds it: answers whether it did. */
export async function tryBackfillLock(tx: Tx): Promise<boolean> {
  const [lock] = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${BACKFILL_LOCK}) as got`));
  return lock?.got === true;
}

/**
 * Notes that these cottages' signals are owed a recompute (a cottage they name, or that names them, was written; the
 * write answered before recomputing them). Their own recompute clears it; the start's backfill runs it when the
 * process died first. A cottage without a fingerprint is the backfill's already.
 */
export async function markRelatedPending(db: DbOrTx, ids: string[]) {
  if (!ids.length) return;
  await db.update(cottageFingerprints).set({ relatedPending: true }).where(and(anyId(cottageFingerprints.cottageId, ids), eq(cottageFingerprints.relatedPending, false)));
}

/**
 * In a write's own transaction: these written cottages' signals are owed a recompute (it runs after the answer), and
 * so are those of the cottages whose signals name the `deleted` ones (a deleted cottage's own mark went with its
 * fingerprint row). Committed with the write, so a process that dies before the recompute leaves the marks to the next
 * start's backfill (`cottagesToBackfill`); the recompute clears each one. A cottage without a fingerprint (a new one)
 * is the backfill's already. The fingerprint table bumps no table version, so the marks keep every kept page.
 */
export async function oweSignals(tx: Tx, written: string[], deleted: string[]) {
  const naming = deleted.length ? sql` or ${cottageFingerprints.cottageId} in (select ${cottageSignals.cottageId} from ${cottageSignals} where ${anyId(cottageSignals.relatedId, deleted)})` : sql``;
  await tx.execute(sql`update ${cottageFingerprints} set related_pending = true
    where not ${cottageFingerprints.relatedPending} and (${anyId(cottageFingerprints.cottageId, written)}${naming})`);
}

/** Keeps an image's hashes and window hashes (none: looked at, nothing to hash), of the file `image`, replacing those it had before. */
export async function storeImageHashes(tx: Tx, imageId: string, print: { hashes: bigint[]; windows: Uint8Array }, image: string | null = null) {
  const { hashes, windows } = print;
  // A new `written_tx` on update too: every worker's photo index reads the row again (`repos/photo-index.ts`).
  await tx
    .insert(cottageImageHashes)
    .values({ imageId, hashes, windows, image })
    .onConflictDoUpdate({ target: cottageImageHashes.imageId, set: { hashes, windows, image, writtenTx: sql`pg_current_xact_id()::text::bigint` } });
}

/** Near copies of this cottage's photos among other cottages': another owner's (high), the same owner's (low). */
async function photoSignals(db: DbOrTx, photos: PhotoIndex, c: CottageFacts): Promise<SignalRow[]> {
  const own = await db
    .select({ imageId: cottageImages.id, image: cottageImages.image, hashes: cottageImageHashes.hashes, windows: cottageImageHashes.windows })
    .from(cottageImageHashes)
    .innerJoin(cottageImages, eq(cottageImages.id, cottageImageHashes.imageId))
    .where(eq(cottageImages.cottageId, c.id));
  const best = new Map<string, { mine: (typeof own)[number]; near: NearPhoto }>();
  if (own.some((o) => o.hashes.length)) await photos.refresh(db);
  for (const mine of own) {
    for (const near of await nearPhotos(db, photos, mine, { notCottage: c.id, limit: 5, refreshed: true })) {
      const known = best.get(near.cottageId);
      if (!known || near.similarity > known.near.similarity) best.set(near.cottageId, { mine, near });
    }
  }
  return [...best.values()].map(({ mine, near }) => {
    const sameOwner = c.userId !== null && near.userId === c.userId;
    const { similarity } = near;
    const kind: SignalKind = sameOwner ? 'reusedPhoto' : 'photo';
    const evidence = { image: mine.image, imageId: mine.imageId, relatedImage: near.image, relatedImageId: near.imageId, bits: near.bits, similarity };
    return signal(kind, kind, { percent: Math.round(similarity * 100), name: near.name }, evidence, near.cottageId);
  });
}

/** The kinds a cottage's photos decide (its own photos against the others', and its owner). */
const PHOTO_KINDS = new Set<string>(['photo', 'reusedPhoto']);

/** What one cottage's signals are now, and the cottages they name; `keptPhotos`: its photo signals as stored, not decided again. */
async function detect(db: DbOrTx, photos: PhotoIndex, c: CottageFacts, bands: string[], keptPhotos?: SignalRow[]) {
  const burst = await burstSignals(db, c);
  const photoRows = keptPhotos ?? (await photoSignals(db, photos, c));
  const rows = [...photoRows, ...contactSignal(c), ...(await priceSignals(db, c)), ...(await twinSignals(db, c)), ...(await copySignals(db, c, bands)), ...burst.rows];
  const related = [...rows.flatMap((r) => (r.relatedId ? [r.relatedId] : [])), ...burst.siblings];
  return { rows, related };
}

const factColumns = {
  id: cottages.id,
  name: cottages.name,
  description: cottages.description,
  price: cottages.price,
  priceWeekend: cottages.priceWeekend,
  placeId: cottages.placeId,
  regionId: cottages.regionId,
  latitude: cottages.latitude,
  longitude: cottages.longitude,
  userId: cottages.userId,
  createdAt: cottages.createdAt,
};

const sameness = (rows: Pick<SignalRow, 'kind' | 'messageKey' | 'params' | 'relatedId'>[]) =>
  JSON.stringify(rows.map((r) => [r.kind, r.messageKey, r.params, r.relatedId]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));

/**
 * Recomputes one cottage on `tx` (the caller's own short transaction, one per cottage), holding its row first so two
 * workers recomputing it take turns. Answers whether its signals changed, and the cottages they name (before and
 * after) and those whose signals named it; a cottage that is gone only names those. `photos: false` (a write that
 * changed neither its images nor its owner) keeps its stored photo signals instead of deciding its photos again: they
 * name only the other cottages, whose own writes recompute this one as related.
 */
export async function recomputeCottageSignals(tx: Tx, photos: PhotoIndex, id: string, opts: { photos?: boolean } = {}): Promise<{ changed: boolean; related: string[] }> {
  const [c] = await tx.select(factColumns).from(cottages).where(eq(cottages.id, id)).for('update');
  const before = (await tx
    .select({
      kind: cottageSignals.kind,
      severity: cottageSignals.severity,
      messageKey: cottageSignals.messageKey,
      params: cottageSignals.params,
      evidence: cottageSignals.evidence,
      relatedId: cottageSignals.relatedId,
    })
    .from(cottageSignals)
    .where(eq(cottageSignals.cottageId, id))) as SignalRow[];
  // Cottages whose signals name this one (its twin, its copy): they are looked at again too.
  const namingIt = await tx.select({ id: cottageSignals.cottageId }).from(cottageSignals).where(eq(cottageSignals.relatedId, id));
  const wasRelated = [...before.flatMap((r) => (r.relatedId ? [r.relatedId] : [])), ...namingIt.map((r) => r.id)];
  if (!c) return { changed: false, related: wasRelated };
  const bands = textBands(c.description);
  const keptPhotos = opts.photos === false ? before.filter((r) => PHOTO_KINDS.has(r.kind)) : undefined;
  const { rows, related } = await detect(tx, photos, c, bands, keptPhotos);
  // Nothing is written that stays the same: a write bumps its table's version (query/table-versions.ts), and every
  // kept page of cottages would be read again after each edit that changes no signal (issue #38).
  const changed = sameness(before) !== sameness(rows);
  if (changed) {
    await tx.delete(cottageSignals).where(eq(cottageSignals.cottageId, id));
    if (rows.length) await tx.insert(cottageSignals).values(rows.map((r) => ({ ...r, cottageId: id })));
  }
  const kinds = [...new Set(rows.map((r) => r.kind))].sort();
  const risk = riskScore(kinds);
  await tx
    .update(cottages)
    .set({ risk, signalKinds: kinds })
    .where(and(eq(cottages.id, id), sql`(${cottages.risk} is distinct from ${risk} or array_to_string(${cottages.signalKinds}, ',') <> ${kinds.join(',')})`));
  await tx
    .insert(cottageFingerprints)
    .values({ cottageId: id, textBands: bands })
    .onConflictDoUpdate({
      target: cottageFingerprints.cottageId,
      set: { textBands: bands, relatedPending: false },
      setWhere: sql`${cottageFingerprints.textBands} is distinct from excluded.text_bands or ${cottageFingerprints.relatedPending}`,
    });
  return { changed, related: [...wasRelated, ...related] };
}

interface StoredSignal extends SignalRow {
  id: string;
}

/** A cottage's stored signals, strongest first, and its score (undefined when there is no such cottage). */
export async function signalsOf(db: DbOrTx, cottageId: string): Promise<{ score: number; signals: StoredSignal[] } | undefined> {
  const [c] = await db.select({ risk: cottages.risk }).from(cottages).where(eq(cottages.id, cottageId));
  if (!c) return undefined;
  const rows = await db.select().from(cottageSignals).where(eq(cottageSignals.cottageId, cottageId)).orderBy(asc(cottageSignals.createdAt), asc(cottageSignals.id));
  const order = { high: 0, medium: 1, low: 2 } as Record<string, number>;
  const signals = rows
    .map((r) => ({ id: r.id, kind: r.kind as SignalKind, severity: r.severity, messageKey: r.messageKey as SignalMessageKey, params: r.params, evidence: r.evidence, relatedId: r.relatedId }))
    .sort((a, b) => (order[a.severity] ?? 3) - (order[b.severity] ?? 3));
  return { score: c.risk, signals };
}
