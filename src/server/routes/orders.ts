/**
 * Orders for the admin: the list with cottage, buyer and tariff (with its service), editing the two statuses, delete,
 * and "Active Pre" (`POST order/activate/{id}`), which turns the order into its premium placement exactly once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { orderRecord } from '../../shared/records/order';
import { idParams } from '../../shared/schemas/common';
import { orderBulkEditSchema, orderUpdateSchema } from '../../shared/schemas/marketplace';
import { registerResource } from '../lib/resource-routes';
import { activateOrder, loadOrders, orderListSpec } from '../repos/orders';
import { deleteRecord, updateRecord } from '../repos/records';

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.order;
  const { one } = registerResource(app, {
    def,
    record: orderRecord,
    load: loadOrders,
    spec: orderListSpec,
    update: {
      body: { schema: orderUpdateSchema },
      description: 'The two statuses; `orderId` in the body is accepted and ignored (the path decides)',
      write: (db, { data: { status, orderStatus } }, current) => updateRecord(db, 'order', current.id, { status, orderStatus }),
    },
    bulkUpdate: { action: 'edit', schema: orderBulkEditSchema },
    remove: { write: (db, current) => deleteRecord(db, 'order', current.id) },
  });

  app.post(
    `/${def.api.activate}`,
    {
      onRequest: app.requirePermission(perm(def.key, 'activate')),
      schema: { tags: [def.key], params: idParams, response: { 200: orderRecord, 201: orderRecord } },
    },
    async (request, reply) => {
      const current = await one(request.params.id, request.lang);
      const { created } = await activateOrder(app.db, current.id);
      return reply.status(created ? 201 : 200).send(await one(current.id, request.lang));
    },
  );
};

export default orderRoutes;
