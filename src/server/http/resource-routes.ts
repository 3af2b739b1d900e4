/**
 * The one builder of a resource's routes, read from its registry entry. It owns what every resource does alike:
 * paths from `def.api`, the permission `<def.key>.<action>`, the id parameter and 404, body and response schemas
 * (multipart bodies described as fields in the OpenAPI document), load-after-write, 201 on create, the answer of
 * the deleted record, file clean-up, the OpenAPI tag, and each write's unit of work — the write, its audit entry and
 * the version check in one transaction (`http/unit-of-work.ts`). A resource declares only what is special
 * (`resource/types.ts`): its loader, list spec, payload schemas, the repo calls that write, and its own actions.
 */
import type { FastifyInstance } from 'fastify';
import { registerActions } from './resource/actions';
import { registerImport } from './resource/import';
import { resourceContext } from './resource/context';
import { registerBulk, registerLists } from './resource/list';
import type { RegisteredResource, ResourceRoutes } from './resource/types';
import { reverterOf } from './resource/revert';
import { registerCreate, registerEdits, registerOne, registerRemove } from './resource/writes';

export function registerResource<R extends { id: string }, C, U>(app: FastifyInstance, cfg: ResourceRoutes<R, C, U>): RegisteredResource<R> {
  const { def } = cfg;
  const ctx = resourceContext(app, cfg);
  registerLists(ctx);
  registerBulk(ctx);
  registerOne(ctx);
  registerCreate(ctx);
  registerEdits(ctx);
  registerRemove(ctx);
  registerActions(ctx);
  const reverter = reverterOf(ctx);
  if (reverter) app.reverters.set(def.key, reverter);
  registerImport(ctx);
  return { one: ctx.one, load: cfg.load };
}
