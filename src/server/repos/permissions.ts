/** The permission catalogue (`GET /models`): the groups and the permissions, each in its display order. */
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { permissionGroups, permissions } from '../db/schema';

/** Both tables' rows, read in parallel, ordered by `position`. */
export async function permissionCatalogue(db: DbOrTx) {
  const [groups, perms] = await Promise.all([
    db.select().from(permissionGroups).orderBy(asc(permissionGroups.position)),
    db.select().from(permissions).orderBy(asc(permissions.position)),
  ]);
  return { groups, perms };
}
