/** What the two-factor and session routes share: the session as shown, and the rule for managing another user. */
import type { DbOrTx } from '../db/client';
import { forbidden, notFound } from '../errors';
import { permissionCodesOf } from '../auth/sessions';
import { describeUserAgent } from '../auth/user-agent';
import { uuidLike } from '../query/ids';
import type { AuthUser } from '../plugins/auth';
import { credentialsOf } from '../repos/profile';

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
 * The user another user's security is managed for: 404 when there is none; 403 when they hold a permission the caller
 * lacks (as for editing them: `user.edit` must not end a SUPER-ADMIN's sessions or reset their second factor).
 */
export async function managedUser(db: DbOrTx, caller: AuthUser, userId: string, change: boolean): Promise<{ id: string; username: string | null }> {
  const credentials = uuidLike(userId) ? await credentialsOf(db, userId) : undefined;
  if (!credentials) throw notFound('User');
  const row = { id: userId.toLowerCase(), username: credentials.username };
  if (change && row.id !== caller.id) {
    const beyond = (await permissionCodesOf(db, row.id)).find((c) => !caller.permissions.has(c));
    if (beyond) throw forbidden(`You cannot change a user who holds a permission you do not hold (${beyond})`);
  }
  return row;
}
