/**
 * Roles: named sets of permissions. Nobody can hand out a permission they do not hold themselves, and SUPER-ADMIN
 * always holds the whole catalogue (it cannot be renamed, trimmed or deleted).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, forbidden, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { SUPER_ADMIN_ROLE } from '../../shared/enums';
import { roleRecord } from '../../shared/records/role';

type RoleRecord = z.infer<typeof roleRecord>;
import { roleCreateSchema, roleEditSchema } from '../../shared/schemas/users';
import { z } from 'zod';
import { registerResource } from '../http/resource-routes';
import { action } from '../http/resource/actions';
import { setRoleRequiresTwoFactor } from '../repos/two-factor';
import { recordLabel } from '../labels';
import { assertFree, deleteRecord } from '../repos/records';
import { loadRoles, permissionCodes, roleListSpec, roleSnapshotParts, saveRole } from '../repos/roles';
import type { RecordSnapshot } from '../repos/snapshots';
import type { AuthUser } from '../plugins/auth';
import type { DbOrTx } from '../db/client';
import { said, say } from '../messages';
import { loadUsers } from '../repos/users';
import { perm } from '../../shared/permissions';
import { checkMayManage } from './security-common';

const TEXTS = {
  permissionBeyond: {
    uz: 'Sizda yoʻq ruxsatni bera olmaysiz ({permission})',
    ru: 'Нельзя выдать право, которого у вас нет ({permission})',
    en: 'You cannot grant a permission you do not hold ({permission})',
  },
  roleBeyond: {
    uz: 'Bu rolda sizda yoʻq ruxsat bor ({permission})',
    ru: 'У этой роли есть право, которого у вас нет ({permission})',
    en: 'This role holds a permission you do not hold ({permission})',
  },
  membersLeftOut: {
    uz: 'Rol ushbu foydalanuvchilarsiz tiklandi: {users}. Ularga rolni berish uchun user.edit ruxsati va ularning barcha ruxsatlari kerak',
    ru: 'Роль восстановлена без этих пользователей: {users}. Чтобы выдать им роль, нужны право user.edit и все их права',
    en: 'The role came back without these users: {users}. Giving them the role needs the user.edit permission and every permission they hold',
  },
  permissionId: { uz: 'Ruxsat {id}', ru: 'Право {id}', en: 'Permission {id}' },
  superAdminWhole: {
    uz: '{role} doim barcha ruxsatlarga ega va nomini saqlaydi',
    ru: '{role} всегда имеет все права и сохраняет своё имя',
    en: '{role} always holds every permission and keeps its name',
  },
  superAdminStays: { uz: '{role} ni oʻchirib boʻlmaydi', ru: '{role} нельзя удалить', en: '{role} cannot be deleted' },
  nameTaken: { uz: '“{name}” nomli rol allaqachon bor', ru: 'Роль «{name}» уже есть', en: 'A role named "{name}" already exists' },
} as const;

async function checkGrantable(db: DbOrTx, caller: AuthUser, permissionIds: string[]) {
  const { codes, unknown } = await permissionCodes(db, permissionIds);
  if (unknown.length) throw notFound(said(TEXTS.permissionId, { id: unknown[0] }));
  const beyond = codes.find((c) => !caller.permissions.has(c));
  if (beyond) throw forbidden(said(TEXTS.permissionBeyond, { permission: beyond }));
}

/** A role holding a permission the caller lacks is beyond them: they may not rename, trim or delete it. */
function checkWithinReach(caller: AuthUser, role: { permissions: { permission: { code: string } }[] }) {
  const beyond = role.permissions.find((p) => !caller.permissions.has(p.permission.code));
  if (beyond) throw forbidden(said(TEXTS.roleBeyond, { permission: beyond.permission.code }));
}

/**
 * A deleted role a revert brings back: only with permissions the caller could grant (else nothing comes back), and
 * with those of its members the caller could give it to (`user.edit` and every permission the member holds); the
 * others are left out and named.
 */
async function restorable(db: DbOrTx, caller: AuthUser, snapshot: RecordSnapshot, lang: string) {
  const { permissionIds, memberIds, keepMembers } = roleSnapshotParts(snapshot);
  // A permission gone from the catalogue since is no grant: its link is dropped by the restore.
  const { unknown } = await permissionCodes(db, permissionIds);
  await checkGrantable(db, caller, permissionIds.filter((id) => !unknown.includes(id)));
  const kept = new Set<string>();
  const mayEditUsers = caller.permissions.has(perm('user', 'edit'));
  for (const userId of memberIds) {
    if (mayEditUsers && (await checkMayManage(db, caller, userId).then(() => true, () => false))) kept.add(userId);
  }
  const left = memberIds.filter((id) => !kept.has(id));
  if (!left.length) return { snapshot, leftOut: [] };
  const names = (await loadUsers(db, left)).map((u) => u.username ?? u.id);
  return { snapshot: keepMembers(kept), leftOut: names.length ? [say(lang, TEXTS.membersLeftOut, { users: names.join(', ') })] : [] };
}

const checkNameFree = (db: DbOrTx, name: string, exceptId?: string) =>
  assertFree(db, 'role', 'name', name, said(TEXTS.nameTaken, { name }), exceptId);

const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, {
    def: resources.role,
    record: roleRecord,
    load: loadRoles,
    spec: roleListSpec,
    rules: {
      create: (db, caller, values) => checkGrantable(db, caller, Array.isArray(values.permissions) ? values.permissions.map(String) : []),
      async edit(db, caller, current, values) {
        checkWithinReach(caller, current);
        if (Array.isArray(values.permissions) && values.permissions.length) await checkGrantable(db, caller, values.permissions.map(String));
      },
      restore: restorable,
    },
    create: {
      body: { schema: roleCreateSchema },
      async write(db, { data: { name, permissions } }) {
        await checkNameFree(db, name);
        return saveRole(db, { name, permissions });
      },
    },
    update: {
      body: { schema: roleEditSchema },
      description: 'Name or permissions change only when non-empty; sent permissions replace all of them',
      async write(db, { data }, current) {
        const name = data.name?.trim() || undefined;
        const permissions = data.permissions?.length ? [...new Set(data.permissions)] : undefined;
        if (current.name === SUPER_ADMIN_ROLE && ((name && name !== current.name) || permissions)) {
          throw conflict(said(TEXTS.superAdminWhole, { role: SUPER_ADMIN_ROLE }));
        }
        if (name) await checkNameFree(db, name, current.id);
        await saveRole(db, { name, permissions }, current.id);
      },
    },
    remove: {
      async check(_db, current, request) {
        if (current.name === SUPER_ADMIN_ROLE) throw conflict(said(TEXTS.superAdminStays, { role: SUPER_ADMIN_ROLE }));
        checkWithinReach(request.user!, current);
      },
      write: (db, current) => deleteRecord(db, 'role', current.id),
    },
    actions: [
      action({
        method: 'put',
        path: 'role/:id/two-factor',
        permission: 'edit',
        audit: 'edit',
        description: 'Whether the role’s users must turn two-factor login on before anything else (role.edit; 403 for a role holding a permission the caller lacks); audited',
        body: { schema: z.object({ requireTwoFactor: z.boolean() }) },
        answer: z.object({ requireTwoFactor: z.boolean() }),
        // The role's own edit command: a role beyond the caller's reach is refused as its form refuses it.
        edits: (data, role: RoleRecord) => ({ id: role.id, values: data }),
        async run(tx, { data: { requireTwoFactor } }, role: RoleRecord) {
          const before = await setRoleRequiresTwoFactor(tx, role.id, requireTwoFactor);
          if (before === undefined) throw notFound(recordLabel('role', 'Role'));
          const audit = before !== requireTwoFactor ? { recordId: role.id, before: { requireTwoFactor: before }, after: { requireTwoFactor } } : undefined;
          return { answer: { requireTwoFactor }, audit };
        },
      }),
    ],
  });
};

export default roleRoutes;
