/**
 * A resource's own calls (`ResourceAction`), in the same frame as its standard routes: the permission, the schemas, the
 * target named by `:id` (404), the body, then one unit of work holding the call's write and its audit entry, and the
 * clean-up of the files it dropped.
 */
import { z } from 'zod';
import { perm } from '../../../shared/permissions';
import { idParams } from '../../../shared/schemas/common';
import { notFound } from '../../errors';
import { uuidLike } from '../../query/ids';
import { auditedWrite } from '../unit-of-work';
import type { ResourceContext } from './context';
import { bodySchema, formValidator } from './schemas';
import { changeOne } from './writes';
import type { ResourceAction } from './types';

export function registerActions<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>) {
  for (const action of ctx.cfg.actions ?? []) registerAction(ctx, action);
}

function registerAction<R extends { id: string }, C, U, D, A, T>(ctx: ResourceContext<R, C, U>, action: ResourceAction<D, A, T>) {
  const { app, def, tags } = ctx;
  if (!action.path) return;
  const member = action.path.includes(':id');
  const body = action.body;
  const response = action.answer instanceof z.ZodType ? { 200: action.answer } : action.answer;
  /** What `:id` names: the action's own target, or the resource's record. */
  const targetOf = async (id: string, lang: string): Promise<T> => {
    if (!action.target) return (await ctx.one(id, lang)) as unknown as T;
    const found = uuidLike(id) ? await action.target.load(app.db, id) : undefined;
    if (found === undefined) throw notFound(action.target.label);
    return found;
  };
  app.route<{ Params: { id: string } }>({
    method: action.method.toUpperCase() as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: `/${action.path}`,
    onRequest: app.requirePermission(perm(def.key, action.permission)),
    config: { costly: body?.files ? 'upload' : undefined },
    validatorCompiler: body?.files ? formValidator(Boolean(body.strictJson)) : undefined,
    schema: { tags, description: action.description, ...(member ? { params: idParams } : {}), ...(body ? bodySchema(body, Boolean(body.files)) : {}), response },
    handler: async (request, reply) => {
      const target = member ? await targetOf(request.params.id, request.lang) : (undefined as T);
      const { data, files } = body ? await ctx.readBody(request, body) : { data: undefined as D, files: [] };
      const { answer, status } = await auditedWrite(app.db, request, async (tx) => {
        const run = () => action.run(tx, ctx.input(request, data, files), target);
        // A call that changes a record passes the record's own edit command (the one door).
        const edited = action.edits && (await changeOne(ctx, tx, request, { ...action.edits(data, target), permission: action.permission }, run));
        // The files the record no longer refers to are retired, unless the call removes them itself.
        const removed = new Set(edited ? (edited.result.removeFiles ?? []) : []);
        const done = edited ? { ...edited.result, retireFiles: [...(edited.result.retireFiles ?? []), ...edited.retireFiles.filter((p) => !removed.has(p))] } : await run();
        const named = done.audit?.action ?? action.audit;
        const audit = done.audit && named && { resource: def.key, ...done.audit, action: named };
        return { result: done, audit, removeFiles: done.removeFiles, retireFiles: done.retireFiles };
      });
      return reply.status(status ?? 200).send(answer);
    },
  });
}

/** Declares one action with its types inferred (body, answer and target). */
export const action = <D = undefined, A = unknown, T = unknown>(declared: ResourceAction<D, A, T>) => declared;
