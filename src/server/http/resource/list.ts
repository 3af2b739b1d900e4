/** A resource's list, its views and its list kit (bulk delete, bulk edit, CSV export). */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../../../shared/enums';
import { perm } from '../../../shared/permissions';
import type { DbOrTx } from '../../db/client';
import { inOrder } from '../../query/ids';
import { filterSchema, pageIds, type ListSpec } from '../../query/list';
import { parseVersion } from '../versions';
import { jsonListAnswers } from '../list-answers';
import { registerListKit } from '../list-kit';
import { listQuerySchemaFor, parseListParams, sendList } from '../list-params';
import { inBatches, textStream } from '../streaming';
import { loadOne, type ResourceContext } from './context';
import { editWrite, removeWrite } from './writes';

/**
 * Each resource's main list as other reads take it (the palette's search, `routes/search.ts`): the same spec, filters,
 * search folding and loader as its list route, so a search can never show more, or match otherwise, than the list.
 */
interface ListSource {
  spec(lang: string): ListSpec;
  load(db: DbOrTx, ids: string[], lang: string): Promise<{ id: string }[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resource key → its main list (decorated in `app.ts`, filled as each resource registers). */
    listSources: Map<string, ListSource>;
  }
}

export function registerLists<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>) {
  const { app, cfg, def, tags } = ctx;
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

    app.get(
      `/${path}`,
      {
        onRequest: app.requirePermission(perm(def.key, 'list')),
        schema: { tags, description, querystring: listQuerySchemaFor(filterSchema(specOf(DEFAULT_LANGUAGE))), response: { 200: z.array(cfg.record) } },
      },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const lang = request.lang;
        const params = { ...(cfg.listParams ? cfg.listParams(query) : parseListParams(query)), lang: request.messageLang };
        if (jsonAnswer) return jsonAnswer(reply, params, lang);
        const { ids, total } = await pageIds(app.db, specOf(lang), params);
        if (!params.range) {
          sendList(reply, def.route, params, total, ids);
          return streamAll(reply, ids, lang);
        }
        return sendList(reply, def.route, params, total, inOrder(ids, await cfg.load(app.db, ids, lang)));
      },
    );
    return { specOf };
  };
  // Built once now, so a spec that does not match the registry (e.g. a `search` name it lacks) fails at start-up.
  for (const spec of [cfg.spec, ...(cfg.views ?? []).map((v) => v.spec)]) spec(DEFAULT_LANGUAGE);
  const main = listRoute(def.api.list, cfg.spec);
  app.listSources.set(def.key, { spec: main.specOf, load: cfg.load });
  for (const view of cfg.views ?? []) listRoute(`${def.api.list}/${view.path}`, view.spec, view.description);
}

/** The list kit's additive calls (bulk delete, bulk edit, CSV export), from the same spec, loader, delete and edit. */
export function registerBulk<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>) {
  const { app, cfg, def, label } = ctx;
  const update = cfg.update;
  registerListKit(app, {
    def,
    label,
    record: cfg.record,
    spec: cfg.spec,
    listParams: cfg.listParams,
    load: cfg.load,
    exportRows: cfg.exportRows,
    loadOne: (db, id, lang) => loadOne(db, cfg.load, ctx.named, id, lang),
    remove: cfg.remove ? (tx, request, current) => removeWrite(ctx, tx, request, current, 'bulkDelete') : undefined,
    bulkUpdate:
      update && cfg.bulkUpdate
        ? {
            ...cfg.bulkUpdate,
            // Per record, the version named in `versions` (optional) must still be the stored one.
            write(tx, request, data, current) {
              const named = (request.body as { versions?: Record<string, unknown> }).versions?.[current.id];
              const wanted = named === undefined || named === null || named === '' ? undefined : parseVersion(named, `versions.${current.id}`);
              const matches = wanted === undefined ? undefined : (stored: Date) => stored.getTime() === wanted;
              const permission = cfg.bulkUpdate!.action;
              return editWrite(ctx, tx, request, { current, data: data as U, files: [], action: 'bulkEdit', matches, permission }, update.write);
            },
          }
        : undefined,
  });
}
