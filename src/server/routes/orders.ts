/**
 * Orders for the admin: the list with cottage, buyer and tariff (with its service), editing the two statuses, delete,
 * and "Active Pre" (`POST order/activate/{id}`), which turns the order into its premium placement exactly once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { orders } from '../db/schema';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { orderUpdateSchema } from '../../shared/schemas/marketplace';
import { loadOne, registerReads } from '../lib/crud';
import { activateOrder, loadOrders, orderListSpec } from '../repos/orders';
import { placementRecord } from '../lib/records';
import { idParams } from '../../shared/schemas/common';

export const orderRecord = z.object({
  id: z.string(),
  cottageId: z.string(),
  userId: z.string().nullable(),
  tariffId: z.string(),
  status: z.string(),
  orderStatus: z.string(),
  expireAt: z.date().nullable(),
  premiumActivatedAt: z.date().nullable(),
  createdAt: z.date(),
  cottage: z.object({ id: z.string(), name: z.string(), rating: z.number(), cottageStatus: z.string(), mainImage: z.string().nullable() }),
  user: z.object({ id: z.string(), name: z.string().nullable(), username: z.string().nullable(), image: z.string().nullable() }).nullable(),
  tariff: z.object({
    id: z.string(),
    type: z.string(),
    typeTranslateId: z.string(),
    description: z.string(),
    descriptionTranslateId: z.string(),
    days: z.number(),
    price: z.number(),
    service_id: z.string(),
    service: z.object({ id: z.string(), name: z.string(), nameTranslateId: z.string(), serviceCode: z.string() }),
  }),
  premium: placementRecord.nullable(),
});

const tags = ['orders'];

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.order;
  const reads = {
    resource: def,
    label: 'Order',
    spec: orderListSpec,
    load: (ids: string[], lang: string) => loadOrders(app.db, ids, lang),
    record: orderRecord,
    tags,
  };
  registerReads(app, reads);

  app.patch(
    `/${def.api.update}`,
    { onRequest: app.requirePermission(perm('order', 'edit')), schema: { tags, params: idParams, body: orderUpdateSchema, response: { 200: orderRecord } } },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const { status, orderStatus } = request.body;
      if (status !== undefined || orderStatus !== undefined) {
        await app.db.update(orders).set({ status, orderStatus }).where(eq(orders.id, current.id));
      }
      return loadOne(reads, current.id, request.lang);
    },
  );

  app.delete(
    `/${def.api.delete}`,
    { onRequest: app.requirePermission(perm('order', 'delete')), schema: { tags, params: idParams, response: { 200: orderRecord } } },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      await app.db.delete(orders).where(eq(orders.id, current.id));
      return current;
    },
  );

  app.post(
    `/${def.api.activate}`,
    {
      onRequest: app.requirePermission(perm('order', 'activate')),
      schema: { tags, params: idParams, response: { 200: orderRecord, 201: orderRecord } },
    },
    async (request, reply) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const { created } = await activateOrder(app.db, current.id);
      return reply.status(created ? 201 : 200).send(await loadOne(reads, current.id, request.lang));
    },
  );
};

export default orderRoutes;
