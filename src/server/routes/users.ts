/**
 * Users. Passwords are write-only and refused when weak; one's own is changed under Profile (it asks for the current
 * one), never here. Roles, when sent, replace all of them; an admin cannot delete themselves, nobody removes the last
 * SUPER-ADMIN, and nobody grants a role holding permissions they do not hold themselves.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, conflict, forbidden, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { meRecord, userRecord } from '../../shared/records/user';
import { userCreateSchema, userEditSchema } from '../../shared/schemas/users';
import { hashPassword } from '../auth/passwords';
import { checkPasswordStrength, strengthMessage } from '../auth/strength';
import { registerResource } from '../http/resource-routes';
import { deleteRecord } from '../repos/records';
import { rolePermissionCodes } from '../repos/roles';
import { loadUsers, saveUser, superAdminIds, takenBy, userListSpec } from '../repos/users';
import type { AuthUser } from '../plugins/auth';
import type { DbOrTx } from '../db/client';
import { said } from '../messages';
import { checkMayManage } from './security-common';

const TEXTS = {
  roleBeyond: {
    uz: 'Sizda yoʻq ruxsatga ega rolni bera olmaysiz ({permission})',
    ru: 'Нельзя выдать роль с правом, которого у вас нет ({permission})',
    en: 'You cannot grant a role with a permission you do not hold ({permission})',
  },
  roleId: { uz: 'Rol {id}', ru: 'Роль {id}', en: 'Role {id}' },
  lastKeeps: { uz: 'Oxirgi SUPER-ADMIN bu rolni saqlab qolishi kerak', ru: 'Последний SUPER-ADMIN должен сохранить эту роль', en: 'The last SUPER-ADMIN must keep that role' },
  ownAccount: { uz: 'Oʻz hisobingizni oʻchira olmaysiz', ru: 'Нельзя удалить собственную учётную запись', en: 'You cannot delete your own account' },
  lastDeleted: { uz: 'Oxirgi SUPER-ADMIN ni oʻchirib boʻlmaydi', ru: 'Последнего SUPER-ADMIN нельзя удалить', en: 'The last SUPER-ADMIN cannot be deleted' },
} as const;

async function checkRolesGrantable(db: DbOrTx, caller: AuthUser, roleIds: string[]) {
  const { codes, unknown } = await rolePermissionCodes(db, roleIds);
  if (unknown.length) throw notFound(said(TEXTS.roleId, { id: unknown[0] }));
  const beyond = codes.find((c) => !caller.permissions.has(c));
  if (beyond) throw forbidden(said(TEXTS.roleBeyond, { permission: beyond }));
}

const idsOf = (value: unknown) => (Array.isArray(value) ? [...new Set(value.map(String))] : undefined);

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.user;
  const { one } = registerResource(app, {
    def,
    record: userRecord,
    load: (db, ids) => loadUsers(db, ids),
    spec: userListSpec,
    files: (user) => [user.image],
    rules: {
      create: (db, caller, values) => checkRolesGrantable(db, caller, idsOf(values.roles) ?? []),
      async edit(db, caller, current, values) {
        await checkMayManage(db, caller, current.id);
        const roleIds = idsOf(values.roles);
        const currentIds = new Set(current.roles.map((r) => r.role.id));
        if (roleIds) await checkRolesGrantable(db, caller, roleIds.filter((id) => !currentIds.has(id)));
      },
    },
    create: {
      body: { schema: userCreateSchema },
      async write(db, { data, lang }) {
        const clash = await takenBy(db, data);
        if (clash) throw conflict(clash);
        const roleIds = idsOf(data.roles) ?? [];
        checkPasswordStrength(data.password, data.username, lang, 'password');
        const passwordHash = await hashPassword(data.password);
        return saveUser(db, { username: data.username, name: data.name, email: data.email, phone: data.phone, passwordHash }, roleIds);
      },
    },
    update: {
      body: { schema: userEditSchema, files: { image: 1 } },
      description: 'An absent or empty field changes nothing; roles, when sent, replace all of them; a new password ends the user’s other sessions',
      async write(db, { data, user, image, lang }, current) {
        // One's own password is changed under Profile, which asks for the current one: a stolen session must not.
        if (data.password && current.id === user.id) throw new HttpError(403, strengthMessage('own-password', lang), { password: strengthMessage('own-password', lang) });
        if (data.password) checkPasswordStrength(data.password, data.username ?? current.username, lang, 'password');
        const clash = await takenBy(
          db,
          { username: data.username !== current.username ? data.username : undefined, phone: data.phone !== current.phone ? data.phone : undefined },
          current.id,
        );
        if (clash) throw conflict(clash);
        const roleIds = idsOf(data.roles);
        if (roleIds) {
          const currentIds = new Set(current.roles.map((r) => r.role.id));
          const admins = await superAdminIds(db);
          const losesSuperAdmin = admins.roleId && currentIds.has(admins.roleId) && !roleIds.includes(admins.roleId);
          if (losesSuperAdmin && admins.userIds.length <= 1) throw conflict(said(TEXTS.lastKeeps));
        }
        const values = {
          username: data.username,
          name: data.name,
          email: data.email,
          phone: data.phone,
          image: await image('image', false),
          passwordHash: data.password ? await hashPassword(data.password) : undefined,
        };
        await saveUser(db, values, roleIds, current.id, user.sessionId);
      },
    },
    remove: {
      async check(db, current, request) {
        if (current.id === request.user!.id) throw conflict(said(TEXTS.ownAccount));
        await checkMayManage(db, request.user!, current.id);
        const admins = await superAdminIds(db);
        if (admins.userIds.includes(current.id) && admins.userIds.length <= 1) throw conflict(said(TEXTS.lastDeleted));
      },
      write: (db, current) => deleteRecord(db, 'user', current.id),
    },
  });

  app.get('/user/me', { onRequest: app.requirePermission(), config: { twoFactorSetup: true }, schema: { tags: [def.key], response: { 200: meRecord } } }, async (request) => {
    const me = await one(request.user!.id, request.lang);
    return { ...me, permissions: [...request.user!.permissions].sort() };
  });
};

export default userRoutes;
