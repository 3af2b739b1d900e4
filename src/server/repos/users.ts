import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { said } from '../messages';
import { roles, userRoles, users } from '../db/schema';
import type { ListSpec } from '../query/list';
import { kinds } from '../query/filter-kinds';
import { registrySearch } from '../query/search';
import { endSessions } from './sessions';
import type { UserRecord } from '../../shared/records/user';
import { resources } from '../../shared/resources';
import { SUPER_ADMIN_ROLE } from '../../shared/enums';
import { together } from '../db/sql';

const publicColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  image: users.image,
  balance: users.balance,
  createdAt: users.createdAt,
};

const listFields = {
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  balance: users.balance,
  createdAt: users.createdAt,
};

export const userListSpec = (): ListSpec => ({
  table: users,
  id: users.id,
  fields: listFields,
  search: registrySearch(resources.user, listFields),
  filters: {
    // `roles` filter: users holding a given role id.
    roles: (value) => {
      const ids = (Array.isArray(value) ? value : [value]).map(String);
      return sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${inArray(sql`${userRoles.roleId}::text`, ids)})`;
    },
  },
  kinds: { roles: kinds.uuid },
  defaultSort: { field: 'createdAt', order: 'asc' },
});

export async function loadUsers(db: DbOrTx, ids: string[]): Promise<UserRecord[]> {
  if (!ids.length) return [];
  const [rows, links] = await together(db, [
    () => db.select(publicColumns).from(users).where(inArray(users.id, ids)),
    () => db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, ids)),
  ]);
  return rows.map((u) => ({
    ...u,
    roles: links.filter((l) => l.userId === u.id).map(({ id, name }) => ({ role: { id, name } })),
  }));
}

/** The value that another user already uses, if any (username or phone). */
const TAKEN = {
  username: { uz: '“{username}” foydalanuvchi nomi band', ru: 'Имя пользователя «{username}» занято', en: 'The username "{username}" is taken' },
  phone: { uz: '{phone} telefoni boshqa foydalanuvchiga tegishli', ru: 'Телефон {phone} принадлежит другому пользователю', en: 'The phone {phone} belongs to another user' },
} as const;

export async function takenBy(db: DbOrTx, values: { username?: string; phone?: string }, exceptId?: string) {
  const conditions = [
    values.username ? eq(users.username, values.username) : undefined,
    values.phone ? eq(users.phone, values.phone) : undefined,
  ].filter(Boolean);
  if (!conditions.length) return undefined;
  const [row] = await db
    .select({ username: users.username, phone: users.phone })
    .from(users)
    .where(and(or(...conditions), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (!row) return undefined;
  return row.username === values.username ? said(TAKEN.username, { username: values.username }) : said(TAKEN.phone, { phone: values.phone ?? '' });
}

export async function superAdminIds(db: DbOrTx): Promise<{ roleId?: string; userIds: string[] }> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE));
  if (!role) return { userIds: [] };
  const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, role.id));
  return { roleId: role.id, userIds: rows.map((r) => r.userId) };
}

interface UserValues {
  username?: string;
  name?: string;
  email?: string;
  phone?: string;
  image?: string;
  passwordHash?: string;
}

/**
 * Creates a user (or, given the id, changes the values sent) and, when a list is given, makes them hold exactly those
 * roles. A new password of an existing user ends their other sessions (`keepSession`, the caller's own, survives).
 */
export async function saveUser(tx: Tx, values: UserValues, roleIds: string[] | undefined, id?: string, keepSession?: string): Promise<string> {
  let userId = id;
  if (userId === undefined) [{ id: userId }] = await tx.insert(users).values(values).returning({ id: users.id });
  else if (Object.values(values).some((v) => v !== undefined)) await tx.update(users).set(values).where(eq(users.id, userId));
  if (roleIds) {
    if (id !== undefined) await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: userId!, roleId })));
  }
  if (id !== undefined && values.passwordHash) await endSessions(tx, id, 'password-changed', { keep: keepSession });
  return userId;
}

/** Stores a password's hash again at the current cost; a hash changed meanwhile (a password change) is left alone. */
export async function upgradePasswordHash(db: DbOrTx, id: string, was: string, next: string) {
  await db.update(users).set({ passwordHash: next }).where(and(eq(users.id, id), eq(users.passwordHash, was)));
}

/**
 * Users whose phone holds these digits, however it was typed and stored (`+998 90 123-45-67`, `901234567`): the
 * palette's search by phone. Digits only; the caller strips the country code.
 */
export async function userIdsByPhoneDigits(db: DbOrTx, digits: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`)
    .limit(limit);
  return rows.map((r) => r.id);
}
