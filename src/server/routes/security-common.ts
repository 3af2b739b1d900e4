/** What the two-factor and session routes share: the session as shown, and the rule for managing another user. */
import type { DbOrTx } from '../db/client';
import { forbidden, notFound } from '../errors';
import { permissionCodesOf } from '../repos/permissions';
import { describeUserAgent } from '../auth/user-agent';
import { uuidLike } from '../query/ids';
import type { AuthUser } from '../plugins/auth';
import { credentialsOf } from '../repos/profile';
import { said } from '../messages';
import { recordLabel } from '../labels';

export function shownSession(row: { id: string; userAgent: string | null; ip: string | null; createdAt: Date; lastUsedAt: Date }, currentId?: string) {
  const device = describeUserAgent(row.userAgent);
  return {
    id: row.id,
    device: device.label,
    browser: device.browser ?? null,
    os: device.os ?? null,
    address: row.ip,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    current: row.id === currentId,
  };
}

/**
 * Changing, deleting — or seeing the sessions and security state of — a user who holds a permission the caller lacks
 * is refused: otherwise `user.edit` alone could set a SUPER-ADMIN's password (or strip their roles) and take over
 * their powers, or read where and on what they log in. One's own account is always one's own.
 */
const USER_BEYOND = {
  uz: 'Sizda yoʻq ruxsatga ega foydalanuvchini oʻzgartira olmaysiz ({permission})',
  ru: 'Нельзя изменить пользователя с правом, которого у вас нет ({permission})',
  en: 'You cannot change a user who holds a permission you do not hold ({permission})',
};

export async function checkMayManage(db: DbOrTx, caller: AuthUser, userId: string) {
  if (userId === caller.id) return;
  const beyond = (await permissionCodesOf(db, userId)).find((c) => !caller.permissions.has(c));
  if (beyond) throw forbidden(said(USER_BEYOND, { permission: beyond }));
}

/**
 * The user another user's security is read or managed for: 404 when there is none; 403 when the caller may not manage
 * them (`checkMayManage`, the rule for editing them): `user.edit` must not read a SUPER-ADMIN's sessions, end them or
 * reset their second factor.
 */
export async function managedUser(db: DbOrTx, caller: AuthUser, userId: string): Promise<{ id: string; username: string | null }> {
  const credentials = uuidLike(userId) ? await credentialsOf(db, userId) : undefined;
  if (!credentials) throw notFound(recordLabel('user', 'User'));
  const row = { id: userId.toLowerCase(), username: credentials.username };
  await checkMayManage(db, caller, row.id);
  return row;
}
