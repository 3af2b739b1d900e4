/**
 * Notifications: public ones for everybody, personal ones for one existing user (the database's check keeps the two
 * apart too). The list carries the target user's `name` and `image` for personal ones.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { notifications, users } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { notFound } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { notificationCreateSchema } from '../../shared/schemas/marketplace';
import { loadOne, registerReads } from '../lib/crud';
import type { ListSpec } from '../lib/list';
import { idParams } from '../../shared/schemas/common';

const notificationRecord = z.object({
  id: z.string(),
  message: z.string(),
  type: z.string(),
  userId: z.string().nullable(),
  /** The target user's name and image (personal notifications); null for public ones. */
  name: z.string().nullable(),
  image: z.string().nullable(),
  user: z.object({ id: z.string(), name: z.string().nullable(), username: z.string().nullable(), image: z.string().nullable() }).nullable(),
  createdAt: z.date(),
});
type NotificationRecord = z.infer<typeof notificationRecord>;

const targetName = sql`(select coalesce(${users.name}, ${users.username}) from ${users} where ${users.id} = ${notifications.userId})`;

const notificationListSpec = (): ListSpec => ({
  table: notifications,
  id: notifications.id,
  fields: { message: notifications.message, type: notifications.type, userId: notifications.userId, createdAt: notifications.createdAt, name: targetName },
  search: [notifications.message, targetName],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

async function loadNotifications(db: DbOrTx, ids: string[]): Promise<NotificationRecord[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ n: notifications, user: { id: users.id, name: users.name, username: users.username, image: users.image } })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.userId))
    .where(inArray(notifications.id, ids));
  return rows.map(({ n, user }) => ({
    id: n.id,
    message: n.message,
    type: n.type,
    userId: n.userId,
    name: user ? (user.name ?? user.username) : null,
    image: user?.image ?? null,
    user,
    createdAt: n.createdAt,
  }));
}

const tags = ['notifications'];

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.notification;
  const reads = {
    resource: def,
    label: 'Notification',
    spec: notificationListSpec,
    load: (ids: string[]) => loadNotifications(app.db, ids),
    record: notificationRecord,
    tags,
  };
  registerReads(app, reads);

  app.post(
    `/${def.api.create}`,
    { onRequest: app.requirePermission(perm('notification', 'create')), schema: { tags, body: notificationCreateSchema, response: { 201: notificationRecord } } },
    async (request, reply) => {
      const { message, type, userId } = request.body;
      if (userId) {
        const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!user) throw notFound('User');
      }
      const [row] = await app.db
        .insert(notifications)
        .values({ message, type, userId: type === 'personal' ? userId : null })
        .returning({ id: notifications.id });
      return reply.status(201).send(await loadOne(reads, row.id, request.lang));
    },
  );

  app.delete(
    `/${def.api.delete}`,
    { onRequest: app.requirePermission(perm('notification', 'delete')), schema: { tags, params: idParams, response: { 200: notificationRecord } } },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      await app.db.delete(notifications).where(eq(notifications.id, current.id));
      return current;
    },
  );
};

export default notificationRoutes;
