/**
 * `GET /models`: the permission catalogue grouped by resource, as the role form shows it; the groups' `label` and the
 * permissions' `name` in the request's language (`accept-language`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionGroupRecord } from '../../shared/records/role';
import { permissionCatalogue } from '../repos/permissions';
import { perm } from '../../shared/permissions';
import { permissionGroupName, permissionName } from '../../shared/permission-names';

const modelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/models',
    {
      onRequest: app.requirePermission(perm('permission', 'list')),
      schema: { tags: ['permission'], response: { 200: z.array(permissionGroupRecord) } },
    },
    async (request) => {
      const { groups, perms } = await permissionCatalogue(app.db);
      return groups.map((g) => ({
        id: g.id,
        name: g.name,
        label: permissionGroupName(g.name, request.lang, g.label),
        permission: perms
          .filter((p) => p.groupId === g.id)
          .map((p) => ({ id: p.id, code: p.code, name: permissionName(p.code, request.lang, p.name), modelId: g.id })),
      }));
    },
  );
};

export default modelsRoutes;
