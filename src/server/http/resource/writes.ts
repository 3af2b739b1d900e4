/**
 * A resource's one-record routes: read one, create, edit (and replace its image), delete. Each write is one unit of work
 * (`http/unit-of-work.ts`): the write, the record as it is after it, its audit entry and the version move commit
 * together, and the files the record no longer refers to are deleted once the request has succeeded.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { perm } from '../../../shared/permissions';
import { idParams } from '../../../shared/schemas/common';
import type { Tx } from '../../db/client';
import type { AuditAction } from '../../../shared/audit-actions';
import { bumpVersion, changed } from '../../query/versions';
import { secretsSent } from '../../rules/audit-changes';
import { auditedWrite } from '../unit-of-work';
import { namedVersion, takeBodyVersion } from '../versions';
import { bodySchema, formValidator } from './schemas';
import type { ResourceContext } from './context';
import type { UploadedFile } from '../../plugins/uploads';
import type { BodyConfig, WriteInput } from './types';

type WithId = { Params: { id: string } };

export function registerOne<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>) {
  const { app, def, tags } = ctx;
  if (!def.api.one) return;
  app.get<WithId>(
    `/${def.api.one}`,
    { onRequest: app.requirePermission(perm(def.key, 'show')), schema: { tags, params: idParams, response: { 200: ctx.record } } },
    async (request, reply) => {
      const found = await ctx.one(request.params.id, request.lang);
      ctx.sendVersion(reply, found);
      return found;
    },
  );
}

export function registerCreate<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>) {
  const { app, cfg, def, tags } = ctx;
  const create = cfg.create;
  if (!create || !def.api.create) return;
  app.post(
    `/${def.api.create}`,
    {
      onRequest: app.requirePermission(perm(def.key, 'create')),
      config: { costly: create.body.files ? 'upload' : undefined },
      validatorCompiler: create.body.files ? formValidator(Boolean(create.body.strictJson)) : undefined,
      schema: { tags, description: create.description, ...bodySchema(create.body, def.multipart?.create), response: { 201: ctx.record } },
    },
    async (request, reply) => {
      const { data, files } = await ctx.readBody(request, create.body);
      const created = await auditedWrite(app.db, request, (tx) => createWrite(ctx, tx, request, data, files, 'create'));
      return reply.status(201).send(created);
    },
  );
}

/** A create on `tx`: the resource's write, the record as it is after it and its audit entry (the route's and an import's). */
export async function createWrite<R extends { id: string }, C, U>(
  ctx: ResourceContext<R, C, U>,
  tx: Tx,
  request: FastifyRequest,
  data: C,
  files: UploadedFile[],
  action: AuditAction,
) {
  const id = await ctx.cfg.create!.write(tx, ctx.input(request, data, files));
  const after = await ctx.oneFrom(tx, id, request.lang);
  return { result: after, audit: { resource: ctx.def.key, recordId: id, action, after, extra: secretsSent(data) } };
}

/**
 * An edit on `tx`: hold the record's row and check the version named (409), write, move the version on when the record
 * changed, and the audit entry (before → after) with the files it no longer refers to (the route's and an import's).
 */
export async function editWrite<R extends { id: string }, C, U, D>(
  ctx: ResourceContext<R, C, U>,
  tx: Tx,
  request: FastifyRequest,
  edit: { current: R; data: D; files: UploadedFile[]; action: AuditAction; matches?: (stored: Date) => boolean },
  write: (tx: Tx, input: WriteInput<D>, current: R) => Promise<unknown>,
) {
  const { current, data, action } = edit;
  await ctx.checkVersion(tx, current.id, request.lang, edit.matches);
  await write(tx, ctx.input(request, data, edit.files), current);
  let written = await ctx.oneFrom(tx, current.id, request.lang);
  if (ctx.versions && changed(current, written)) written = { ...written, updatedAt: await bumpVersion(tx, ctx.versions, current.id) };
  const audit = { resource: ctx.def.key, recordId: current.id, action, before: current, after: written, extra: secretsSent(data) };
  // A replaced file is kept (retired) for DELETED_FILES_DAYS, so a revert of this edit can bring it back.
  return { result: written, audit, retireFiles: ctx.dropped(current, written) };
}

/** The edit's payload as documented and validated: a JSON object body also names its optional `version`. */
function versionedBody<D>(body: BodyConfig<D>, versioned: boolean): BodyConfig<D> {
  if (!versioned || !(body.schema instanceof z.ZodObject)) return body;
  const version = z
    .union([z.string(), z.number()])
    .optional()
    .meta({ description: 'The version (`updatedAt`) the change is based on; taken out before the write. Like `If-Match`' });
  return { ...body, schema: body.schema.extend({ version }) as unknown as z.ZodType<D> };
}

const CONCURRENCY =
  ". Optimistic concurrency: `If-Match` (the ETag of GET one, or the `updatedAt` read), `If-Unmodified-Since` (its `Last-Modified`), a body field `version`, or the record's own `updatedAt` sent back in the body names the version the change is based on; a newer stored version answers 409 with `current`, the record as it is";

interface EditRoute<R, D> {
  path: string;
  action: AuditAction;
  body: BodyConfig<D>;
  multipart: boolean | undefined;
  description: string;
  write(tx: Tx, input: WriteInput<D>, current: R): Promise<unknown>;
}

/**
 * An edit of one record: load it (404), then in one transaction hold its row and check the version the request
 * names (409), write, move the version on when the record changed and record the change (before → after) in the
 * audit history; answer the record as it is now and retire the files it no longer refers to (kept for a revert).
 */
function editRoute<R extends { id: string }, C, U, D>(ctx: ResourceContext<R, C, U>, route: EditRoute<R, D>) {
  const { app, def, tags, versions } = ctx;
  app.patch<WithId>(
    `/${route.path}`,
    {
      onRequest: app.requirePermission(perm(def.key, 'edit')),
      config: { costly: route.body.files ? 'upload' : undefined },
      preValidation: takeBodyVersion,
      validatorCompiler: route.body.files ? formValidator(Boolean(route.body.strictJson)) : undefined,
      schema: {
        tags,
        params: idParams,
        description: route.description + (versions ? CONCURRENCY : ''),
        ...bodySchema(versionedBody(route.body, Boolean(versions)), route.multipart),
        response: { 200: ctx.record },
      },
    },
    async (request, reply) => {
      const current = await ctx.one(request.params.id, request.lang);
      const { data, files } = await ctx.readBody(request, route.body);
      // After the body: a multipart form names its version in its fields.
      const matches = namedVersion(request);
      const after = await auditedWrite(app.db, request, (tx) => editWrite(ctx, tx, request, { current, data, files, action: route.action, matches }, route.write));
      ctx.sendVersion(reply, after);
      return after;
    },
  );
}

export function registerEdits<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>) {
  const { cfg, def } = ctx;
  const update = cfg.update;
  if (update && def.api.update) {
    const description = update.description ?? 'Only what is sent changes; an empty field changes nothing';
    editRoute(ctx, { path: def.api.update, action: 'edit', body: update.body, multipart: def.multipart?.update, description, write: update.write });
  }
  const image = cfg.image;
  if (image && def.api.image) {
    editRoute(ctx, {
      path: def.api.image,
      action: 'image',
      body: { schema: z.object({}), files: { image: 1 } },
      multipart: true,
      description: 'Replaces the image',
      write: async (tx, input, current) => image.write(tx, current, (await input.image('image', true))!),
    });
  }
}

export function registerRemove<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>) {
  const { app, cfg, def, tags } = ctx;
  const remove = cfg.remove;
  if (!remove || !def.api.delete) return;
  app.delete<WithId>(
    `/${def.api.delete}`,
    {
      onRequest: app.requirePermission(perm(def.key, 'delete')),
      schema: { tags, params: idParams, description: remove.description ?? 'Answers the deleted record', response: { 200: cfg.record } },
    },
    async (request) => {
      const current = await ctx.one(request.params.id, request.lang);
      return auditedWrite(app.db, request, async (tx) => {
        await remove.check?.(tx, current, request);
        const snapshot = await ctx.snapshotOf(tx, current);
        await remove.write(tx, current, request);
        // The files stay (retired) for DELETED_FILES_DAYS, so a revert of this delete can bring them back; a record
        // that keeps no snapshot (a user: secrets) cannot come back, and its files go now.
        const files = snapshot ? { retireFiles: ctx.filesOf(current) } : { removeFiles: ctx.filesOf(current) };
        return { result: current, audit: { resource: def.key, recordId: current.id, action: 'delete', before: current, snapshot }, ...files };
      });
    },
  );
}
