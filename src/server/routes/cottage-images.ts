/**
 * A cottage's images as rows of their own. While a cottage has images exactly one is its main image: the first image
 * of a cottage becomes main, making one main demotes the other, and deleting the main one promotes the oldest left
 * (an active one if there is). The partial unique index on `cottage_image` backs this up in the database.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { cottageImages, cottages } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { badRequest, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { cottageImageAddSchema, cottageImageEditSchema } from '../../shared/schemas/marketplace';
import { uuidLike } from '../lib/crud';
import { validationFields } from '../plugins/errors';
import { cottageImageRecord } from './cottages';
import { idParams } from '../../shared/schemas/common';

const tags = ['cottages'];

function parse<T extends z.ZodType>(schema: T, fields: unknown): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issues = validationFields(parsed.error.issues);
    throw badRequest(Object.values(issues)[0] ?? 'Invalid image', issues);
  }
  return parsed.data;
}

async function imageById(db: DbOrTx, id: string) {
  if (!uuidLike(id)) throw notFound('Image');
  const [row] = await db.select().from(cottageImages).where(eq(cottageImages.id, id));
  if (!row) throw notFound('Image');
  return row;
}

async function demoteOthers(db: DbOrTx, cottageId: string, keepId?: string) {
  await db
    .update(cottageImages)
    .set({ isMainImage: false })
    .where(and(eq(cottageImages.cottageId, cottageId), eq(cottageImages.isMainImage, true), keepId ? ne(cottageImages.id, keepId) : undefined));
}

const cottageImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.cottage;

  app.post(
    `/${def.api.imageAdd}`,
    { onRequest: app.requirePermission(perm('cottage', 'edit')), schema: { tags, response: { 201: cottageImageRecord } } },
    async (request, reply) => {
      const form = await request.readForm({ image: 1 });
      const body = parse(cottageImageAddSchema, form.fields);
      const [cottage] = await app.db.select({ id: cottages.id }).from(cottages).where(eq(cottages.id, body.cottageId));
      if (!cottage) throw notFound('Cottage');
      const file = form.files.find((f) => f.field === 'image');
      if (!file) throw badRequest('Please provide an image', { image: 'An image is required' });
      const image = await request.saveImage(file);
      const row = await app.db.transaction(async (tx) => {
        // Lock the cottage so two parallel uploads cannot both decide they are the first image.
        await tx.select({ id: cottages.id }).from(cottages).where(eq(cottages.id, cottage.id)).for('update');
        const [main] = await tx
          .select({ id: cottageImages.id })
          .from(cottageImages)
          .where(and(eq(cottageImages.cottageId, cottage.id), eq(cottageImages.isMainImage, true)));
        const isMainImage = Boolean(body.isMainImage) || !main;
        if (isMainImage && main) await demoteOthers(tx, cottage.id);
        const [inserted] = await tx
          .insert(cottageImages)
          .values({ cottageId: cottage.id, image, isMainImage, status: body.status ?? 'active' })
          .returning();
        return inserted;
      });
      return reply.status(201).send(row);
    },
  );

  app.patch(
    `/${def.api.imageEdit}`,
    { onRequest: app.requirePermission(perm('cottage', 'edit')), schema: { tags, params: idParams, response: { 200: cottageImageRecord } } },
    async (request) => {
      const current = await imageById(app.db, request.params.id);
      const form = await request.readForm({ image: 1 });
      const body = parse(cottageImageEditSchema, form.fields);
      if (body.isMainImage === false && current.isMainImage) {
        throw badRequest('A cottage keeps one main image: make another image main instead', { isMainImage: 'Make another image main' });
      }
      const file = form.files.find((f) => f.field === 'image');
      const image = file ? await request.saveImage(file) : undefined;
      const row = await app.db.transaction(async (tx) => {
        if (body.isMainImage && !current.isMainImage) await demoteOthers(tx, current.cottageId, current.id);
        const changes = { image, status: body.status, isMainImage: body.isMainImage ? true : undefined };
        if (Object.values(changes).every((v) => v === undefined)) return current;
        const [updated] = await tx.update(cottageImages).set(changes).where(eq(cottageImages.id, current.id)).returning();
        return updated;
      });
      if (image) request.removeFileAfterSuccess(current.image);
      return row;
    },
  );

  app.delete(
    `/${def.api.imageDelete}`,
    { onRequest: app.requirePermission(perm('cottage', 'edit')), schema: { tags, params: idParams, response: { 200: cottageImageRecord } } },
    async (request) => {
      const current = await imageById(app.db, request.params.id);
      await app.db.transaction(async (tx) => {
        await tx.delete(cottageImages).where(eq(cottageImages.id, current.id));
        if (!current.isMainImage) return;
        const [next] = await tx
          .select({ id: cottageImages.id })
          .from(cottageImages)
          .where(eq(cottageImages.cottageId, current.cottageId))
          .orderBy(asc(cottageImages.status), asc(cottageImages.createdAt), desc(cottageImages.id))
          .limit(1);
        if (next) await tx.update(cottageImages).set({ isMainImage: true }).where(eq(cottageImages.id, next.id));
      });
      request.removeFileAfterSuccess(current.image);
      return current;
    },
  );
};

export default cottageImageRoutes;
