/** The two reads every resource has, registered from the registry: the list (DESIGN §5 parameters) and one record. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ResourceDef } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { notFound } from '../errors';
import { listQuerySchema, pageIds, parseListParams, sendList, type ListSpec } from './list';

export interface ReadOptions<T> {
  resource: ResourceDef;
  /** What a 404 calls the record, e.g. "Region". */
  label: string;
  spec: (lang: string) => ListSpec;
  /** Full records for these ids (any order). */
  load: (ids: string[], lang: string) => Promise<T[]>;
  record?: z.ZodType;
  tags?: string[];
}

export const uuidLike = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Loads one record or throws 404 (also for ids that are not uuids: they cannot exist). */
export async function loadOne<T>(opts: Pick<ReadOptions<T>, 'load' | 'label'>, id: string, lang: string): Promise<T> {
  if (!uuidLike(id)) throw notFound(opts.label);
  const [record] = await opts.load([id], lang);
  if (!record) throw notFound(opts.label);
  return record;
}

export function registerReads<T extends { id: string }>(app: FastifyInstance, opts: ReadOptions<T>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = opts.tags ?? [opts.resource.key];
  const response = opts.record ? { 200: z.array(opts.record) } : undefined;
  r.get(
    `/${opts.resource.api.list}`,
    {
      onRequest: app.requirePermission(perm(opts.resource.key, 'list')),
      schema: { tags, querystring: listQuerySchema, response },
    },
    async (request, reply) => {
      const params = parseListParams(request.query);
      const { ids, total } = await pageIds(app.db, opts.spec(request.lang), params);
      const records = await opts.load(ids, request.lang);
      const byId = new Map(records.map((rec) => [rec.id, rec]));
      return sendList(reply, opts.resource.route, params, total, ids.map((id) => byId.get(id)).filter(Boolean));
    },
  );
  if (opts.resource.api.one) {
    r.get(
      `/${opts.resource.api.one}`,
      {
        onRequest: app.requirePermission(perm(opts.resource.key, 'show')),
        schema: { tags, params: z.object({ id: z.string() }), response: opts.record ? { 200: opts.record } : undefined },
      },
      async (request) => loadOne(opts, request.params.id, request.lang),
    );
  }
}
