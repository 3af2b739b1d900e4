/**
 * Roles: named sets of permissions. Nobody can hand out a permission they do not hold themselves, and SUPER-ADMIN
 * always holds the whole catalogue (it cannot be renamed, trimmed or deleted).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { rolePermissions, roles } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { SUPER_ADMIN_ROLE } from '../../shared/enums';
import { roleCreateSchema, roleEditSchema } from '../../shared/schemas/users';
import { loadOne, registerReads } from '../lib/crud';
import { loadRoles, permissionCodes, roleListSpec } from '../repos/roles';
import type { AuthUser } from '../plugins/auth';
import type { DbOrTx } from '../db/client';
import { idParams } from '../../shared/schemas/common';

const roleRecord = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.date(),
  permissions: z.array(z.object({ permission: z.object({ id: z.string(), code: z.string(), name: z.string() }) })),
});

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

async function checkNameFree(db: DbOrTx, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), exceptId ? ne(roles.id, exceptId) : undefined));
  if (taken) throw conflict(`A role named "${name}" already exists`);
}

const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.role;
  const reads = { resource: def, label: 'Role', spec: roleListSpec, load: (ids: string[]) => loadRoles(app.db, ids), record: roleRecord, tags: ['roles'] };
  registerReads(app, reads);

  app.post(
    `/${def.api.create}`,
    { onRequest: app.requirePermission(perm('role', 'create')), schema: { tags: ['roles'], body: roleCreateSchema, response: { 201: roleRecord } } },
    async (request, reply) => {
      const { name, permissions } = request.body;
      await checkNameFree(app.db, name);
      await checkGrantable(app.db, request.user!, permissions);
      const id = await app.db.transaction(async (tx) => {
        const [role] = await tx.insert(roles).values({ name }).returning({ id: roles.id });
        if (permissions.length) {
          await tx.insert(rolePermissions).values([...new Set(permissions)].map((permissionId) => ({ roleId: role.id, permissionId })));
        }
        return role.id;
      });
      return reply.status(201).send(await loadOne(reads, id, request.lang));
    },
  );

  app.patch(
    `/${def.api.update}`,
    { onRequest: app.requirePermission(perm('role', 'edit')), schema: { tags: ['roles'], params: idParams, body: roleEditSchema, response: { 200: roleRecord } } },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      checkWithinReach(request.user!, current);
      const name = request.body.name?.trim() || undefined;
      const permissions = request.body.permissions?.length ? [...new Set(request.body.permissions)] : undefined;
      if (current.name === SUPER_ADMIN_ROLE && (name && name !== current.name || permissions)) {
        throw conflict(`${SUPER_ADMIN_ROLE} always holds every permission and keeps its name`);
      }
      if (name) await checkNameFree(app.db, name, current.id);
      if (permissions) await checkGrantable(app.db, request.user!, permissions);
      await app.db.transaction(async (tx) => {
        if (name) await tx.update(roles).set({ name }).where(eq(roles.id, current.id));
        if (permissions) {
          await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, current.id));
          await tx.insert(rolePermissions).values(permissions.map((permissionId) => ({ roleId: current.id, permissionId })));
        }
      });
      return loadOne(reads, current.id, request.lang);
    },
  );

  app.delete(
    `/${def.api.delete}`,
    { onRequest: app.requirePermission(perm('role', 'delete')), schema: { tags: ['roles'], params: idParams, response: { 200: roleRecord } } },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      if (current.name === SUPER_ADMIN_ROLE) throw conflict(`${SUPER_ADMIN_ROLE} cannot be deleted`);
      checkWithinReach(request.user!, current);
      await app.db.delete(roles).where(eq(roles.id, current.id));
      return current;
    },
  );
};

export default roleRoutes;
