/**
 * Tariffs: a service's price list — days, price (whole sums), translated type and description. A tariff that orders
 * refer to cannot be deleted (409). `DELETE tariff/disable {cottageId, tariffId}` ends that cottage's active premium
 * placement bought with that tariff.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { premiumPlacements, services, tariffs } from '../db/schema';
import { conflict, HttpError } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { tariffCreateSchema, tariffDisableSchema, tariffEditSchema } from '../../shared/schemas/catalogue';
import { loadOne, registerReads } from '../lib/crud';
import { parseFields } from '../lib/forms';
import { claimTranslations } from '../lib/translation-usage';
import { loadTariffs, orderCount, tariffListSpec } from '../repos/tariffs';
import { idParams } from '../../shared/schemas/common';
import { placementRecord } from '../lib/records';

export const tariffRecord = z.object({
  id: z.string(),
  type: z.string(),
  typeTranslateId: z.string(),
  description: z.string(),
  descriptionTranslateId: z.string(),
  days: z.number(),
  price: z.number(),
  service_id: z.string(),
  service: z.object({ id: z.string(), name: z.string(), serviceCode: z.string() }),
  createdAt: z.date(),
});
const tags = ['tariffs'];

const tariffRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.tariff;
  const reads = {
    resource: def,
    label: 'Tariff',
    spec: tariffListSpec,
    load: (ids: string[], lang: string) => loadTariffs(app.db, ids, lang),
    record: tariffRecord,
    tags,
  };

  // Registered before the reads so `tariff/disable` is never taken for an id.
  app.delete(
    `/${def.api.list}/disable`,
    {
      onRequest: app.requirePermission(perm('tariff', 'disable')),
      schema: {
        tags,
        description: 'JSON body (or query) {cottageId, tariffId}: ends the active premium placement of that cottage bought with that tariff',
        response: { 200: placementRecord },
      },
    },
    async (request) => {
      const input = { ...(request.query as object), ...(request.body && typeof request.body === 'object' ? request.body : {}) };
      const { cottageId, tariffId } = parseFields(tariffDisableSchema, input as Record<string, string>, 'request');
      const now = new Date();
      const ended = await app.db
        .update(premiumPlacements)
        .set({ endedAt: now })
        .where(
          and(
            eq(premiumPlacements.cottageId, cottageId),
            eq(premiumPlacements.tariffId, tariffId),
            isNull(premiumPlacements.endedAt),
            gt(premiumPlacements.expireAt, now),
          ),
        )
        .returning();
      if (!ended.length) throw new HttpError(404, 'This cottage has no active placement bought with this tariff');
      return ended.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    },
  );
  registerReads(app, reads);

  app.post(
    `/${def.api.create}`,
    {
      onRequest: app.requirePermission(perm('tariff', 'create')),
      schema: { tags, body: tariffCreateSchema, response: { 201: tariffRecord } },
    },
    async (request, reply) => {
      const body = request.body;
      const [service] = await app.db.select({ id: services.id }).from(services).where(eq(services.id, body.service_id));
      if (!service) throw new HttpError(404, 'Service not found', { service_id: 'Service not found' });
      const id = await app.db.transaction(async (tx) => {
        await claimTranslations(tx, { key: 'tariff' }, [{ field: 'type', id: body.type }, { field: 'description', id: body.description }], request.lang);
        const [row] = await tx
          .insert(tariffs)
          .values({ typeTranslateId: body.type, descriptionTranslateId: body.description, serviceId: body.service_id, days: body.days, price: body.price })
          .returning({ id: tariffs.id });
        return row.id;
      });
      return reply.status(201).send(await loadOne(reads, id, request.lang));
    },
  );

  app.patch(
    `/${def.api.update}`,
    {
      onRequest: app.requirePermission(perm('tariff', 'edit')),
      schema: { tags, params: idParams, body: tariffEditSchema, response: { 200: tariffRecord } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const body = request.body;
      const changes = { days: body.days, price: body.price, typeTranslateId: body.type, descriptionTranslateId: body.description };
      await app.db.transaction(async (tx) => {
        await claimTranslations(
          tx,
          { key: 'tariff', recordId: current.id },
          [{ field: 'type', id: body.type }, { field: 'description', id: body.description }],
          request.lang,
        );
        if (Object.values(changes).some((v) => v !== undefined)) await tx.update(tariffs).set(changes).where(eq(tariffs.id, current.id));
      });
      return loadOne(reads, current.id, request.lang);
    },
  );

  app.delete(
    `/${def.api.delete}`,
    {
      onRequest: app.requirePermission(perm('tariff', 'delete')),
      schema: { tags, params: idParams, description: 'Answers the deleted tariff; 409 while orders refer to it', response: { 200: tariffRecord } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const n = await orderCount(app.db, current.id);
      if (n) throw conflict(`The tariff has ${n} ${n === 1 ? 'order' : 'orders'}; it cannot be deleted`);
      await app.db.delete(tariffs).where(eq(tariffs.id, current.id));
      return current;
    },
  );
};

export default tariffRoutes;
