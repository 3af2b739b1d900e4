/**
 * Notifications: public ones for everybody, personal ones for one existing user (the database's check keeps the two
 * apart too). The list carries the target user's `name` and `image` for personal ones.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resources } from '../../shared/resources';
import { notificationRecord } from '../../shared/records/notification';
import { notificationCreateSchema } from '../../shared/schemas/marketplace';
import { registerResource } from '../http/resource-routes';
import { loadNotifications, notificationListSpec } from '../repos/notifications';
import { deleteRecord, insertRecord } from '../repos/records';

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, {
    def: resources.notification,
    record: notificationRecord,
    load: loadNotifications,
    spec: notificationListSpec,
    create: {
      body: { schema: notificationCreateSchema },
      async write(db, { data: { message, type, userId } }) {
        return insertRecord(db, 'notification', { message, type, userId: type === 'personal' ? userId : null });
      },
    },
    remove: { write: (db, current) => deleteRecord(db, 'notification', current.id) },
  });
};

export default notificationRoutes;
