/** A cottage's images as rows of their own (see `repos/cottage-images.ts` for the one-main-image rule). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cottages } from '../db/schema';
import { countWhere } from '../db/sql';
import { badRequest, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { cottageImageRecord } from '../../shared/records/cottage';
import { idParams } from '../../shared/schemas/common';
import { cottageImageAddSchema, cottageImageEditSchema } from '../../shared/schemas/marketplace';
import { fieldNames, parseFields } from '../lib/forms';
import { bodySchema, formValidator } from '../lib/resource-routes';
import { recordAudit } from '../lib/audit';
import { addCottageImage, deleteCottageImage, editCottageImage, imageById } from '../repos/cottage-images';

const cottageImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.cottage;
  const tags = [def.key];
  const onRequest = app.requirePermission(perm(def.key, 'edit'));

  app.post(`/${def.api.imageAdd}`, { onRequest, config: { costly: 'upload' }, validatorCompiler: formValidator(false), schema: { tags, ...bodySchema({ schema: cottageImageAddSchema, files: { image: 1 } }, true), response: { 201: cottageImageRecord } } }, async (request, reply) => {
    const form = await request.readForm({ image: 1 }, fieldNames(cottageImageAddSchema));
    const body = parseFields(cottageImageAddSchema, form.fields, 'image');
    if (!(await countWhere(app.db, cottages, cottages.id, body.cottageId))) throw notFound('Cottage');
    const file = form.files.find((f) => f.field === 'image');
    if (!file) throw badRequest('Please provide an image', { image: 'An image is required' });
    const path = await request.saveImage(file);
    const row = await app.db.transaction(async (tx) => {
      const added = await addCottageImage(tx, body.cottageId, path, body);
      await recordAudit(tx, request, { resource: def.key, recordId: body.cottageId, action: 'imageAdd', after: added });
      return added;
    });
    return reply.status(201).send(row);
  });

  app.patch(`/${def.api.imageEdit}`, { onRequest, config: { costly: 'upload' }, validatorCompiler: formValidator(false), schema: { tags, params: idParams, ...bodySchema({ schema: cottageImageEditSchema, files: { image: 1 } }, true), response: { 200: cottageImageRecord } } }, async (request) => {
    const current = await imageById(app.db, request.params.id);
    const form = await request.readForm({ image: 1 }, fieldNames(cottageImageEditSchema));
    const body = parseFields(cottageImageEditSchema, form.fields, 'image');
    if (body.isMainImage === false && current.isMainImage) {
      throw badRequest('A cottage keeps one main image: make another image main instead', { isMainImage: 'Make another image main' });
    }
    const file = form.files.find((f) => f.field === 'image');
    const image = file ? await request.saveImage(file) : undefined;
    const row = await app.db.transaction(async (tx) => {
      const edited = await editCottageImage(tx, current, { ...body, image });
      await recordAudit(tx, request, { resource: def.key, recordId: current.cottageId, action: 'imageEdit', before: current, after: edited });
      return edited;
    });
    if (image) request.removeFileAfterSuccess(current.image);
    return row;
  });

  app.delete(`/${def.api.imageDelete}`, { onRequest, schema: { tags, params: idParams, response: { 200: cottageImageRecord } } }, async (request) => {
    const current = await imageById(app.db, request.params.id);
    await app.db.transaction(async (tx) => {
      await deleteCottageImage(tx, current);
      await recordAudit(tx, request, { resource: def.key, recordId: current.cottageId, action: 'imageDelete', before: current });
    });
    request.removeFileAfterSuccess(current.image);
    return current;
  });
};

export default cottageImageRoutes;
