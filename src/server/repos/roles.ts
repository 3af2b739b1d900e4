import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { permissions, rolePermissions, roles } from '../db/schema';
import type { ListSpec } from '../lib/list';

export interface RoleRecord {
  id: string;
  name: string;
  createdAt: Date;
  permissions: { permission: { id: string; code: string; name: string } }[];
}

export const roleListSpec = (): ListSpec => ({
  table: roles,
  id: roles.id,
  fields: { name: roles.name, createdAt: roles.createdAt },
  search: [roles.name],
  defaultSort: { field: 'createdAt', order: 'asc' },
});

export async function loadRoles(db: DbOrTx, ids: string[]): Promise<RoleRecord[]> {
  if (!ids.length) return [];
  const [rows, links] = await Promise.all([
    db.select().from(roles).where(inArray(roles.id, ids)),
    db
      .select({ roleId: rolePermissions.roleId, id: permissions.id, code: permissions.code, name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(inArray(rolePermissions.roleId, ids))
      .orderBy(asc(permissions.code)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt,
    permissions: links.filter((l) => l.roleId === r.id).map(({ id, code, name }) => ({ permission: { id, code, name } })),
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
  const [found, rows] = await Promise.all([
    db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds)),
    db
      .selectDistinct({ code: permissions.code })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(inArray(rolePermissions.roleId, roleIds)),
  ]);
  const known = new Set(found.map((r) => r.id));
  return { codes: rows.map((r) => r.code), unknown: roleIds.filter((id) => !known.has(id)) };
}
