/**
 * Users. Passwords are write-only; roles, when sent, replace all of them; an admin cannot delete themselves, nobody
 * removes the last SUPER-ADMIN, and nobody grants a role holding permissions they do not hold themselves.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { userRoles, users } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { userCreateSchema, userEditSchema } from '../../shared/schemas/users';
import { hashPassword } from '../auth/passwords';
import { permissionCodesOf, revokeUserSessions } from '../auth/sessions';
import { loadOne, registerReads } from '../lib/crud';
import { loadUsers, superAdminIds, takenBy, userListSpec } from '../repos/users';
import { rolePermissionCodes } from '../repos/roles';
import { fileOf, readValidForm } from '../lib/forms';
import type { AuthUser } from '../plugins/auth';
import type { DbOrTx } from '../db/client';
import { idParams } from '../../shared/schemas/common';

const userRecord = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  balance: z.number(),
  createdAt: z.date(),
  roles: z.array(z.object({ role: z.object({ id: z.string(), name: z.string() }) })),
});
const meRecord = userRecord.extend({ permissions: z.array(z.string()) });

async function checkRolesGrantable(db: DbOrTx, caller: AuthUser, roleIds: string[]) {
  const { codes, unknown } = await rolePermissionCodes(db, roleIds);
  if (unknown.length) throw notFound(`Role ${unknown[0]}`);
  const beyond = codes.find((c) => !caller.permissions.has(c));
  if (beyond) throw forbidden(`You cannot grant a role with a permission you do not hold (${beyond})`);
}

/**
 * Changing or deleting a user who holds a permission the caller lacks is refused: otherwise `user.edit` alone could set
 * a SUPER-ADMIN's password (or strip their roles) and take over their powers.
 */
async function checkMayManage(db: DbOrTx, caller: AuthUser, userId: string) {
  if (userId === caller.id) return;
  const beyond = (await permissionCodesOf(db, userId)).find((c) => !caller.permissions.has(c));
  if (beyond) throw forbidden(`You cannot change a user who holds a permission you do not hold (${beyond})`);
}

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.user;
  const reads = { resource: def, label: 'User', spec: userListSpec, load: (ids: string[]) => loadUsers(app.db, ids), record: userRecord, tags: ['users'] };

  app.get('/user/me', { onRequest: app.requirePermission(), schema: { tags: ['users'], response: { 200: meRecord } } }, async (request) => {
    const me = await loadOne(reads, request.user!.id, request.lang);
    return { ...me, permissions: [...request.user!.permissions].sort() };
  });
  registerReads(app, reads);

  app.post(
    `/${def.api.create}`,
    { onRequest: app.requirePermission(perm('user', 'create')), schema: { tags: ['users'], body: userCreateSchema, response: { 201: userRecord } } },
    async (request, reply) => {
      const body = request.body;
      const clash = await takenBy(app.db, body);
      if (clash) throw conflict(clash);
      const roleIds = [...new Set(body.roles ?? [])];
      await checkRolesGrantable(app.db, request.user!, roleIds);
      const passwordHash = await hashPassword(body.password);
      const id = await app.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ username: body.username, name: body.name, email: body.email, phone: body.phone, passwordHash })
          .returning({ id: users.id });
        if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
        return user.id;
      });
      return reply.status(201).send(await loadOne(reads, id, request.lang));
    },
  );

  app.patch(
    `/${def.api.update}`,
    { onRequest: app.requirePermission(perm('user', 'edit')), schema: { tags: ['users'], params: idParams, response: { 200: userRecord } } },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      await checkMayManage(app.db, request.user!, current.id);
      const { data: body, files } = await readValidForm(request, userEditSchema, { image: 1 }, 'user');
      const clash = await takenBy(
        app.db,
        { username: body.username !== current.username ? body.username : undefined, phone: body.phone !== current.phone ? body.phone : undefined },
        current.id,
      );
      if (clash) throw conflict(clash);
      const roleIds = body.roles ? [...new Set(body.roles)] : undefined;
      if (roleIds) {
        const currentIds = new Set(current.roles.map((r) => r.role.id));
        await checkRolesGrantable(app.db, request.user!, roleIds.filter((id) => !currentIds.has(id)));
        const admins = await superAdminIds(app.db);
        const losesSuperAdmin = admins.roleId && currentIds.has(admins.roleId) && !roleIds.includes(admins.roleId);
        if (losesSuperAdmin && admins.userIds.length <= 1) throw conflict('The last SUPER-ADMIN must keep that role');
      }
      const imageFile = fileOf(files, 'image', false);
      const image = imageFile ? await request.saveImage(imageFile) : undefined;
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      await app.db.transaction(async (tx) => {
        const changes = { username: body.username, name: body.name, email: body.email, phone: body.phone, image, passwordHash };
        if (Object.values(changes).some((v) => v !== undefined)) await tx.update(users).set(changes).where(eq(users.id, current.id));
        if (roleIds) {
          await tx.delete(userRoles).where(eq(userRoles.userId, current.id));
          if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: current.id, roleId })));
        }
        // A new password ends the user's other sessions (their own current one survives).
        if (passwordHash) await revokeUserSessions(tx, current.id, 'password-changed', request.user!.sessionId);
      });
      if (image) request.removeFileAfterSuccess(current.image);
      return loadOne(reads, current.id, request.lang);
    },
  );

  app.delete(
    `/${def.api.delete}`,
    { onRequest: app.requirePermission(perm('user', 'delete')), schema: { tags: ['users'], params: idParams, response: { 200: userRecord } } },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      if (current.id === request.user!.id) throw conflict('You cannot delete your own account');
      await checkMayManage(app.db, request.user!, current.id);
      const admins = await superAdminIds(app.db);
      if (admins.userIds.includes(current.id) && admins.userIds.length <= 1) throw conflict('The last SUPER-ADMIN cannot be deleted');
      await app.db.delete(users).where(eq(users.id, current.id));
      request.removeFileAfterSuccess(current.image);
      return current;
    },
  );
};

export default userRoutes;
