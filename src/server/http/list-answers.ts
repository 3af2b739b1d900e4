/**
 * A list call answered from the database's JSON (`query/page-json.ts`), for the route builder: the answer kept while the
 * versions of the tables its statements read are the ones it was read after (nothing committed to them since, by
 * anyone: query/table-versions.ts, cache/kept-answers.ts), else read — a page in one or two statements, a list without
 * `range` whole or, past one batch, streamed. Identical calls that miss at the same moment share one reading.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CachedPage, ComputedList as Computed } from '../plugins/changes';
import { pageIds, pageIdsSql, type ListParams, type ListSpec } from '../query/list';
import { sendList, sendRange } from './list-params';
import type { PageJson } from '../query/page-json';
import { tablesIn, tableVersions } from '../query/table-versions';
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
   * A page's answer: the page of ids (planned for its values, a small statement), then the JSON by ids (one prepared
   * statement per resource, whose generic plan holds at any size and for any range; docs/decisions.md, "Cold pages").
   * The total is counted once per filter and versions of the tables read (a count reads every matching row, the page
   * only its own): paging, sorting or a kept answer's second expiring reuses it.
   */
  const ranged = async (params: ListParams, lang: string, versions: string | undefined): Promise<CachedPage> => {
    const totals = app.caches.listTotals;
    const totalKey = versions === undefined ? undefined : JSON.stringify([versions, path, lang, params.filter]);
    const known = totalKey === undefined ? undefined : totals.get(totalKey);
    const { page: ids, total: count } = pageIdsSql(app.db, specOf(lang), params, known);
    const { body, count: found, total } = await pageJson.ranged(app.db, ids, count, lang, Object.keys(params.filter).length === 0);
    if (known === undefined && totalKey !== undefined) totals.set(totalKey, total);
    return { body: Buffer.from(body), count: found, total };
  };

  /** A call's answer, or (a list without `range` past one batch) its ids to stream: never kept, shared only. */
  const compute = async (params: ListParams, lang: string, versions: string | undefined): Promise<Computed> => {
    if (params.range) return ranged(params, lang, versions);
    const { ids, total } = await pageIds(app.db, specOf(lang), params);
    if (ids.length > JSON_BATCH) return { ids, total };
    return { body: Buffer.from((await pageJson(app.db, ids, lang)).body), count: ids.length, total };
  };

  return async (reply: FastifyReply, params: ListParams, lang: string) => {
    // The tables the call's statements name (the page of ids with its filter's and sort's joins, and the JSON with its
    // translations, images, comforts…), and their versions, read before the answer is: the answer is at least as new.
    const statements = pageIdsSql(app.db, specOf(lang), params);
    const versions = await tableVersions(app.db, tablesIn(statements.page.sql, statements.total.sql, ...pageJson.texts));
    const key = versions === undefined ? undefined : JSON.stringify([versions, path, lang, params]);
    const answer = await app.caches.listPages.through(key, () => compute(params, lang, versions), (computed) => 'body' in computed);
    if (!('body' in answer)) {
      sendList(reply, route, params, answer.total, answer.ids);
      return stream(reply, answer.ids, lang);
    }
    sendRange(reply, route, params, answer.total, answer.count);
    return reply.type('application/json; charset=utf-8').send(answer.body);
  };
}
