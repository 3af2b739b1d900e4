/**
 * The list kit's additive calls, built by `registerResource` for every resource whose registry entry declares them:
 * - `POST <bulkDelete> {ids}`: the resource's delete command for each id, in one unit of work — all or nothing; the
 *   first record that cannot go (404, 409, 403) is named in the answer and nothing changes;
 * - `PATCH <bulkUpdate> {ids, data}`: the resource's edit command for each id, in one unit of work, limited to the
 *   fields its bulk schema allows (cottage moderation, order statuses);
 * - `GET <export>`: the list as CSV with the list's own filter and sort, every matching row, streamed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client';
import { HttpError } from '../errors';
import { said } from '../messages';
import { recordLabel } from '../labels';
import type { ResourceDef } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import type { AuditEntry } from '../repos/audit';
import { auditedWrite, type Written } from './unit-of-work';
import { csvFormat, exportFileName, exportQuerySchema, exportStream, withTexts } from './csv-export';
import { allLanguageCodes } from '../repos/languages';
import { allIds, filterSchema, type ListParams, type ListSpec } from '../query/list';
import { listQuerySchemaFor, parseListParams } from './list-params';
import { DEFAULT_LANGUAGE } from '../../shared/enums';

const BULK_LIMIT = 1000;
const NAMED_RECORD = { uz: '{label} "{name}" ({id})', ru: '{label} "{name}" ({id})', en: '{label} "{name}" ({id})' };
const RECORD = { uz: '{label} {id}', ru: '{label} {id}', en: '{label} {id}' };
const BULK_REFUSED = { uz: '{which}: {reason}; hech narsa oʻzgarmadi', ru: '{which}: {reason}; ничего не изменено', en: '{which}: {reason}; nothing was changed' };

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
  /** The resource's delete command, audited as `bulkDelete`. */
  remove?: (tx: Tx, request: FastifyRequest, current: R) => Promise<Written<R>>;
  bulkUpdate?: {
    /** The permission action the bulk edit needs (e.g. `moderate`). */
    action: string;
    schema: z.ZodType<Record<string, unknown>>;
    /** The resource's edit command with the bulk's data, audited as `bulkEdit`. */
    write(tx: Tx, request: FastifyRequest, data: Record<string, unknown>, current: R): Promise<Written<unknown>>;
  };
}

/**
 * Runs one command per id in one unit of work (its audit entries, change event and files commit together); an
 * HttpError is answered with the record it concerns named first, and nothing changes.
 */
async function allOrNothing<R extends { id: string }>(
  app: FastifyInstance,
  kit: ListKit<R>,
  request: FastifyRequest,
  ids: string[],
  command: (tx: Tx, current: R) => Promise<Written<unknown>>,
): Promise<R[]> {
  return auditedWrite(app.db, request, async (tx) => {
    const done: R[] = [];
    const audit: AuditEntry[] = [];
    const retireFiles: (string | null | undefined)[] = [];
    const removeFiles: (string | null | undefined)[] = [];
    for (const id of ids) {
      let current: R | undefined;
      try {
        current = await kit.loadOne(tx, id, request.lang);
        const written = await command(tx, current);
        audit.push(...[written.audit ?? []].flat());
        retireFiles.push(...(written.retireFiles ?? []));
        removeFiles.push(...(written.removeFiles ?? []));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const name = (current as { name?: unknown } | undefined)?.name;
        const label = recordLabel(kit.def.key, kit.label);
        const which = typeof name === 'string' && name ? said(NAMED_RECORD, { label, name, id }) : said(RECORD, { label, id });
        throw new HttpError(error.statusCode, said(BULK_REFUSED, { which, reason: error.said }), { ...error.saidFields, id }, error.extra);
      }
      done.push(current);
    }
    return { result: done, audit, retireFiles, removeFiles };
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
        const deleted = await allOrNothing(app, kit, request, ids, (tx, current) => remove(tx, request, current));
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
        await allOrNothing(app, kit, request, ids, (tx, current) => bulkUpdate.write(tx, request, data, current));
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
          // The list's filter, field by field with its kind, as the list documents it: the fuzz sends the export wrong values too.
          querystring: exportQuerySchema.extend({ filter: listQuerySchemaFor(filterSchema(kit.spec(DEFAULT_LANGUAGE))).shape.filter }),
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
