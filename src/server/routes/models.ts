/** `GET /models`: the permission catalogue grouped by resource, as the role form shows it. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { permissionGroups, permissions } from '../db/schema';
import { perm } from '../../shared/permissions';

const permissionShape = z.object({ id: z.string(), code: z.string(), name: z.string(), modelId: z.string() });
const groupShape = z.object({ id: z.string(), name: z.string(), label: z.string(), permission: z.array(permissionShape) });

const modelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/models',
    {
      onRequest: app.requirePermission(perm('permission', 'list')),
      schema: { tags: ['roles'], response: { 200: z.array(groupShape) } },
    },
    async () => {
      const [groups, perms] = await Promise.all([
        app.db.select().from(permissionGroups).orderBy(asc(permissionGroups.position)),
        app.db.select().from(permissions).orderBy(asc(permissions.position)),
      ]);
      return groups.map((g) => ({
        id: g.id,
        name: g.name,
        label: g.label,
        permission: perms
          .filter((p) => p.groupId === g.id)
          .map((p) => ({ id: p.id, code: p.code, name: p.name, modelId: g.id })),
      }));
    },
  );
};

export default modelsRoutes;
