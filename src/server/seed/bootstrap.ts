/**
 * What every start makes sure of: the permission catalogue matches the registry, SUPER-ADMIN holds every permission,
 * and — on the first start — the languages uz/ru/en and the first admin account exist.
 */
import { eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { languages, permissionGroups, permissions, rolePermissions, roles, userRoles, users } from '../db/schema';
import { PERMISSION_GROUPS, PERMISSION_CODES } from '../../shared/permissions';
import { DEFAULT_LANGUAGES, SUPER_ADMIN_ROLE } from '../../shared/enums';
import { hashPassword, randomPassword } from '../auth/passwords';
import { passwordWeakness } from '../auth/strength';
import { ConfigError } from '../config';

export interface BootstrapResult {
  /** Present only when the admin account was created now; the password is shown once. */
  createdAdmin?: { username: string; password: string; generated: boolean };
}

async function syncPermissions(db: Db) {
  await db.transaction(async (tx) => {
    for (const [gi, group] of PERMISSION_GROUPS.entries()) {
      const [g] = await tx
        .insert(permissionGroups)
        .values({ name: group.name, label: group.label, position: gi })
        .onConflictDoUpdate({ target: permissionGroups.name, set: { label: group.label, position: gi } })
        .returning({ id: permissionGroups.id });
      await tx
        .insert(permissions)
        .values(group.permissions.map((p, pi) => ({ code: p.code, name: p.name, groupId: g.id, position: pi })))
        .onConflictDoUpdate({
          target: permissions.code,
          set: { name: sql`excluded.name`, groupId: sql`excluded.group_id`, position: sql`excluded.position` },
        });
    }
    // Codes the registry no longer declares disappear (their role links cascade).
    await tx.delete(permissions).where(notInArray(permissions.code, PERMISSION_CODES));
    await tx.delete(permissionGroups).where(notInArray(permissionGroups.name, PERMISSION_GROUPS.map((g) => g.name)));

    const [superAdmin] = await tx
      .insert(roles)
      .values({ name: SUPER_ADMIN_ROLE })
      .onConflictDoUpdate({ target: roles.name, set: { name: SUPER_ADMIN_ROLE } })
      .returning({ id: roles.id });
    const all = await tx.select({ id: permissions.id }).from(permissions);
    await tx
      .insert(rolePermissions)
      .values(all.map((p) => ({ roleId: superAdmin.id, permissionId: p.id })))
      .onConflictDoNothing();
  });
}

export async function bootstrap(db: Db, admin: { username: string; password?: string }): Promise<BootstrapResult> {
  await syncPermissions(db);
  const [{ n: languageCount }] = await db.select({ n: sql<number>`count(*)::int` }).from(languages);
  if (languageCount === 0) await db.insert(languages).values(DEFAULT_LANGUAGES.map((l) => ({ ...l }))).onConflictDoNothing();

  const [{ n: userCount }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (userCount > 0) return {};
  const generated = !admin.password;
  // A weak ADMIN_PASSWORD stops the first start (a config line, like any other); later starts never look at it again.
  const weakness = admin.password ? passwordWeakness(admin.password, admin.username) : undefined;
  if (weakness) {
    throw new ConfigError([
      weakness === 'contains-username'
        ? 'ADMIN_PASSWORD must not contain ADMIN_USERNAME; choose another, or leave it unset to have a strong one generated'
        : 'ADMIN_PASSWORD is too common or too easy to guess; choose a longer one, or leave it unset to have a strong one generated',
    ]);
  }
  const password = admin.password ?? randomPassword(admin.username);
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE));
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ username: admin.username, name: 'Administrator', passwordHash: await hashPassword(password) })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
  });
  return { createdAdmin: { username: admin.username, password, generated } };
}
