/**
 * Cottages: the list with its filters (and the original's query parameters), one record, create (multipart with the
 * main image and up to 15 more), edit (JSON, or a form; only what is sent changes), delete (with its files), and
 * replacing the main image. Moderation — changing `cottageStatus` — needs `cottage.moderate` on top of the write's own
 * permission.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { cottageRecord } from '../../shared/records/cottage';
import { cottageBulkEditSchema, cottageCreateSchema, cottageEditSchema, type CottageEdit } from '../../shared/schemas/marketplace';
import { parseListParams } from '../http/list-params';
import { registerResource } from '../http/resource-routes';
import { cottageImageActions } from './cottage-images';
import { premiumActions } from './premium';
import { claimActions, claimRoutes } from './cottage-claims';
import { undoActions } from './cottage-undo';
import type { ListParams } from '../query/list';
import { checkComforts, checkCottageTypes, checkPlaceInRegion } from '../repos/catalogue-refs';
import { COTTAGE_TABLE, cottageListSpec, cottagePageJson, insertCottage, loadCottageExportRows, loadCottages, setMainImage, updateCottage } from '../repos/cottages';
import { cottageDependents, notifyOwner } from '../repos/cottage-moderation';
import { deleteRecord } from '../repos/records';
import { endClaim } from '../repos/cottage-claims';
import { publishChange } from '../repos/events';
import { loadOne } from '../http/resource/context';
import { idParams } from '../../shared/schemas/common';
import type { AuthUser } from '../plugins/auth';
import { said, say } from '../messages';
import type { RecordSnapshot } from '../repos/snapshots';
import { recordLabel } from '../labels';
import { afterCommit } from '../http/unit-of-work';
import { oweSignalsOf, queueSignals, signalRoutes, signalsSettled } from './cottage-signals';
import { scheduleSignalsBackfill } from './signals-backfill';

const MAX_COTTAGE_IMAGES = 15;

/** The ids of linked records as the audit history keeps them (records with an id), or undefined when not given. */
const idsOf = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.map((v) => String((v as { id: unknown }).id)) : undefined);

/** The original's query parameters (`?minPrice=…&sortField=price`) folded into the DESIGN §5 ones. */
const LEGACY_COTTAGE_QUERY = [
  'cottageStatus', 'status', 'placeId', 'regionId', 'comforts', 'cottageTypes', 'minPrice', 'maxPrice',
  'minPriceWeekend', 'maxPriceWeekend', 'minRating', 'maxRating', 'isTest',
] as const;

/** The list parameters of a cottage list: DESIGN §5 ones, with the original's folded in; explicit `filter`/`sort` win. */
function cottageListParams(query: Record<string, unknown>): ListParams {
  const params = parseListParams(query);
  for (const key of LEGACY_COTTAGE_QUERY) {
    if (query[key] !== undefined && params.filter[key] === undefined) params.filter[key] = query[key];
  }
  if (!params.sort && typeof query.sortField === 'string') {
    const order = String(query.sortOrder ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw badRequest(said(TEXTS.sortOrder), { sortOrder: said(TEXTS.invalidValue) });
    params.sort = { field: query.sortField, order };
  }
  return params;
}

const TEXTS = {
  sortOrder: { uz: 'sortOrder asc yoki desc boʻlishi kerak', ru: 'sortOrder должен быть asc или desc', en: 'sortOrder must be asc or desc' },
  invalidValue: { uz: 'Notoʻgʻri qiymat', ru: 'Неверное значение', en: 'Invalid value' },
  reasonNeedsModerate: { uz: 'Moderatsiya sababi uchun cottage.moderate ruxsati kerak', ru: 'Для причины модерации нужно право cottage.moderate', en: 'A moderation reason needs the cottage.moderate permission' },
  reasonWithStatus: { uz: 'Sabab cottageStatus bilan birga yuboriladi', ru: 'Причина указывается вместе с cottageStatus', en: 'A reason goes with a cottageStatus' },
  moderate: {
    uz: 'Dachani tasdiqlash yoki rad etish uchun cottage.moderate ruxsati kerak',
    ru: 'Чтобы подтвердить или отклонить дачу, нужно право cottage.moderate',
    en: 'Confirming or rejecting a cottage needs the cottage.moderate permission',
  },
  backForReview: {
    uz: 'Dacha moderatsiyaga qaytdi (“{status}” emas): uni tasdiqlash uchun cottage.moderate ruxsati kerak',
    ru: 'Дача вернулась на модерацию (не «{status}»): чтобы подтвердить её, нужно право cottage.moderate',
    en: 'The cottage came back for review (not “{status}”): deciding on it needs the cottage.moderate permission',
  },
} as const;

const mayModerate = (user: AuthUser) => user.permissions.has(perm('cottage', 'moderate'));

function assertMayModerate(user: AuthUser, wanted: unknown, current: string) {
  if (wanted !== undefined && wanted !== current && !mayModerate(user)) throw forbidden(said(TEXTS.moderate));
}

/** A deleted cottage a revert brings back by a caller who may not moderate comes back for review (`progress`). */
async function restorable(_db: unknown, user: AuthUser, snapshot: RecordSnapshot, lang: string) {
  const row = snapshot.rows[COTTAGE_TABLE]?.[0];
  if (!row || mayModerate(user) || row.cottageStatus === 'progress') return { snapshot, leftOut: [] };
  const rows = { ...snapshot.rows, [COTTAGE_TABLE]: [{ ...row, cottageStatus: 'progress' }] };
  return { snapshot: { ...snapshot, rows }, leftOut: [say(lang, TEXTS.backForReview, { status: String(row.cottageStatus) })] };
}

/** A reason is a moderator's word on a decision: it needs `cottage.moderate` and goes with a `cottageStatus`. */
function assertMayGiveReason(user: AuthUser, cottageStatus: string | undefined) {
  if (!user.permissions.has(perm('cottage', 'moderate'))) throw forbidden(said(TEXTS.reasonNeedsModerate));
  if (cottageStatus === undefined) throw badRequest(said(TEXTS.reasonWithStatus), { reason: said(TEXTS.reasonWithStatus) });
}

/** The stored columns of a payload: the position from whichever spelling was sent; links and files travel apart. */
function cottageColumns<B extends CottageEdit>(body: B) {
  const { lattitude, location, comforts: _comforts, cottageType: _types, reason: _reason, ...columns } = body;
  const position = { latitude: body.latitude ?? lattitude ?? location?.latitude, longitude: body.longitude ?? location?.longitude };
  return { ...(columns as Omit<B, 'lattitude' | 'location' | 'comforts' | 'cottageType' | 'reason'>), ...position };
}

const cottageRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, {
    def: resources.cottage,
    record: cottageRecord,
    load: loadCottages,
    pageJson: cottagePageJson,
    exportRows: loadCottageExportRows,
    spec: cottageListSpec,
    listParams: cottageListParams,
    files: (cottage) => cottage.images.map((i) => i.image),
    rules: {
      create: async (_db, user, values) => assertMayModerate(user, values.cottageStatus, 'progress'),
      edit: async (_db, user, current, values) => assertMayModerate(user, values.cottageStatus, current.cottageStatus),
      restore: restorable,
    },
    // A revert of an edit puts the comforts and types it changed back (their ids, in their order).
    revertLinks: {
      fields: ['comforts', 'cottageType'],
      write: (tx, id, values) => updateCottage(tx, id, {}, idsOf(values.comforts), idsOf(values.cottageType)),
    },
    create: {
      body: { schema: cottageCreateSchema, files: { mainImage: 1, images: MAX_COTTAGE_IMAGES } },
      async write(db, { data: body, user, image, images }) {
        const mainImage = (await image('mainImage', true))!;
        const comfortIds = [...new Set(body.comforts)];
        const typeIds = [...new Set(body.cottageType)];
        await checkPlaceInRegion(db, body.regionId, body.placeId);
        await checkComforts(db, comfortIds);
        await checkCottageTypes(db, typeIds);
        return insertCottage(db, { ...cottageColumns(body), userId: user.id }, [mainImage, ...(await images('images'))], comfortIds, typeIds);
      },
    },
    update: {
      // The spec's edit is JSON; a form-encoded edit is read the same way rather than silently ignored.
      body: { schema: cottageEditSchema, files: {}, strictJson: true },
      async write(db, { data: body, user }, current) {
        if (body.reason !== undefined) assertMayGiveReason(user, body.cottageStatus);
        const regionId = body.regionId ?? current.regionId;
        const placeId = body.placeId ?? current.placeId;
        if (regionId !== current.regionId || placeId !== current.placeId) await checkPlaceInRegion(db, regionId, placeId);
        const comfortIds = body.comforts?.length ? [...new Set(body.comforts)] : undefined;
        const typeIds = body.cottageType?.length ? [...new Set(body.cottageType)] : undefined;
        if (comfortIds) await checkComforts(db, comfortIds);
        if (typeIds) await checkCottageTypes(db, typeIds);
        await updateCottage(db, current.id, cottageColumns(body), comfortIds, typeIds);
        // The owner's notice of a decision commits or fails with the decision itself (one unit of work).
        if (body.cottageStatus) await notifyOwner(db, current, body.cottageStatus, body.reason);
        // A decision ends the review: whoever held the cottage's claim, it is free (a form re-sending the same status is no decision).
        if (body.cottageStatus !== undefined && body.cottageStatus !== current.cottageStatus && (await endClaim(db, current.id))) {
          await publishChange(db, { resource: 'cottage', ids: [current.id], action: 'release' });
        }
      },
    },
    image: { write: setMainImage },
    bulkUpdate: { action: 'moderate', schema: cottageBulkEditSchema },
    remove: { write: (db, current) => deleteRecord(db, 'cottage', current.id) },
    actions: [...cottageImageActions, ...premiumActions, ...claimActions, ...undoActions],
  });

  claimRoutes(app);

  // Every committed write of a cottage (form, bulk, import, revert, the desk's actions) marks its moderation signals owed
  // in its own transaction, and they are recomputed just after the answer, then its related cottages'; the open panels
  // hear of a change (issue #35; docs/decisions.md "An edit answers at its commit").
  afterCommit('cottage', async (db, ids, request, entries) => queueSignals(db, app.storage, ids, request, entries), oweSignalsOf);
  app.addHook('onClose', () => signalsSettled(app.db));
  signalRoutes(app);
  scheduleSignalsBackfill(app);

  // What a delete takes with it (the cascade), so the delete dialog can say so before the user confirms.
  app.get(
    '/cottage/dependents/:id',
    {
      onRequest: app.requirePermission(perm('cottage', 'show')),
      schema: {
        tags: ['cottage'],
        description: "How many orders and premium placements the cottage's delete removes with it",
        params: idParams,
        response: { 200: z.object({ orders: z.number().int(), placements: z.number().int() }) },
      },
    },
    async (request) => {
      const cottage = await loadOne(app.db, loadCottages, recordLabel('cottage', 'Cottage'), request.params.id, request.lang);
      return cottageDependents(app.db, cottage.id);
    },
  );
};

export default cottageRoutes;
