/**
 * Cottages: the list with its filters, one record, create (multipart with the main image and up to 15 more), edit
 * (JSON; only what is sent changes), delete (with its files), and replacing the main image. Moderation — changing
 * `cottageStatus` — needs `cottage.moderate` on top of the write's own permission.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { cottageComforts, cottageCottageTypes, cottageImages, cottages } from '../db/schema';
import { badRequest, forbidden } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { cottageCreateSchema, cottageEditSchema } from '../../shared/schemas/marketplace';
import { loadOne } from '../lib/crud';
import { listQuerySchema, pageIds, parseListParams, sendList, inOrder } from '../lib/list';
import { validationFields } from '../plugins/errors';
import { cottageListSpec, LEGACY_COTTAGE_QUERY, loadCottages } from '../repos/cottages';
import { checkComforts, checkCottageTypes, checkRegionAndPlace } from '../repos/catalogue-refs';
import type { AuthUser } from '../plugins/auth';
import { idParams } from '../../shared/schemas/common';
import { placementRecord } from '../lib/records';

export const cottageImageRecord = z.object({
  id: z.string(),
  cottageId: z.string(),
  image: z.string(),
  isMainImage: z.boolean(),
  status: z.string(),
  createdAt: z.date(),
});


const named = { id: z.string(), name: z.string(), nameTranslateId: z.string() };
export const cottageRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  priceWeekend: z.number(),
  mainImage: z.string().nullable(),
  images: z.array(cottageImageRecord),
  comforts: z.array(z.object({ ...named, image: z.string().nullable() })),
  cottageType: z.array(z.object({ ...named, image: z.string().nullable(), hidePrice: z.boolean() })),
  regionId: z.string(),
  region: z.object(named),
  placeId: z.string(),
  place: z.object({ ...named, image: z.string().nullable(), regionId: z.string() }),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: z.string(),
  cottageStatus: z.string(),
  rating: z.number(),
  userId: z.string().nullable(),
  premiumCottages: z.array(placementRecord),
  createdAt: z.date(),
  updatedAt: z.date(),
});

const tags = ['cottages'];

function parseForm<T extends z.ZodType>(schema: T, fields: unknown): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issues = validationFields(parsed.error.issues);
    throw badRequest(Object.values(issues)[0] ?? 'Invalid cottage', issues);
  }
  return parsed.data;
}

function assertMayModerate(user: AuthUser, wanted: string | undefined, current: string) {
  if (wanted !== undefined && wanted !== current && !user.permissions.has(perm('cottage', 'moderate'))) {
    throw forbidden('Confirming or rejecting a cottage needs the cottage.moderate permission');
  }
}

/** The original's query parameters become DESIGN §5 ones; explicit `filter`/`sort` win. */
function foldLegacyQuery(query: Record<string, unknown>) {
  const params = parseListParams(query);
  for (const key of LEGACY_COTTAGE_QUERY) {
    if (query[key] !== undefined && params.filter[key] === undefined) params.filter[key] = query[key];
  }
  if (!params.sort && typeof query.sortField === 'string') {
    const order = String(query.sortOrder ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw badRequest('sortOrder must be asc or desc', { sortOrder: 'Invalid value' });
    params.sort = { field: query.sortField, order };
  }
  return params;
}

const cottageRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.cottage;
  const reads = { label: 'Cottage', load: (ids: string[], lang: string) => loadCottages(app.db, ids, lang) };

  app.get(
    `/${def.api.list}`,
    { onRequest: app.requirePermission(perm('cottage', 'list')), schema: { tags, querystring: listQuerySchema, response: { 200: z.array(cottageRecord) } } },
    async (request, reply) => {
      const params = foldLegacyQuery(request.query as Record<string, unknown>);
      const { ids, total } = await pageIds(app.db, cottageListSpec(request.lang), params);
      return sendList(reply, def.route, params, total, inOrder(ids, await reads.load(ids, request.lang)));
    },
  );

  app.get(
    `/${def.api.one}`,
    { onRequest: app.requirePermission(perm('cottage', 'show')), schema: { tags, params: idParams, response: { 200: cottageRecord } } },
    async (request) => loadOne(reads, request.params.id, request.lang),
  );

  app.post(
    `/${def.api.create}`,
    { onRequest: app.requirePermission(perm('cottage', 'create')), schema: { tags, response: { 201: cottageRecord } } },
    async (request, reply) => {
      const form = await request.readForm({ mainImage: 1, images: 15 });
      const body = parseForm(cottageCreateSchema, form.fields);
      assertMayModerate(request.user!, body.cottageStatus, 'progress');
      const mainFile = form.files.find((f) => f.field === 'mainImage');
      if (!mainFile) throw badRequest('Please provide a main image', { mainImage: 'A main image is required' });
      const comfortIds = [...new Set(body.comforts)];
      const typeIds = [...new Set(body.cottageType)];
      await checkRegionAndPlace(app.db, body.regionId, body.placeId);
      await checkComforts(app.db, comfortIds);
      await checkCottageTypes(app.db, typeIds);

      const mainImage = await request.saveImage(mainFile);
      const others: string[] = [];
      for (const file of form.files.filter((f) => f.field === 'images')) others.push(await request.saveImage(file));

      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cottages)
          .values({
            name: body.name,
            description: body.description,
            price: body.price,
            priceWeekend: body.priceWeekend,
            regionId: body.regionId,
            placeId: body.placeId,
            latitude: body.latitude ?? body.lattitude ?? body.location?.latitude ?? null,
            longitude: body.longitude ?? body.location?.longitude ?? null,
            status: body.status ?? 'active',
            cottageStatus: body.cottageStatus ?? 'progress',
            userId: request.user!.id,
          })
          .returning({ id: cottages.id });
        await tx.insert(cottageImages).values([
          { cottageId: row.id, image: mainImage, isMainImage: true },
          ...others.map((image) => ({ cottageId: row.id, image, isMainImage: false })),
        ]);
        if (comfortIds.length) await tx.insert(cottageComforts).values(comfortIds.map((comfortId) => ({ cottageId: row.id, comfortId })));
        if (typeIds.length) {
          await tx.insert(cottageCottageTypes).values(typeIds.map((cottageTypeId, position) => ({ cottageId: row.id, cottageTypeId, position })));
        }
        return row.id;
      });
      return reply.status(201).send(await loadOne(reads, id, request.lang));
    },
  );

  app.patch(
    `/${def.api.update}`,
    {
      onRequest: app.requirePermission(perm('cottage', 'edit')),
      // A multipart body reaches validation as null; it is read in the handler.
      schema: { tags, params: idParams, body: z.preprocess((v) => v ?? undefined, cottageEditSchema), response: { 200: cottageRecord } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      // The spec's edit is JSON; a form-encoded edit is read the same way rather than silently ignored.
      const body = request.isMultipart() ? parseForm(cottageEditSchema, (await request.readForm({})).fields) : request.body;
      assertMayModerate(request.user!, body.cottageStatus, current.cottageStatus);
      const regionId = body.regionId ?? current.regionId;
      const placeId = body.placeId ?? current.placeId;
      if (regionId !== current.regionId || placeId !== current.placeId) await checkRegionAndPlace(app.db, regionId, placeId);
      const comfortIds = body.comforts?.length ? [...new Set(body.comforts)] : undefined;
      const typeIds = body.cottageType?.length ? [...new Set(body.cottageType)] : undefined;
      if (comfortIds) await checkComforts(app.db, comfortIds);
      if (typeIds) await checkCottageTypes(app.db, typeIds);

      const changes = Object.fromEntries(
        Object.entries({
          name: body.name,
          description: body.description,
          price: body.price,
          priceWeekend: body.priceWeekend,
          regionId: body.regionId,
          placeId: body.placeId,
          latitude: body.latitude ?? body.lattitude ?? body.location?.latitude,
          longitude: body.longitude ?? body.location?.longitude,
          status: body.status,
          cottageStatus: body.cottageStatus,
          rating: body.rating,
        }).filter(([, v]) => v !== undefined),
      );
      if (Object.keys(changes).length || comfortIds || typeIds) {
        await app.db.transaction(async (tx) => {
          await tx.update(cottages).set({ ...changes, updatedAt: new Date() }).where(eq(cottages.id, current.id));
          if (comfortIds) {
            await tx.delete(cottageComforts).where(eq(cottageComforts.cottageId, current.id));
            await tx.insert(cottageComforts).values(comfortIds.map((comfortId) => ({ cottageId: current.id, comfortId })));
          }
          if (typeIds) {
            await tx.delete(cottageCottageTypes).where(eq(cottageCottageTypes.cottageId, current.id));
            await tx
              .insert(cottageCottageTypes)
              .values(typeIds.map((cottageTypeId, position) => ({ cottageId: current.id, cottageTypeId, position })));
          }
        });
      }
      return loadOne(reads, current.id, request.lang);
    },
  );

  app.delete(
    `/${def.api.delete}`,
    { onRequest: app.requirePermission(perm('cottage', 'delete')), schema: { tags, params: idParams, response: { 200: cottageRecord } } },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      await app.db.delete(cottages).where(eq(cottages.id, current.id));
      for (const image of current.images) request.removeFileAfterSuccess(image.image);
      return current;
    },
  );

  app.patch(
    `/${def.api.image}`,
    { onRequest: app.requirePermission(perm('cottage', 'edit')), schema: { tags, params: idParams, response: { 200: cottageRecord } } },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const form = await request.readForm({ image: 1 });
      const file = form.files.find((f) => f.field === 'image');
      if (!file) throw badRequest('Please provide an image', { image: 'An image is required' });
      const image = await request.saveImage(file);
      const main = current.images.find((i) => i.isMainImage);
      if (main) {
        await app.db.update(cottageImages).set({ image }).where(eq(cottageImages.id, main.id));
        request.removeFileAfterSuccess(main.image);
      } else {
        await app.db.insert(cottageImages).values({ cottageId: current.id, image, isMainImage: true });
      }
      return loadOne(reads, current.id, request.lang);
    },
  );
};

export default cottageRoutes;
