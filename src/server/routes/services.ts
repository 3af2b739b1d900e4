/**
 * Services (paid promotion products): translated name and description, a code (`top` | `recommended`, read back as
 * `serviceCode`) and up to 10 images. Edits change only the fields sent; new images replace all old ones (old files
 * deleted). A service that still has tariffs cannot be deleted (409).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { services } from '../db/schema';
import { conflict } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { serviceCreateSchema, serviceEditSchema } from '../../shared/schemas/catalogue';
import { loadOne, registerReads } from '../lib/crud';
import { readValidForm } from '../lib/forms';
import { claimTranslations } from '../lib/translation-usage';
import { loadServices, serviceListSpec, tariffCount } from '../repos/services';
import { idParams } from '../../shared/schemas/common';

export const MAX_SERVICE_IMAGES = 10;

export const serviceRecord = z.object({
  id: z.string(),
  name: z.string(),
  nameTranslateId: z.string(),
  description: z.string(),
  descriptionTranslateId: z.string(),
  serviceCode: z.string(),
  images: z.array(z.string()),
  tariffs: z.array(
    z.object({ id: z.string(), type: z.string(), description: z.string(), days: z.number(), price: z.number(), service_id: z.string() }),
  ),
  createdAt: z.date(),
});
const tags = ['services'];

const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.service;
  const reads = {
    resource: def,
    label: 'Service',
    spec: serviceListSpec,
    load: (ids: string[], lang: string) => loadServices(app.db, ids, lang),
    record: serviceRecord,
    tags,
  };
  registerReads(app, reads);

  app.post(
    `/${def.api.create}`,
    {
      onRequest: app.requirePermission(perm('service', 'create')),
      schema: { tags, description: `Multipart: name, description (translation ids), code (top | recommended), images[] (at most ${MAX_SERVICE_IMAGES})`, response: { 201: serviceRecord } },
    },
    async (request, reply) => {
      const { data, files } = await readValidForm(request, serviceCreateSchema, { images: MAX_SERVICE_IMAGES }, 'service');
      const images: string[] = [];
      for (const file of files) images.push(await request.saveImage(file));
      const id = await app.db.transaction(async (tx) => {
        await claimTranslations(tx, { key: 'service' }, [{ field: 'name', id: data.name }, { field: 'description', id: data.description }], request.lang);
        const [row] = await tx
          .insert(services)
          .values({ nameTranslateId: data.name, descriptionTranslateId: data.description, serviceCode: data.code, images })
          .returning({ id: services.id });
        return row.id;
      });
      return reply.status(201).send(await loadOne(reads, id, request.lang));
    },
  );

  app.patch(
    `/${def.api.update}`,
    {
      onRequest: app.requirePermission(perm('service', 'edit')),
      schema: { tags, params: idParams, description: 'Multipart: name, description, images[] — an empty field changes nothing; new images replace the old ones', response: { 200: serviceRecord } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const { data, files } = await readValidForm(request, serviceEditSchema, { images: MAX_SERVICE_IMAGES }, 'service');
      const images: string[] = [];
      for (const file of files) images.push(await request.saveImage(file));
      const changes = {
        nameTranslateId: data.name,
        descriptionTranslateId: data.description,
        serviceCode: data.code,
        images: images.length ? images : undefined,
      };
      await app.db.transaction(async (tx) => {
        await claimTranslations(
          tx,
          { key: 'service', recordId: current.id },
          [{ field: 'name', id: data.name }, { field: 'description', id: data.description }],
          request.lang,
        );
        if (Object.values(changes).some((v) => v !== undefined)) await tx.update(services).set(changes).where(eq(services.id, current.id));
      });
      if (images.length) current.images.forEach((p) => request.removeFileAfterSuccess(p));
      return loadOne(reads, current.id, request.lang);
    },
  );

  app.delete(
    `/${def.api.delete}`,
    {
      onRequest: app.requirePermission(perm('service', 'delete')),
      schema: { tags, params: idParams, description: 'Answers the deleted service; 409 while it has tariffs', response: { 200: serviceRecord } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const n = await tariffCount(app.db, current.id);
      if (n) throw conflict(`The service still has ${n} ${n === 1 ? 'tariff' : 'tariffs'}; delete them first`);
      await app.db.delete(services).where(eq(services.id, current.id));
      current.images.forEach((p) => request.removeFileAfterSuccess(p));
      return current;
    },
  );
};

export default serviceRoutes;
