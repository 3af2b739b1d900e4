/**
 * The list kit's additive calls, built by `registerResource` for every resource whose registry entry declares them:
 * - `POST <bulkDelete> {ids}`: the single delete's own checks and write for each id, in one transaction — all or
 *   nothing; the first record that cannot go (404, 409, 403) is named in the answer and nothing changes;
 * - `PATCH <bulkUpdate> {ids, data}`: the resource's own edit for each id, in one transaction, limited to the fields
 *   its bulk schema allows (cottage moderation, order statuses);
 * - `GET <export>`: the list as CSV with the list's own filter and sort, every matching row, streamed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client';
import { HttpError } from '../errors';
import type { ResourceDef } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import type { RecordSnapshot } from '../db/schema';
import { publishChange } from '../repos/events';
import { retireFiles } from '../repos/retired-files';
import { recordAudit } from './audit';
import { csvFormat, exportFileName, exportQuerySchema, exportStream, withTexts } from './csv-export';
import { allLanguageCodes } from '../repos/languages';
import { allIds, type ListParams, type ListSpec } from '../query/list';
import { parseListParams } from './list-params';

const BULK_LIMIT = 1000;

const bulkIds = z
  .array(z.string().min(1).max(64))
  .min(1, 'Select at least one record')
  .max(BULK_LIMIT, `At most ${BULK_LIMIT} records at once`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each id at most once');

const bulkResult = z.object({ ids: z.array(z.string()) });

interface ListKit<R extends { id: string }> {
  def: ResourceDef;
  label: string;
  record: z.ZodType<R>;
  spec: (lang: string) => ListSpec;
  listParams?: (query: Record<string, unknown>) => ListParams;
  load: (db: DbOrTx, ids: string[], lang: string) => Promise<R[]>;
  /** The export's rows, when a resource builds them cheaper than `load` (nested records already as cell text). */
  exportRows?: (db: DbOrTx, ids: string[], lang: string) => Promise<{ id: string }[]>;
  loadOne: (db: DbOrTx, id: string, lang: string) => Promise<R>;
  /** Stored files of a record, retired by a bulk delete (kept for `DELETED_FILES_DAYS`, for a revert). */
  files: (record: R) => Set<string>;
  /** A record's rows and files before it is deleted, kept in the audit entry for a revert. */
  snapshot: (db: DbOrTx, record: R) => Promise<RecordSnapshot | undefined>;
  remove?: {
    check?(tx: Tx, current: R, request: FastifyRequest): Promise<void>;
    write(tx: Tx, current: R, request: FastifyRequest): Promise<void>;
  };
  bulkUpdate?: {
    /** The permission action the bulk edit needs (e.g. `moderate`). */
    action: string;
    schema: z.ZodType<Record<string, unknown>>;
    write(tx: Tx, request: FastifyRequest, data: Record<string, unknown>, current: R): Promise<unknown>;
  };
}

/** Runs `step` for each id in one transaction; an HttpError is answered with the record it concerns named first. */
async function allOrNothing<R extends { id: string }>(
  app: FastifyInstance,
  kit: ListKit<R>,
  request: FastifyRequest,
  ids: string[],
  action: string,
  step: (tx: Tx, current: R) => Promise<void>,
): Promise<R[]> {
  return app.db.transaction(async (tx) => {
    const done: R[] = [];
    for (const id of ids) {
      let current: R | undefined;
      try {
        current = await kit.loadOne(tx, id, request.lang);
        await step(tx, current);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const name = (current as { name?: unknown } | undefined)?.name;
        const which = typeof name === 'string' && name ? `${kit.label} "${name}" (${id})` : `${kit.label} ${id}`;
        throw new HttpError(error.statusCode, `${which}: ${error.message}; nothing was changed`, { ...error.fields, id }, error.extra);
      }
      done.push(current);
    }
    // Bulk writes record their audit entries themselves (not through auditedWrite): they tell the open panels here.
    await publishChange(tx, { resource: kit.def.key, ids: done.map((record) => record.id), action });
    return done;
  });
}

export function registerListKit<R extends { id: string }>(app: FastifyInstance, kit: ListKit<R>) {
  const { def } = kit;
  const tags = [def.key];

  const remove = kit.remove;
  if (remove && def.api.bulkDelete) {
    app.post(
      `/${def.api.bulkDelete}`,
      {
        onRequest: app.requirePermission(perm(def.key, 'delete')),
        schema: {
          tags,
          description: `Deletes every listed ${kit.label.toLowerCase()} (at most ${BULK_LIMIT}) in one transaction, or none: the first that cannot be deleted is named (404, 409)`,
          body: z.object({ ids: bulkIds }),
          response: { 200: bulkResult },
        },
      },
      async (request) => {
        const { ids } = request.body as { ids: string[] };
        const deleted = await allOrNothing(app, kit, request, ids, 'bulkDelete', async (tx, current) => {
          await remove.check?.(tx, current, request);
          const snapshot = await kit.snapshot(tx, current);
          await remove.write(tx, current, request);
          await recordAudit(tx, request, { resource: def.key, recordId: current.id, action: 'bulkDelete', before: current, snapshot });
          if (snapshot) await retireFiles(tx, kit.files(current));
          else for (const path of kit.files(current)) request.removeFileAfterSuccess(path);
        });
        return { ids: deleted.map((record) => record.id) };
      },
    );
  }

  const bulkUpdate = kit.bulkUpdate;
  if (bulkUpdate && def.api.bulkUpdate) {
    app.patch(
      `/${def.api.bulkUpdate}`,
      {
        onRequest: app.requirePermission(perm(def.key, bulkUpdate.action)),
        schema: {
          tags,
          description: `Applies one change to every listed ${kit.label.toLowerCase()} (at most ${BULK_LIMIT}) in one transaction, or to none`,
          // `versions` (optional): per id, the version (`updatedAt`) the change is based on; a newer one answers 409.
          body: z.object({ ids: bulkIds, data: bulkUpdate.schema, versions: z.record(z.string(), z.union([z.string(), z.number()])).optional() }),
          response: { 200: bulkResult },
        },
      },
      async (request) => {
        const { ids, data } = request.body as { ids: string[]; data: Record<string, unknown> };
        await allOrNothing(app, kit, request, ids, 'bulkEdit', async (tx, current) => {
          await bulkUpdate.write(tx, request, data, current);
          const after = await kit.loadOne(tx, current.id, request.lang);
          await recordAudit(tx, request, { resource: def.key, recordId: current.id, action: 'bulkEdit', before: current, after });
        });
        return { ids };
      },
    );
  }

  if (def.api.export) {
    app.get(
      `/${def.api.export}`,
      {
        onRequest: app.requirePermission(perm(def.key, 'list')),
        config: { costly: 'export' },
        schema: {
          tags,
          description:
            "The list as CSV (UTF-8 with a BOM): the list's filter and sort, every matching row, headers in the request's language; `;` and decimal commas except in English, times in APP_TIME_ZONE",
          querystring: exportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const params = kit.listParams ? kit.listParams(query) : parseListParams(query);
        const lang = request.lang;
        const format = csvFormat(lang, query, app.config.timeZone);
        const ids = await allIds(app.db, kit.spec(lang), params);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(def.route, format.timeZone)}"`)
          .header('cache-control', 'no-store');
        const load = kit.exportRows ?? kit.load;
        const languages = (await allLanguageCodes(app.db)).map((l) => l.code);
        const rows = async (batch: string[]) => withTexts(app.db, await load(app.db, batch, lang));
        return reply.send(exportStream({ route: def.route, lang, languages, format, record: kit.record, ids, load: rows }));
      },
    );
  }
}
