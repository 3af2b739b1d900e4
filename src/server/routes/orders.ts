/**
 * Orders for the admin: the list with cottage, buyer and tariff (with its service), editing the two statuses, delete,
 * and "Active Pre" (`POST order/activate/{id}`), which turns the order into its premium placement exactly once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resources } from '../../shared/resources';
import { orderRecord, type OrderRecord } from '../../shared/records/order';
import { orderBulkEditSchema, orderUpdateSchema } from '../../shared/schemas/marketplace';
import { loadOne } from '../http/resource/context';
import { registerResource } from '../http/resource-routes';
import { action } from '../http/resource/actions';
import { activateOrder, loadOrders, orderListSpec } from '../repos/orders';
import { deleteRecord, updateRecord } from '../repos/records';
import { recordLabel } from '../labels';

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.order;
  registerResource(app, {
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
    actions: [
      action<undefined, OrderRecord, OrderRecord>({
        method: 'post',
        path: def.api.activate,
        permission: 'activate',
        audit: 'activate',
        answer: { 200: orderRecord, 201: orderRecord },
        async run(tx, { lang }, current) {
          const { created } = await activateOrder(tx, current.id);
          const after = await loadOne(tx, loadOrders, recordLabel('order', 'Order'), current.id, lang);
          // A repeated click changes nothing and records nothing.
          return { answer: after, status: created ? 201 : 200, audit: created ? { recordId: current.id, before: current, after } : undefined };
        },
      }),
    ],
  });
};

export default orderRoutes;
