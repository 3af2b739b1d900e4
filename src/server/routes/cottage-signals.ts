/** A cottage's moderation signals (issue #35): `GET cottage/{id}/signals`, each message in the reader's language. */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import type { AuditEntry } from '../repos/audit';
import { storedBytes, type FileStorage } from '../file-storage';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../shared/permissions';
import { idParams } from '../../shared/schemas/common';
import { cottageSignalsRecord, type CottageSignalsRecord, type SignalRecord } from '../../shared/records/signals';
import { badRequest, notFound } from '../errors';
import { bodySchema, formValidator } from '../http/resource/schemas';
import { photoPrint } from '../images/phash';
import { said } from '../messages';
import { recordLabel } from '../labels';
import { uuidLike } from '../query/ids';
import { photoIndexOf } from '../repos/photo-index';
import { imagesToHash, markRelatedPending, nearPhotos, oweSignals, recomputeCottageSignals, signalsOf, storeImageHashes } from '../repos/signals';
import { publishChange } from '../repos/events';
import { signalMessage } from '../signals/messages';

/** The cottages named by the written ones' signals that are recomputed with them, at most, per written cottage. */
const RELATED_MAX = 20;

/** The bytes a request saved, by public path: hashed without reading the file back. */
type SavedBytes = ReadonlyMap<string, Buffer>;

/**
 * Each written cottage's own recompute, in a short transaction of its own, after hashing its stale images; those in
 * `samePhotos` (written without a change to their images or owner) keep their photo signals as stored.
 */
async function recomputeOwn(db: Db, storage: FileStorage, ids: string[], saved?: SavedBytes, samePhotos: ReadonlySet<string> = new Set()) {
  await hashImages(db, storage, ids.filter((id) => !samePhotos.has(id)), saved);
  const photos = photoIndexOf(db);
  const changed: string[] = [];
  const done = new Set<string>();
  const next = new Set<string>();
  for (const id of new Set(ids)) {
    done.add(id);
    const result = await db.transaction((tx) => recomputeCottageSignals(tx, photos, id, { photos: !samePhotos.has(id) }));
    if (result.changed) changed.push(id);
    for (const r of result.related) next.add(r);
  }
  const related = [...next].filter((id) => !done.has(id)).slice(0, RELATED_MAX * Math.max(1, done.size));
  return { changed, related };
}

/** The cottages the written ones' signals name or named, one step deep: answers those whose signals changed. */
async function recomputeRelated(db: Db, related: string[]): Promise<string[]> {
  const photos = photoIndexOf(db);
  const changed: string[] = [];
  for (const id of related) if ((await db.transaction((tx) => recomputeCottageSignals(tx, photos, id))).changed) changed.push(id);
  return changed;
}

/**
 * Recomputes the signals of `ids` (found by the backfill, or written by a bench), then those of the cottages their
 * signals name or named, one step deep (so both sides of a pair agree, and a deleted or moved cottage's pair clears).
 * Answers the ids whose signals changed, for the change event.
 */
export async function recomputeSignals(db: Db, storage: FileStorage, ids: string[]): Promise<string[]> {
  const own = await recomputeOwn(db, storage, ids);
  return [...own.changed, ...(await recomputeRelated(db, own.related))];
}

/**
 * The recomputes owed after the answers, per database, in this process: the written cottages' own (all those owed,
 * at once: a cottage written twice meanwhile is recomputed once), then their related ones, one at a time, each time
 * after the own ones owed by then (the 2 s goal is about those). One runner at a time.
 */
interface Owed {
  own: Set<string>;
  /** Those of `own` that every write since their last recompute left with the same images and owner. */
  samePhotos: Set<string>;
  saved: Map<string, Buffer>;
  related: Set<string>;
  running?: Promise<void>;
}
const owedBy = new WeakMap<Db, Owed>();

/** Related recomputes run between two looks for own ones; their changes are told in one event. */
const RELATED_STEP = 20;

/** Resolves when every recompute owed so far has run (tests, benches, and the app's close). */
export async function signalsSettled(db: Db): Promise<void> {
  for (let running = owedBy.get(db)?.running; running; running = owedBy.get(db)?.running) await running;
}

/** Runs until nothing is owed; `owed.running` is cleared in the same turn as the last look, so no id waits unseen. */
async function runOwed(db: Db, storage: FileStorage, owed: Owed, log: FastifyBaseLogger) {
  await Promise.resolve(); // the caller sets `owed.running` first
  while (owed.own.size || owed.related.size) {
    try {
      if (owed.own.size) {
        const ids = [...owed.own];
        const { saved, samePhotos } = owed;
        owed.own.clear();
        owed.saved = new Map();
        owed.samePhotos = new Set();
        const own = await recomputeOwn(db, storage, ids, saved, samePhotos);
        if (own.changed.length) await publishChange(db, { resource: 'cottage', ids: own.changed, action: 'signals' });
        if (own.related.length) {
          await markRelatedPending(db, own.related);
          for (const id of own.related) owed.related.add(id);
        }
      } else {
        const changed: string[] = [];
        for (let n = 0; n < RELATED_STEP && owed.related.size && !owed.own.size; n++) {
          const [id] = owed.related;
          owed.related.delete(id);
          changed.push(...(await recomputeRelated(db, [id])));
        }
        if (changed.length) await publishChange(db, { resource: 'cottage', ids: changed, action: 'signals' });
      }
    } catch (err) {
      // The written cottages stay marked (`oweSignals`, `markRelatedPending`): the next start's backfill runs them.
      log.error({ err }, 'signals recompute failed; the next start catches it up');
    }
  }
  owed.running = undefined;
}

/**
 * In the write's transaction: marks the written cottages' signals owed (and, for a deleted one, those of the cottages
 * naming it), so the mark commits with the write (`oweSignals`).
 */
export async function oweSignalsOf(tx: Tx, entries: AuditEntry[]): Promise<void> {
  const deleted = entries.filter((e) => e.action === 'delete').map((e) => e.recordId);
  const written = entries.filter((e) => e.action !== 'delete').map((e) => e.recordId);
  await oweSignals(tx, [...new Set(written)], [...new Set(deleted)]);
}

/**
 * After a write of `ids` committed (and marked them owed in its transaction): queues their recompute for after the
 * answer, keeping the images the request saved so they are hashed without reading the files back. The recompute
 * publishes the `signals` change event of those whose signals changed, then queues the related cottages (marked
 * owed in the database first); the app's close waits for all of it (`signalsSettled`). `entries`: the write's audit
 * entries of cottages; one that shows the same images and owner before and after (a name, a price, a status) spares
 * the cottage's photo decisions, the recompute's costliest part, unless another write owed meanwhile changed them.
 */
export function queueSignals(db: Db, storage: FileStorage, ids: string[], request: FastifyRequest, entries: AuditEntry[] = []): void {
  let owed = owedBy.get(db);
  if (!owed) owedBy.set(db, (owed = { own: new Set(), samePhotos: new Set(), saved: new Map(), related: new Set() }));
  const photosChanged = new Set(entries.filter((e) => !samePhotosIn(e)).map((e) => e.recordId));
  for (const id of ids) {
    const fresh = !owed.own.has(id);
    owed.own.add(id);
    if (photosChanged.has(id) || !entries.length) owed.samePhotos.delete(id);
    else if (fresh) owed.samePhotos.add(id);
  }
  for (const [path, bytes] of request.savedImages()) owed.saved.set(path, bytes);
  if (!owed.running) owed.running = runOwed(db, storage, owed, request.server.log);
}

/** Whether an audit entry of a cottage shows the same images (ids and files) and owner before and after the write. */
function samePhotosIn(entry: AuditEntry): boolean {
  type Facts = { images?: { id: string; image: string }[]; userId?: string | null };
  const before = entry.before as Facts | null | undefined;
  const after = entry.after as Facts | null | undefined;
  if (!before?.images || !after?.images || before.userId !== after.userId) return false;
  const files = (facts: Facts) => facts.images!.map((i) => `${i.id}:${i.image}`).sort().join(',');
  return files(before) === files(after);
}

/** A stored file larger than this is not read back to be hashed (uploads are bounded far below it). */
const HASH_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Hashes these cottages' images whose hashes are missing, of another file or without window hashes: the bytes the
 * request saved when it had
 * them, else the stored file (a seed's, a revert's, a restore's). A file that cannot be read or is flat gets empty
 * hashes, so it is not read again until its path changes.
 */
async function hashImages(db: Db, storage: FileStorage, ids: string[], saved?: SavedBytes) {
  for (const image of await imagesToHash(db, ids)) {
    const bytes = saved?.get(image.image) ?? (await storedBytes(storage, image.image, HASH_MAX_BYTES).catch(() => undefined));
    const print = (bytes && (await photoPrint(bytes).catch(() => undefined))) || { hashes: [], windows: new Uint8Array(0) };
    await db.transaction((tx) => storeImageHashes(tx, image.id, print, image.image));
  }
}

const NOT_AN_IMAGE = { uz: 'Fayl rasm emas', ru: 'Файл не является изображением', en: 'The file is not an image' };
const SEARCH_LIMIT = 20;

const imageMatchRecord = z.object({ cottageId: z.string(), imageId: z.string(), image: z.string(), similarity: z.number() });

export function signalRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/cottage/:id/signals',
    {
      onRequest: app.requirePermission(perm('cottage', 'show')),
      schema: {
        tags: ['cottage'],
        description:
          'The moderation signals of the cottage (contact in text, price, twin location, copied description, burst), each with its reason in the request\'s language, its evidence and the related cottage, and the risk score 0–100 they make (docs/decisions.md, "Moderation signals")',
        params: idParams,
        response: { 200: cottageSignalsRecord },
      },
    },
    async (request): Promise<CottageSignalsRecord> => {
      const found = uuidLike(request.params.id) ? await signalsOf(app.db, request.params.id) : undefined;
      if (!found) throw notFound(recordLabel('cottage', 'Cottage'));
      return {
        score: found.score,
        signals: found.signals.map(
          (s): SignalRecord => ({
            kind: s.kind,
            severity: s.severity as SignalRecord['severity'],
            message: signalMessage(s.messageKey, s.params, request.messageLang),
            evidence: s.evidence,
            relatedId: s.relatedId,
          }),
        ),
      };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/image/search',
    {
      onRequest: app.requirePermission(perm('cottage', 'list')),
      // A search writes nothing: no change to announce (a POST was announced as a write: a notice's round trip, its
      // echo and 25 ms more before each answer, and every process's caches checked again).
      config: { costly: 'upload', changesNothing: true },
      validatorCompiler: formValidator(false),
      schema: {
        tags: ['cottage'],
        description:
          'The stored cottage images a photo nearly copies (resized, cropped up to 10 % a side, re-compressed, mirrored, brightened, watermarked), best first, at most 20: multipart with one file `image`. Similarity is 1 − (bits apart of the closest pair of 256-bit window hashes) / 256 (a match is at least 0.828); a stored photo hashed before window hashes, until the start re-hashes it, 1 − (bits apart of the closest 64-bit hashes) / 64',
        ...bodySchema({ schema: z.object({}), files: { image: 1 } }, true),
        response: { 200: z.array(imageMatchRecord) },
      },
    },
    async (request) => {
      const form = await request.readForm({ image: 1 });
      const file = form.files.find((f) => f.field === 'image');
      if (!file) throw badRequest(said(NOT_AN_IMAGE), { image: said(NOT_AN_IMAGE) });
      // The index catches up while the photo is decoded (sharp's threads): the two waits overlap.
      const photos = photoIndexOf(app.db);
      const [print] = await Promise.all([photoPrint(file.bytes).catch(() => undefined), photos.refresh(app.db)]);
      if (!print) throw badRequest(said(NOT_AN_IMAGE), { image: said(NOT_AN_IMAGE) });
      const near = await nearPhotos(app.db, photos, print, { limit: SEARCH_LIMIT, refreshed: true });
      return near.map((n) => ({ cottageId: n.cottageId, imageId: n.imageId, image: n.image, similarity: n.similarity }));
    },
  );
}
