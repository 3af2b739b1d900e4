/** Notifications with their target user's name and image (personal ones). */
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notifications, users } from '../db/schema';
import type { ListSpec } from '../query/list';
import { registrySearch } from '../query/search';
import type { NotificationRecord } from '../../shared/records/notification';
import { resources } from '../../shared/resources';

const targetName = sql`(select coalesce(${users.name}, ${users.username}) from ${users} where ${users.id} = ${notifications.userId})`;

export const notificationListSpec = (): ListSpec => {
  const fields = { message: notifications.message, type: notifications.type, userId: notifications.userId, createdAt: notifications.createdAt, name: targetName };
  return { table: notifications, id: notifications.id, fields, search: registrySearch(resources.notification, fields), defaultSort: { field: 'createdAt', order: 'desc' } };
};

export async function loadNotifications(db: DbOrTx, ids: string[]): Promise<NotificationRecord[]> {
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

/** A personal notification to one user (a webhook turned off for failing tells its creator); answers its id. */
export async function insertPersonalNotification(db: DbOrTx, userId: string, message: string): Promise<string | undefined> {
  const [row] = await db.insert(notifications).values({ message, type: 'personal', userId }).returning({ id: notifications.id });
  return row?.id;
}
