/** A cottage's moderation signals (issue #35): `GET cottage/{id}/signals`, each message in the reader's language. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../shared/permissions';
import { idParams } from '../../shared/schemas/common';
import { cottageSignalsRecord, type CottageSignalsRecord, type SignalRecord } from '../../shared/records/signals';
import { badRequest, notFound } from '../errors';
import { bodySchema, formValidator } from '../http/resource/schemas';
import { photoHashes, similarityOf } from '../images/phash';
import { said } from '../messages';
import { recordLabel } from '../labels';
import { uuidLike } from '../query/ids';
import { imagesOf, nearPhotos, recomputeCottageSignals, signalsOf, storeImageHashes } from '../repos/signals';
import { signalMessage } from '../signals/messages';

/** The cottages named by the written ones' signals that are recomputed with them, at most, per written cottage. */
const RELATED_MAX = 20;

/**
 * Recomputes the signals of `ids` (written just now: created, edited, deleted or brought back), each in a short
 * transaction of its own, then those of the cottages their signals name or named, one step deep (so both sides of a
 * pair agree, and a deleted or moved cottage's pair clears). Answers the ids whose signals changed, for the change event.
 */
export async function recomputeSignals(db: Db, ids: string[], request?: FastifyRequest): Promise<string[]> {
  if (request) await hashSavedImages(db, request, ids);
  const changed: string[] = [];
  const done = new Set<string>();
  const next = new Set<string>();
  for (const id of new Set(ids)) {
    done.add(id);
    const result = await db.transaction((tx) => recomputeCottageSignals(tx, id));
    if (result.changed) changed.push(id);
    for (const r of result.related) next.add(r);
  }
  let extra = 0;
  for (const id of next) {
    if (done.has(id) || extra++ >= RELATED_MAX * Math.max(1, ids.length)) continue;
    done.add(id);
    if ((await db.transaction((tx) => recomputeCottageSignals(tx, id))).changed) changed.push(id);
  }
  return changed;
}

/** The perceptual hashes of the images this request saved for these cottages (a new or replaced file). */
async function hashSavedImages(db: Db, request: FastifyRequest, ids: string[]) {
  for (const image of await imagesOf(db, ids)) {
    const bytes = request.savedImage(image.image);
    if (!bytes) continue;
    const hashes = await photoHashes(bytes).catch(() => undefined);
    if (hashes?.length) await db.transaction((tx) => storeImageHashes(tx, image.id, hashes));
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
      config: { costly: 'upload' },
      validatorCompiler: formValidator(false),
      schema: {
        tags: ['cottage'],
        description:
          'The stored cottage images a photo nearly copies (resized, cropped up to 10 % a side, re-compressed, mirrored, brightened, watermarked), best first, at most 20: multipart with one file `image`. Similarity is 1 − (bits apart of the closest perceptual hashes) / 64',
        ...bodySchema({ schema: z.object({}), files: { image: 1 } }, true),
        response: { 200: z.array(imageMatchRecord) },
      },
    },
    async (request) => {
      const form = await request.readForm({ image: 1 });
      const file = form.files.find((f) => f.field === 'image');
      if (!file) throw badRequest(said(NOT_AN_IMAGE), { image: said(NOT_AN_IMAGE) });
      const hashes = await photoHashes(file.bytes).catch(() => undefined);
      if (!hashes) throw badRequest(said(NOT_AN_IMAGE), { image: said(NOT_AN_IMAGE) });
      const near = await nearPhotos(app.db, hashes, { limit: SEARCH_LIMIT });
      return near.map((n) => ({ cottageId: n.cottageId, imageId: n.imageId, image: n.image, similarity: similarityOf(n.bits) }));
    },
  );
}
