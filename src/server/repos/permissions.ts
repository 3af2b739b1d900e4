/** The permission catalogue (`GET /models`), and the permissions a user holds through their roles. */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '../db/sql';
import type { DbOrTx } from '../db/client';
import { permissionGroups, permissions, rolePermissions, userRoles } from '../db/schema';

/** Both tables' rows, read in parallel, ordered by `position`. */
export async function permissionCatalogue(db: DbOrTx) {
  const [groups, perms] = await Promise.all([
    db.select().from(permissionGroups).orderBy(asc(permissionGroups.position)),
    db.select().from(permissions).orderBy(asc(permissions.position)),
  ]);
  return { groups, perms };
}

/** The codes of every permission the user's roles grant (none: the user may not log in or refresh). */
export async function permissionCodesOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: permissions.code })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.code);
}

/** True when the user (a column or value of the outer query) holds any permission: part of another statement. */
export const holdsAnyPermission = (userId: AnyPgColumn | SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${userRoles} join ${rolePermissions} on ${qualified(rolePermissions.roleId)} = ${qualified(userRoles.roleId)}
    join ${permissions} on ${qualified(permissions.id)} = ${qualified(rolePermissions.permissionId)} where ${qualified(userRoles.userId)} = ${userId})`;
