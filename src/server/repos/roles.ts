import { asc, eq, getTableName, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { permissions, rolePermissions, roles, userRoles, type RecordSnapshot } from '../db/schema';
import type { ListSpec } from '../query/list';
import { registrySearch } from '../query/search';
import type { RoleRecord } from '../../shared/records/role';
import { resources } from '../../shared/resources';
import { together } from '../db/sql';
import { permissionName } from '../../shared/permission-names';

export const roleListSpec = (): ListSpec => {
  const fields = { name: roles.name, createdAt: roles.createdAt };
  return { table: roles, id: roles.id, fields, search: registrySearch(resources.role, fields), defaultSort: { field: 'createdAt', order: 'asc' } };
};

/** Roles with their permissions, whose `name` is in `lang` (see shared/permission-names.ts). */
export async function loadRoles(db: DbOrTx, ids: string[], lang: string): Promise<RoleRecord[]> {
  if (!ids.length) return [];
  const [rows, links] = await together(db, [
    () => db.select().from(roles).where(inArray(roles.id, ids)),
    () => db
      .select({ roleId: rolePermissions.roleId, id: permissions.id, code: permissions.code, name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(inArray(rolePermissions.roleId, ids))
      .orderBy(asc(permissions.code)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    requireTwoFactor: r.requireTwoFactor,
    createdAt: r.createdAt,
    permissions: links.filter((l) => l.roleId === r.id).map(({ id, code, name }) => ({ permission: { id, code, name: permissionName(code, lang, name) } })),
  }));
}

/** Permission codes of the given permission ids; unknown ids are reported. */
export async function permissionCodes(db: DbOrTx, ids: string[]): Promise<{ codes: string[]; unknown: string[] }> {
  if (!ids.length) return { codes: [], unknown: [] };
  const rows = await db.select({ id: permissions.id, code: permissions.code }).from(permissions).where(inArray(permissions.id, ids));
  const found = new Set(rows.map((r) => r.id));
  return { codes: rows.map((r) => r.code), unknown: ids.filter((id) => !found.has(id)) };
}

/** Permission codes held by any of these roles; unknown role ids are reported. */
export async function rolePermissionCodes(db: DbOrTx, roleIds: string[]): Promise<{ codes: string[]; unknown: string[] }> {
  if (!roleIds.length) return { codes: [], unknown: [] };
  const [found, rows] = await together(db, [
    () => db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds)),
    () => db
      .selectDistinct({ code: permissions.code })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(inArray(rolePermissions.roleId, roleIds)),
  ]);
  const known = new Set(found.map((r) => r.id));
  return { codes: rows.map((r) => r.code), unknown: roleIds.filter((id) => !known.has(id)) };
}

/** Creates a role (or, given its id, renames it) and, when a list is given, makes it hold exactly those permissions. */
export async function saveRole(tx: Tx, values: { name?: string; permissions?: string[] }, id?: string): Promise<string> {
  let roleId = id;
  if (roleId === undefined) [{ id: roleId }] = await tx.insert(roles).values({ name: values.name! }).returning({ id: roles.id });
  else if (values.name) await tx.update(roles).set({ name: values.name }).where(eq(roles.id, roleId));
  if (values.permissions) {
    const ids = [...new Set(values.permissions)];
    if (id !== undefined) await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    if (ids.length) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: roleId!, permissionId })));
  }
  return roleId;
}

/** A deleted role's snapshot (`snapshots.ts`), as a revert weighs it: the permissions it held and its members. */
export function roleSnapshotParts(snapshot: RecordSnapshot) {
  const members = snapshot.rows[getTableName(userRoles)] ?? [];
  return {
    permissionIds: (snapshot.rows[getTableName(rolePermissions)] ?? []).map((row) => String(row.permissionId)),
    memberIds: members.map((row) => String(row.userId)),
    /** The snapshot with only the members whose ids are kept. */
    keepMembers: (kept: Set<string>): RecordSnapshot => ({
      ...snapshot,
      rows: { ...snapshot.rows, [getTableName(userRoles)]: members.filter((row) => kept.has(String(row.userId))) },
    }),
  };
}
