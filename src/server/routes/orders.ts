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
import { loadOne, registerResource } from '../lib/resource-routes';
import { recordAudit } from '../lib/audit';
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
      const { created, after } = await app.db.transaction(async (tx) => {
        const { created } = await activateOrder(tx, current.id);
        const after = await loadOne(tx, loadOrders, 'Order', current.id, request.lang);
        // A repeated click changes nothing and records nothing.
        if (created) await recordAudit(tx, request, { resource: def.key, recordId: current.id, action: 'activate', before: current, after });
        return { created, after };
      });
      return reply.status(created ? 201 : 200).send(after);
    },
  );
};

export default orderRoutes;
