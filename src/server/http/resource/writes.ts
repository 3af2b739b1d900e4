/**
 * A resource's one-record routes and its commands. A command — create, edit, delete — is the one door every change of a
 * record passes, whichever way it came in (the form, bulk, import, revert): the permission, the resource's per-record
 * rules (`cfg.rules`, `remove.check`), the version, the write, and what goes with it (the record as it is after, its
 * audit entry, the files it retires), on the caller's transaction. The routes are adapters: each runs one command in
 * one unit of work (`http/unit-of-work.ts`), whose commit also publishes the change and retires the files.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { perm } from '../../../shared/permissions';
import { idParams } from '../../../shared/schemas/common';
import type { Tx } from '../../db/client';
import type { AuditAction } from '../../../shared/audit-actions';
import { forbidden } from '../../errors';
import { said } from '../../messages';
import type { AuthUser } from '../../plugins/auth';
import { bumpVersion, changed, movedOn } from '../../query/versions';
import { secretsSent } from '../../rules/audit-changes';
import { auditedWrite, type Written } from '../unit-of-work';
import { namedVersion, takeBodyVersion } from '../versions';
import { bodySchema, formValidator } from './schemas';
import type { ResourceContext } from './context';
import type { UploadedFile } from '../../plugins/uploads';
import type { BodyConfig, WriteInput } from './types';
import { assertNoDependents, checkReferences } from './references';

const NEEDS_PERMISSION = {
  uz: 'Buning uchun {permission} ruxsati kerak',
  ru: 'Для этого нужно право {permission}',
  en: 'This needs the {permission} permission',
};

/** 403 unless the caller holds `<resource>.<action>`: a command checks it whichever door it came through. */
export function assertPermitted(key: string, user: AuthUser, action: string) {
  const needed = perm(key, action);
  if (!user.permissions.has(needed)) throw forbidden(said(NEEDS_PERMISSION, { permission: needed }));
}

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

/** The create command on `tx`: permission, rules, the resource's write, the record as it is after it and its audit entry. */
export async function createWrite<R extends { id: string }, C, U>(
  ctx: ResourceContext<R, C, U>,
  tx: Tx,
  request: FastifyRequest,
  data: C,
  files: UploadedFile[],
  action: AuditAction,
) {
  const user = request.user!;
  assertPermitted(ctx.def.key, user, 'create');
  await ctx.cfg.rules?.create?.(tx, user, (data ?? {}) as Record<string, unknown>);
  await checkReferences(tx, ctx.def.key, (data ?? {}) as Record<string, unknown>);
  const id = await ctx.cfg.create!.write(tx, ctx.input(request, data, files));
  const after = await ctx.oneFrom(tx, id, request.lang);
  return { result: after, audit: { resource: ctx.def.key, recordId: id, action, after, extra: secretsSent(data) } };
}

/**
 * The edit command on `tx`: the permission (`edit`, or the bulk edit's own), the rules, then hold the record's row and
 * check the version named (409), write, move the version on when the record changed, and the audit entry (before →
 * after) with the files it no longer refers to.
 */
export async function editWrite<R extends { id: string }, C, U, D>(
  ctx: ResourceContext<R, C, U>,
  tx: Tx,
  request: FastifyRequest,
  edit: { current: R; data: D; files: UploadedFile[]; action: AuditAction; matches?: (stored: Date) => boolean; permission?: string },
  write: (tx: Tx, input: WriteInput<D>, current: R) => Promise<unknown>,
) {
  const { current, data, action } = edit;
  const user = request.user!;
  assertPermitted(ctx.def.key, user, edit.permission ?? 'edit');
  await ctx.cfg.rules?.edit?.(tx, user, current, (data ?? {}) as Record<string, unknown>);
  await checkReferences(tx, ctx.def.key, (data ?? {}) as Record<string, unknown>, current);
  await ctx.checkVersion(tx, current.id, request.lang, edit.matches);
  await write(tx, ctx.input(request, data, edit.files), current);
  let written = await ctx.oneFrom(tx, current.id, request.lang);
  if (ctx.versions && changed(current, written) && !movedOn(current, written)) written = { ...written, updatedAt: await bumpVersion(tx, ctx.versions, current.id) };
  const audit = { resource: ctx.def.key, recordId: current.id, action, before: current, after: written, extra: secretsSent(data) };
  // A replaced file is kept (retired) for DELETED_FILES_DAYS, so a revert of this edit can bring it back.
  return { result: written, audit, retireFiles: ctx.dropped(current, written) };
}

/**
 * A change of one record that is not its form — an image, a premium placement, a role's two-factor requirement — run
 * as the record's edit command: the permission, the per-record rules (with the `values` the change writes, in the
 * record's own field names), the record's row held until the commit, then `write`, and the files the record no longer
 * refers to retired (kept for a revert). The version stays: the record's form does not carry what these change, so its
 * next save must not be a conflict. The caller's unit of work records the audit entry the change names, its change
 * event and its webhooks.
 */
export async function changeOne<R extends { id: string }, C, U, T>(
  ctx: ResourceContext<R, C, U>,
  tx: Tx,
  request: FastifyRequest,
  change: { id: string; permission: string; values?: Record<string, unknown> },
  write: (current: R) => Promise<T>,
) {
  const user = request.user!;
  const current = await ctx.oneFrom(tx, change.id, request.lang);
  assertPermitted(ctx.def.key, user, change.permission);
  await ctx.cfg.rules?.edit?.(tx, user, current, change.values ?? {});
  await ctx.checkVersion(tx, current.id, request.lang, undefined);
  const result = await write(current);
  const after = await ctx.oneFrom(tx, current.id, request.lang);
  return { result, retireFiles: ctx.dropped(current, after) };
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

/**
 * The delete command on `tx`: the permission, the resource's delete rules (`remove.check`: dependents, reach), the rows
 * and files kept for a revert, the write and its audit entry. The files stay (retired) for DELETED_FILES_DAYS, so a
 * revert can bring them back; a record that keeps no snapshot (a user: secrets) cannot come back, and its files go now.
 */
export async function removeWrite<R extends { id: string }, C, U>(
  ctx: ResourceContext<R, C, U>,
  tx: Tx,
  request: FastifyRequest,
  current: R,
  action: AuditAction,
): Promise<Written<R>> {
  const remove = ctx.cfg.remove!;
  assertPermitted(ctx.def.key, request.user!, 'delete');
  await assertNoDependents(tx, ctx.def.key, current.id);
  await remove.check?.(tx, current, request);
  const snapshot = await ctx.snapshotOf(tx, current);
  await remove.write(tx, current, request);
  const files = snapshot ? { retireFiles: ctx.filesOf(current) } : { removeFiles: ctx.filesOf(current) };
  return { result: current, audit: { resource: ctx.def.key, recordId: current.id, action, before: current, snapshot }, ...files };
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
      return auditedWrite(app.db, request, (tx) => removeWrite(ctx, tx, request, current, 'delete'));
    },
  );
}
