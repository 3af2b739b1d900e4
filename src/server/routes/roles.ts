/**
 * Roles: named sets of permissions. Nobody can hand out a permission they do not hold themselves, and SUPER-ADMIN
 * always holds the whole catalogue (it cannot be renamed, trimmed or deleted).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, forbidden, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { SUPER_ADMIN_ROLE } from '../../shared/enums';
import { roleRecord } from '../../shared/records/role';
import { roleCreateSchema, roleEditSchema } from '../../shared/schemas/users';
import { registerResource } from '../http/resource-routes';
import { assertFree, deleteRecord } from '../repos/records';
import { loadRoles, permissionCodes, roleListSpec, saveRole } from '../repos/roles';
import type { AuthUser } from '../plugins/auth';
import type { DbOrTx } from '../db/client';

async function checkGrantable(db: DbOrTx, caller: AuthUser, permissionIds: string[]) {
  const { codes, unknown } = await permissionCodes(db, permissionIds);
  if (unknown.length) throw notFound(`Permission ${unknown[0]}`);
  const beyond = codes.find((c) => !caller.permissions.has(c));
  if (beyond) throw forbidden(`You cannot grant a permission you do not hold (${beyond})`);
}

/** A role holding a permission the caller lacks is beyond them: they may not rename, trim or delete it. */
function checkWithinReach(caller: AuthUser, role: { permissions: { permission: { code: string } }[] }) {
  const beyond = role.permissions.find((p) => !caller.permissions.has(p.permission.code));
  if (beyond) throw forbidden(`This role holds a permission you do not hold (${beyond.permission.code})`);
}

const checkNameFree = (db: DbOrTx, name: string, exceptId?: string) =>
  assertFree(db, 'role', 'name', name, `A role named "${name}" already exists`, exceptId);

const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, {
    def: resources.role,
    record: roleRecord,
    load: loadRoles,
    spec: roleListSpec,
    create: {
      body: { schema: roleCreateSchema },
      async write(db, { data: { name, permissions }, user }) {
        await checkNameFree(db, name);
        await checkGrantable(db, user, permissions);
        return saveRole(db, { name, permissions });
      },
    },
    update: {
      body: { schema: roleEditSchema },
      description: 'Name or permissions change only when non-empty; sent permissions replace all of them',
      async write(db, { data, user }, current) {
        checkWithinReach(user, current);
        const name = data.name?.trim() || undefined;
        const permissions = data.permissions?.length ? [...new Set(data.permissions)] : undefined;
        if (current.name === SUPER_ADMIN_ROLE && ((name && name !== current.name) || permissions)) {
          throw conflict(`${SUPER_ADMIN_ROLE} always holds every permission and keeps its name`);
        }
        if (name) await checkNameFree(db, name, current.id);
        if (permissions) await checkGrantable(db, user, permissions);
        await saveRole(db, { name, permissions }, current.id);
      },
    },
    remove: {
      async check(_db, current, request) {
        if (current.name === SUPER_ADMIN_ROLE) throw conflict(`${SUPER_ADMIN_ROLE} cannot be deleted`);
        checkWithinReach(request.user!, current);
      },
      write: (db, current) => deleteRecord(db, 'role', current.id),
    },
  });
};

export default roleRoutes;
