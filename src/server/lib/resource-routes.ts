/**
 * The one builder of a resource's routes, read from its registry entry. It owns what every resource does alike:
 * paths from `def.api`, the permission `<def.key>.<action>`, the id parameter and 404, body and response schemas
 * (multipart bodies described as fields in the OpenAPI document), load-after-write, 201 on create, the answer of
 * the deleted record, file clean-up, the OpenAPI tag, and each write's audit entry (before → after, in one transaction
 * with the write: `lib/audit.ts`). A route file declares only what is special: its loader,
 * list spec, payload schemas and the repo calls that write.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { RESOURCE_TABLES, type TabledResource } from '../db/tables';
import { badRequest, HttpError, notFound } from '../errors';
import type { ResourceDef } from '../../shared/resources';
import { DEFAULT_LANGUAGE } from '../../shared/enums';
import { perm } from '../../shared/permissions';
import { idParams } from '../../shared/schemas/common';
import type { AuthUser } from '../plugins/auth';
import type { UploadedFile } from '../plugins/uploads';
import { recordAudit, secretsSent } from './audit';
import { readValidForm } from './forms';
import { registerListKit } from './list-kit-routes';
import { inBatches, textStream } from './streaming';
import type { PageJson } from './page-json';
import { jsonListAnswers } from './list-answers';
import { inOrder, listQuerySchema, pageIds, parseListParams, sendList, type ListParams, type ListSpec } from './list';
import { bumpVersion, changed, etagOf, lastModifiedOf, lockVersion, namedVersion, parseVersion, readVersions, takeBodyVersion, versionedTable } from './versions';

type WithId = { Params: { id: string } };

export type Loader<R> = (db: DbOrTx, ids: string[], lang: string) => Promise<R[]>;

/** A write's payload: JSON validated by Fastify, or (with `files`) a form read in the handler. */
export interface BodyConfig<D> {
  schema: z.ZodType<D>;
  /**
   * The file fields a form may carry and how many files each. With it the body is read as multipart or JSON (JSON
   * values become form text, as the original accepted); without it the body is JSON only.
   */
  files?: Record<string, number>;
  /** With `files`: a JSON body is still validated as JSON (only a multipart one is read as a form). */
  strictJson?: boolean;
}

/** What a write's own code receives. */
export interface WriteInput<D> {
  data: D;
  request: FastifyRequest;
  user: AuthUser;
  lang: string;
  /** Stores the single file of `field` (a 400 when required and missing) and answers its path. */
  image(field: string, required: boolean): Promise<string | undefined>;
  /** Stores every file of `field`, in order. */
  images(field: string): Promise<string[]>;
}

export interface ResourceRoutes<R extends { id: string }, C = never, U = never> {
  def: ResourceDef;
  /** What messages call one record, e.g. "Region"; by default the one in `db/tables.ts`. */
  label?: string;
  record: z.ZodType<R>;
  load: Loader<R>;
  /**
   * The CSV export's rows, when cheaper than full records: each record's fields, the nested ones already as their cell
   * text (see `exportColumns`). By default the export loads full records with `load`.
   */
  exportRows?: Loader<{ id: string }>;
  /**
   * The list's fast path: a page of records as the JSON text the database builds (`lib/page-json.ts`), sent without
   * records in between. It must equal `record`'s encoding of what `load` reads (`test/page-json.test.ts`).
   */
  pageJson?: PageJson;
  /** The list: filterable and sortable fields, search and default order. */
  spec: (lang: string) => ListSpec;
  /** Further views of the same list at `<list>/<path>`, e.g. `translate/unused`. */
  views?: { path: string; description: string; spec: (lang: string) => ListSpec }[];
  /** Reads list parameters from the query (cottages fold their legacy parameters in); default DESIGN §5 only. */
  listParams?: (query: Record<string, unknown>) => ListParams;
  /** Stored files a record refers to: those a write drops, and all of a deleted record's, are removed afterwards. */
  files?: (record: R) => (string | null | undefined)[];
  create?: { body: BodyConfig<C>; description?: string; write(db: Db, input: WriteInput<C>): Promise<string> };
  update?: { body: BodyConfig<U>; description?: string; write(db: DbOrTx, input: WriteInput<U>, current: R): Promise<unknown> };
  /** The bulk edit at `def.api.bulkUpdate`: the fields it may change (a part of the edit) and the permission it needs. */
  bulkUpdate?: { action: string; schema: z.ZodType<Record<string, unknown>> };
  /** Replaces the record's image from a multipart `image` (required) at `def.api.image`. */
  image?: { write(db: DbOrTx, current: R, image: string): Promise<void> };
  remove?: {
    description?: string;
    /** Refuses the delete (throws an HttpError), e.g. a 409 while other records depend on it. */
    check?(db: DbOrTx, current: R, request: FastifyRequest): Promise<void>;
    write(db: DbOrTx, current: R, request: FastifyRequest): Promise<void>;
  };
}

export const uuidLike = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Loads one record or throws 404 (also for ids that are not uuids: they cannot exist). */
export async function loadOne<R>(db: DbOrTx, load: Loader<R>, label: string, id: string, lang: string): Promise<R> {
  if (!uuidLike(id)) throw notFound(label);
  const [record] = await load(db, [id], lang);
  if (!record) throw notFound(label);
  return record;
}

/** Form bodies are read in the handler: the schema only documents them (and, with `strictJson`, checks JSON ones). */
export function formValidator(strictJson: boolean): FastifySchemaCompiler<FastifySchema> {
  return (route) => {
    const zod = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    if (route.httpPart !== 'body') return zod;
    return (data) => (strictJson && data !== undefined && data !== null ? zod(data) : { value: data });
  };
}

/** The body part of a route's schema: the payload, plus its files as binary fields for the OpenAPI document. */
export function bodySchema(body: BodyConfig<unknown>, multipart: boolean | undefined) {
  if (!body.files) return { body: body.schema };
  const files = Object.fromEntries(
    Object.entries(body.files).map(([field, max]) => {
      const file = z.string().meta({ format: 'binary', description: 'An image file' });
      return [field, (max === 1 ? file : z.array(file).max(max)).optional()];
    }),
  );
  const described = Object.keys(files).length ? z.intersection(body.schema, z.object(files)) : body.schema;
  const consumes = multipart ? ['multipart/form-data', 'application/json'] : ['application/json', 'multipart/form-data'];
  return { body: described, consumes };
}

export function registerResource<R extends { id: string }, C, U>(app: FastifyInstance, cfg: ResourceRoutes<R, C, U>) {
  const { def } = cfg;
  const label = cfg.label ?? RESOURCE_TABLES[def.key as TabledResource]?.one ?? def.label;
  const tags = [def.key];
  // Optimistic concurrency (see `versions.ts`): the records this builder answers one at a time carry `updatedAt`.
  const versions = versionedTable(def.key);
  const record = (versions && cfg.record instanceof z.ZodObject ? cfg.record.extend({ updatedAt: z.date() }) : cfg.record) as z.ZodType<R>;
  const oneFrom = async (db: DbOrTx, id: string, lang: string): Promise<R> => {
    const found = await loadOne(db, cfg.load, label, id, lang);
    // A record whose loader reads the version already (cottages) costs no second query.
    if (!versions || versionOf(found) instanceof Date) return found;
    const updatedAt = (await readVersions(db, versions, [found.id])).get(found.id);
    return updatedAt ? { ...found, updatedAt } : found;
  };
  const one = (id: string, lang: string) => oneFrom(app.db, id, lang);
  const versionOf = (r: R) => (r as { updatedAt?: unknown }).updatedAt;
  /** The 409 of a write based on an older version: the record as it now is goes with it. */
  const conflictOf = async (db: DbOrTx, id: string, lang: string) =>
    new HttpError(
      409,
      `This ${label.toLowerCase()} was changed by someone else after you read it; nothing was saved. Reload it, or send your change again with the current version to overwrite`,
      undefined,
      { current: await oneFrom(db, id, lang) },
    );
  /** Holds the record's row, answers 409 when the write names a version that is not the stored one. */
  async function checkVersion(tx: DbOrTx, id: string, lang: string, matches: ((stored: Date) => boolean) | undefined) {
    if (!versions) return;
    const stored = await lockVersion(tx, versions, id);
    if (!stored) throw notFound(label);
    if (matches && !matches(stored)) throw await conflictOf(tx, id, lang);
  }
  const stored = (record: R) => new Set((cfg.files?.(record) ?? []).filter((p): p is string => Boolean(p)));
  /** Files the record referred to before a write and no longer does are deleted once the request succeeds. */
  const dropReplaced = (request: FastifyRequest, before: R, after: R) => {
    const kept = stored(after);
    for (const path of stored(before)) if (!kept.has(path)) request.removeFileAfterSuccess(path);
  };

  async function readBody<D>(request: FastifyRequest, body: BodyConfig<D>): Promise<{ data: D; files: UploadedFile[] }> {
    // A JSON `null` is no edit: refuse it like any body that is not an object (a form reader would take it as empty).
    if (request.body === null && !request.isMultipart()) throw badRequest('The body must be a JSON object or a multipart form');
    if (!body.files || (body.strictJson && !request.isMultipart())) return { data: (request.body ?? {}) as D, files: [] };
    return readValidForm(request, body.schema, body.files, label.toLowerCase());
  }

  function input<D>(request: FastifyRequest, data: D, files: UploadedFile[]): WriteInput<D> {
    return {
      data,
      request,
      user: request.user!,
      lang: request.lang,
      async image(field, required) {
        const file = files.find((f) => f.field === field);
        if (!file && required) throw badRequest(`An image file is required in "${field}"`, { [field]: 'An image file is required' });
        return file ? request.saveImage(file) : undefined;
      },
      async images(field) {
        const paths: string[] = [];
        for (const file of files.filter((f) => f.field === field)) paths.push(await request.saveImage(file));
        return paths;
      },
    };
  }

  /**
   * A list without `range` (the original clients) may hold 100 000 records: it is streamed, a batch of records at a
   * time (each encoded by the record schema, which keeps only the record's fields, like every answer), instead of
   * being built whole in memory.
   */
  const streamAll = (reply: FastifyReply, ids: string[], lang: string) =>
    reply
      .type('application/json; charset=utf-8')
      .send(textStream('[', inBatches(ids, (batch) => cfg.load(app.db, batch, lang)), (record, i) => (i ? ',' : '') + JSON.stringify(z.encode(cfg.record, record)), ']'));

  // The one list handler: the plain list and its views, DESIGN §5 parameters (or the resource's own reading of them).
  const listRoute = (path: string, spec: (lang: string) => ListSpec, description?: string) => {
    // A spec is the same for every request in one language: built once per language (a few), not per request.
    const specs = new Map<string, ListSpec>();
    const specOf = (lang: string) => {
      let built = specs.get(lang);
      if (!built) specs.set(lang, (built = spec(lang)));
      return built;
    };

    const jsonAnswer = cfg.pageJson && jsonListAnswers(app, { route: def.route, path, pageJson: cfg.pageJson, specOf });

    return app.get(
      `/${path}`,
      {
        onRequest: app.requirePermission(perm(def.key, 'list')),
        schema: { tags, description, querystring: listQuerySchema, response: { 200: z.array(cfg.record) } },
      },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const params = cfg.listParams ? cfg.listParams(query) : parseListParams(query);
        const lang = request.lang;
        if (jsonAnswer) return jsonAnswer(reply, params, lang);
        const { ids, total } = await pageIds(app.db, specOf(lang), params);
        if (!params.range) {
          sendList(reply, def.route, params, total, ids);
          return streamAll(reply, ids, lang);
        }
        return sendList(reply, def.route, params, total, inOrder(ids, await cfg.load(app.db, ids, lang)));
      },
    );
  };
  // Built once now, so a spec that does not match the registry (e.g. a `search` name it lacks) fails at start-up.
  for (const spec of [cfg.spec, ...(cfg.views ?? []).map((v) => v.spec)]) spec(DEFAULT_LANGUAGE);
  listRoute(def.api.list, cfg.spec);
  for (const view of cfg.views ?? []) listRoute(`${def.api.list}/${view.path}`, view.spec, view.description);

  // The list kit's additive calls (bulk delete, bulk edit, CSV export), from the same spec, loader, delete and edit.
  const update = cfg.update;
  registerListKit(app, {
    def,
    label,
    record: cfg.record,
    spec: cfg.spec,
    listParams: cfg.listParams,
    load: cfg.load,
    exportRows: cfg.exportRows,
    loadOne: (db, id, lang) => loadOne(db, cfg.load, label, id, lang),
    files: stored,
    remove: cfg.remove,
    bulkUpdate:
      update && cfg.bulkUpdate
        ? {
            ...cfg.bulkUpdate,
            // Per record, the version named in `versions` (optional) must still be the stored one.
            async write(db, request, data, current) {
              const named = (request.body as { versions?: Record<string, unknown> }).versions?.[current.id];
              const wanted = named === undefined || named === null || named === '' ? undefined : parseVersion(named, `versions.${current.id}`);
              await checkVersion(db, current.id, request.lang, wanted === undefined ? undefined : (stored) => stored.getTime() === wanted);
              await update.write(db, input(request, data as U, []), current);
              if (versions) await bumpVersion(db, versions, current.id);
            },
          }
        : undefined,
  });

  if (def.api.one) {
    app.get<WithId>(
      `/${def.api.one}`,
      {
        onRequest: app.requirePermission(perm(def.key, 'show')),
        schema: { tags, params: idParams, response: { 200: record } },
      },
      async (request, reply) => {
        const found = await one(request.params.id, request.lang);
        const version = versionOf(found);
        if (version instanceof Date) reply.header('etag', etagOf(version)).header('last-modified', lastModifiedOf(version));
        return found;
      },
    );
  }

  const create = cfg.create;
  if (create && def.api.create) {
    app.post(
      `/${def.api.create}`,
      {
        onRequest: app.requirePermission(perm(def.key, 'create')),
        config: { costly: create.body.files ? 'upload' : undefined },
        validatorCompiler: create.body.files ? formValidator(Boolean(create.body.strictJson)) : undefined,
        schema: { tags, description: create.description, ...bodySchema(create.body, def.multipart?.create), response: { 201: record } },
      },
      async (request, reply) => {
        const { data, files } = await readBody(request, create.body);
        // The write, its answer and its audit entry commit together (or not at all).
        const created = await app.db.transaction(async (tx) => {
          const id = await create.write(tx, input(request, data, files));
          const after = await oneFrom(tx, id, request.lang);
          await recordAudit(tx, request, { resource: def.key, recordId: id, action: 'create', after, extra: secretsSent(data) });
          return after;
        });
        return reply.status(201).send(created);
      },
    );
  }

  /** The edit's payload as documented and validated: a JSON object body also names its optional `version`. */
  function versionedBody<D>(body: BodyConfig<D>): BodyConfig<D> {
    if (!versions || !(body.schema instanceof z.ZodObject)) return body;
    const version = z
      .union([z.string(), z.number()])
      .optional()
      .meta({ description: "The version (`updatedAt`) the change is based on; taken out before the write. Like `If-Match`" });
    return { ...body, schema: body.schema.extend({ version }) as unknown as z.ZodType<D> };
  }

  /**
   * An edit of one record: load it (404), then in one transaction hold its row and check the version the request
   * names (409), write, move the version on when the record changed and record the change (before → after) in the
   * audit history; answer the record as it is now and delete the files it no longer refers to.
   */
  function editRoute<D>(
    path: string,
    action: string,
    body: BodyConfig<D>,
    multipart: boolean | undefined,
    description: string,
    write: (db: DbOrTx, input: WriteInput<D>, current: R) => Promise<unknown>,
  ) {
    const concurrency = versions
      ? '. Optimistic concurrency: `If-Match` (the ETag of GET one, or the `updatedAt` read), `If-Unmodified-Since` (its `Last-Modified`), a body field `version`, or the record\'s own `updatedAt` sent back in the body names the version the change is based on; a newer stored version answers 409 with `current`, the record as it is'
      : '';
    app.patch<WithId>(
      `/${path}`,
      {
        onRequest: app.requirePermission(perm(def.key, 'edit')),
        config: { costly: body.files ? 'upload' : undefined },
        preValidation: takeBodyVersion,
        validatorCompiler: body.files ? formValidator(Boolean(body.strictJson)) : undefined,
        schema: { tags, params: idParams, description: description + concurrency, ...bodySchema(versionedBody(body), multipart), response: { 200: record } },
      },
      async (request, reply) => {
        const current = await one(request.params.id, request.lang);
        const { data, files } = await readBody(request, body);
        // After the body: a multipart form names its version in its fields.
        const matches = namedVersion(request);
        const after = await app.db.transaction(async (tx) => {
          await checkVersion(tx, current.id, request.lang, matches);
          await write(tx, input(request, data, files), current);
          let written = await oneFrom(tx, current.id, request.lang);
          if (versions && changed(current, written)) written = { ...written, updatedAt: await bumpVersion(tx, versions, current.id) };
          await recordAudit(tx, request, { resource: def.key, recordId: current.id, action, before: current, after: written, extra: secretsSent(data) });
          return written;
        });
        dropReplaced(request, current, after);
        const version = versionOf(after);
        if (version instanceof Date) reply.header('etag', etagOf(version)).header('last-modified', lastModifiedOf(version));
        return after;
      },
    );
  }

  if (update && def.api.update) {
    const description = update.description ?? 'Only what is sent changes; an empty field changes nothing';
    editRoute(def.api.update, 'edit', update.body, def.multipart?.update, description, (db, input, current) => update.write(db, input, current));
  }

  const image = cfg.image;
  if (image && def.api.image) {
    editRoute(def.api.image, 'image', { schema: z.object({}), files: { image: 1 } }, true, 'Replaces the image', async (db, input, current) =>
      image.write(db, current, (await input.image('image', true))!),
    );
  }

  const remove = cfg.remove;
  if (remove && def.api.delete) {
    app.delete<WithId>(
      `/${def.api.delete}`,
      {
        onRequest: app.requirePermission(perm(def.key, 'delete')),
        schema: { tags, params: idParams, description: remove.description ?? 'Answers the deleted record', response: { 200: cfg.record } },
      },
      async (request) => {
        const current = await one(request.params.id, request.lang);
        await app.db.transaction(async (tx) => {
          await remove.check?.(tx, current, request);
          await remove.write(tx, current, request);
          await recordAudit(tx, request, { resource: def.key, recordId: current.id, action: 'delete', before: current });
        });
        for (const path of stored(current)) request.removeFileAfterSuccess(path);
        return current;
      },
    );
  }

  return { one, load: cfg.load };
}
