/**
 * Premium placements: `POST cottage/add/premium/{cottageId}` places a confirmed cottage for `expireDays`; with an
 * `orderId` it is that order's "Active Pre" and happens once per order. `DELETE cottage/delete/premium/{id}` ends a
 * placement early (kept for the record, no longer live).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { cottages, orders, premiumPlacements } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { premiumCreateSchema } from '../../shared/schemas/marketplace';
import { uuidLike } from '../lib/crud';
import { activateOrder, placementById } from '../repos/orders';
import { placementRecord } from '../lib/records';

const idParams = z.object({ id: z.string() });
const tags = ['cottages'];
const DAY_MS = 86_400_000;

const premiumRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.cottage;

  app.post(
    `/${def.api.premium}`,
    {
      onRequest: app.requirePermission(perm('cottage', 'premium')),
      schema: { tags, params: idParams, body: premiumCreateSchema, response: { 200: placementRecord, 201: placementRecord } },
    },
    async (request, reply) => {
      const cottageId = request.params.id;
      if (!uuidLike(cottageId)) throw notFound('Cottage');
      const [cottage] = await app.db.select({ id: cottages.id, cottageStatus: cottages.cottageStatus }).from(cottages).where(eq(cottages.id, cottageId));
      if (!cottage) throw notFound('Cottage');
      const { expireDays, priority, serviceCode, orderId } = request.body;

      if (orderId) {
        const [order] = await app.db.select({ cottageId: orders.cottageId }).from(orders).where(eq(orders.id, orderId));
        if (!order) throw notFound('Order');
        if (order.cottageId !== cottage.id) throw badRequest('The order is for another cottage', { orderId: 'Not an order of this cottage' });
        const { created } = await activateOrder(app.db, orderId, { expireDays, priority, serviceCode });
        const [placement] = await app.db.select().from(premiumPlacements).where(eq(premiumPlacements.orderId, orderId));
        if (!placement) throw conflict('This order was activated before and its placement no longer exists');
        return reply.status(created ? 201 : 200).send(placement);
      }

      if (cottage.cottageStatus !== 'confirmed') throw conflict('Only a confirmed cottage can be placed as premium');
      const [placement] = await app.db
        .insert(premiumPlacements)
        .values({ cottageId: cottage.id, serviceCode, priority: priority ?? 1, expireAt: new Date(Date.now() + expireDays * DAY_MS) })
        .returning();
      return reply.status(201).send(placement);
    },
  );

  app.delete(
    `/${def.api.premiumEnd}`,
    { onRequest: app.requirePermission(perm('cottage', 'premium')), schema: { tags, params: idParams, response: { 200: placementRecord } } },
    async (request) => {
      const current = uuidLike(request.params.id) ? await placementById(app.db, request.params.id) : undefined;
      if (!current) throw notFound('Premium placement');
      if (current.endedAt) return current;
      const [ended] = await app.db
        .update(premiumPlacements)
        .set({ endedAt: new Date() })
        .where(and(eq(premiumPlacements.id, current.id), isNull(premiumPlacements.endedAt)))
        .returning();
      return ended ?? (await placementById(app.db, current.id))!;
    },
  );
};

export default premiumRoutes;
