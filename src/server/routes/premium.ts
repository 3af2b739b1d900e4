/**
 * Premium placements: `POST cottage/add/premium/{cottageId}` places a confirmed cottage for `expireDays`; with an
 * `orderId` it is that order's "Active Pre" and happens once per order. `DELETE cottage/delete/premium/{id}` ends a
 * placement early (kept for the record, no longer live).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { cottages, orders } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { placementRecord } from '../../shared/records/placement';
import { idParams } from '../../shared/schemas/common';
import { premiumCreateSchema } from '../../shared/schemas/marketplace';
import { uuidLike } from '../lib/resource-routes';
import { recordAudit } from '../lib/audit';
import { activateOrder, endPlacement, insertPlacement, placementById, placementOfOrder } from '../repos/orders';

const premiumRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.cottage;
  const tags = [def.key];
  const onRequest = app.requirePermission(perm(def.key, 'premium'));

  app.post(
    `/${def.api.premium}`,
    { onRequest, schema: { tags, params: idParams, body: premiumCreateSchema, response: { 200: placementRecord, 201: placementRecord } } },
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
        const { created, placement } = await app.db.transaction(async (tx) => {
          const { created } = await activateOrder(tx, orderId, { expireDays, priority, serviceCode });
          const placement = await placementOfOrder(tx, orderId);
          if (!placement) throw conflict('This order was activated before and its placement no longer exists');
          if (created) await recordAudit(tx, request, { resource: 'order', recordId: orderId, action: 'activate', after: { premiumPlacement: placement } });
          return { created, placement };
        });
        return reply.status(created ? 201 : 200).send(placement);
      }

      if (cottage.cottageStatus !== 'confirmed') throw conflict('Only a confirmed cottage can be placed as premium');
      const placement = await app.db.transaction(async (tx) => {
        const placed = await insertPlacement(tx, { cottageId: cottage.id, serviceCode, priority: priority ?? 1, expireDays });
        await recordAudit(tx, request, { resource: def.key, recordId: cottage.id, action: 'premium', after: { premiumPlacement: placed } });
        return placed;
      });
      return reply.status(201).send(placement);
    },
  );

  app.delete(`/${def.api.premiumEnd}`, { onRequest, schema: { tags, params: idParams, response: { 200: placementRecord } } }, async (request) => {
    const current = uuidLike(request.params.id) ? await placementById(app.db, request.params.id) : undefined;
    if (!current) throw notFound('Premium placement');
    return app.db.transaction(async (tx) => {
      const ended = await endPlacement(tx, current);
      await recordAudit(tx, request, { resource: def.key, recordId: current.cottageId, action: 'premiumEnd', before: { premiumPlacement: current }, after: { premiumPlacement: ended } });
      return ended;
    });
  });
};

export default premiumRoutes;
