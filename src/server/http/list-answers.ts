/**
 * A list call answered from the database's JSON (`query/page-json.ts`), for the route builder: the answer kept while the
 * database's snapshot is the one it was read after (nothing committed since, by anyone: plugins/changes.ts), else
 * read — a page in one or two statements, a list without `range` whole or, past one batch, streamed.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CachedPage } from '../plugins/changes';
import { pageIds, pageIdsSql, type ListParams, type ListSpec } from '../query/list';
import { sendList, sendRange } from './list-params';
import { currentSnapshot, type PageJson } from '../query/page-json';
import { loadAhead, textStream } from './streaming';

/** The records of a list's JSON per statement when the list has no `range`. */
const JSON_BATCH = 200;

interface JsonList {
  /** The resource's name in `Content-Range`. */
  route: string;
  /** The list's path: a list and each of its views keep their answers and totals apart. */
  path: string;
  pageJson: PageJson;
  specOf: (lang: string) => ListSpec;
}

/** Sends a list call's answer; the permission was checked before, per request. */
export function jsonListAnswers(app: FastifyInstance, { route, path, pageJson, specOf }: JsonList) {
  /** A batch's text at a time, each batch's array without its brackets (none when all its records are gone). */
  const stream = (reply: FastifyReply, ids: string[], lang: string) => {
    const batches = loadAhead(ids, async (batch) => [(await pageJson(app.db, batch, lang)).body.slice(1, -1)].filter(Boolean), JSON_BATCH);
    return reply.type('application/json; charset=utf-8').send(textStream('[', batches, (text, i) => (i ? ',' : '') + text, ']'));
  };

  /**
   * A page's answer: the page of ids, its total and its JSON in one statement — or, filtered, in two: PostgreSQL
   * plans a prepared statement once it finds a generic plan as good as one made for the values, which a filter's
   * values stop being as the table grows (100 000 cottages: a custom plan, so the whole JSON statement planned on
   * every call); the page of ids alone is cheap to plan for its values, and the JSON by ids keeps its generic plan
   * (docs/decisions.md, "Flat with size"). The total is counted once per filter and snapshot (a count reads every
   * matching row, the page only its own): paging, sorting or a kept answer's second expiring reuses it.
   */
  const ranged = async (params: ListParams, lang: string, snapshot: string): Promise<CachedPage> => {
    const totals = app.caches.listTotals;
    const totalKey = JSON.stringify([snapshot, path, lang, params.filter]);
    const generation = totals.generation;
    const known = totals.get(totalKey);
    const { page: ids, total: count } = pageIdsSql(app.db, specOf(lang), params, known);
    const { body, count: found, total } = await pageJson.ranged(app.db, ids, count, lang, Object.keys(params.filter).length > 0);
    if (known === undefined) totals.set(totalKey, total, generation);
    return { body: Buffer.from(body), count: found, total };
  };

  return async (reply: FastifyReply, params: ListParams, lang: string) => {
    const pages = app.caches.listPages;
    const snapshot = await currentSnapshot(app.db);
    const pageKey = JSON.stringify([snapshot, path, lang, params]);
    let answer = pages.get(pageKey);
    if (!answer) {
      const generation = pages.generation;
      if (params.range) answer = await ranged(params, lang, snapshot);
      else {
        const { ids, total } = await pageIds(app.db, specOf(lang), params);
        if (ids.length > JSON_BATCH) {
          sendList(reply, route, params, total, ids);
          return stream(reply, ids, lang);
        }
        answer = { body: Buffer.from((await pageJson(app.db, ids, lang)).body), count: ids.length, total };
      }
      pages.set(pageKey, answer, generation);
    }
    sendRange(reply, route, params, answer.total, answer.count);
    return reply.type('application/json; charset=utf-8').send(answer.body);
  };
}
