/**
 * Saved list queries (issue 9, the list kit): an admin's filter, sort and columns for one list, kept on the server so
 * they survive logout and a new browser. A query marked shared is offered to every admin who may list that resource;
 * only its owner renames, shares or deletes it.
 *
 * A saved query's filter and sort are checked by asking the list endpoint itself (an internal request for an empty
 * page with the caller's own token), so the fields allowed here are exactly those the list accepts — there is no
 * second copy of any list's field names — and a value the list would refuse is a 400 naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../db/client';
import { authenticate } from '../plugins/auth';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';
import { uuidLike } from '../query/ids';
import { auditedWrite } from '../http/unit-of-work';
import { deleteSavedQuery, insertSavedQuery, savedQueriesOf, savedQueryById, savedQueryNameTaken, updateSavedQuery, type SavedQueryRow } from '../repos/saved-queries';
import { perm } from '../../shared/permissions';
import { resources, resourceByRoute, type ResourceDef } from '../../shared/resources';
import { idParams } from '../../shared/schemas/common';
import {
  savedQueryCreateSchema,
  savedQueryEditSchema,
  savedQueryListQuery,
  SAVED_QUERY_API,
  type SavedQueryValue,
} from '../../shared/schemas/saved-query';
import { savedQueryRecord, type SavedQueryRecord } from '../../shared/records/saved-query';
import { render, said } from '../messages';

const SAVED_TEXTS = {
  listNothing: { uz: 'Sizda hech narsani koʻrish ruxsati yoʻq', ru: 'У вас нет права просматривать списки', en: 'You have no permission to list anything' },
  unknownResource: { uz: 'Nomaʼlum resurs "{route}"', ru: 'Неизвестный ресурс «{route}»', en: 'Unknown resource "{route}"' },
  unknownResourceField: { uz: 'Nomaʼlum resurs', ru: 'Неизвестный ресурс', en: 'Unknown resource' },
  noPermission: { uz: 'Buni qilishga ruxsatingiz yoʻq ({code})', ru: 'У вас нет права на это ({code})', en: 'You have no permission to do that ({code})' },
  doesNotFit: { uz: 'Saqlangan soʻrov roʻyxatga mos kelmaydi ({where}): {problem}', ru: 'Сохранённый запрос не подходит к списку ({where}): {problem}', en: 'The saved query does not fit the {label} list ({where}): {problem}' },
  savedQuery: { uz: 'Saqlangan soʻrov', ru: 'Сохранённый запрос', en: 'Saved query' },
  ownerOnly: { uz: 'Bu saqlangan soʻrovni faqat egasi oʻzgartirishi yoki oʻchirishi mumkin', ru: 'Изменить или удалить этот сохранённый запрос может только его владелец', en: 'Only the owner can change or delete this saved query' },
  nameTaken: { uz: 'Bu roʻyxatda "{name}" nomli saqlangan soʻrovingiz allaqachon bor', ru: 'У вас уже есть сохранённый запрос «{name}» для этого списка', en: 'You already have a saved query named "{name}" on this list' },
  refused: { uz: 'Roʻyxat soʻrovni rad etdi', ru: 'Список отклонил запрос', en: 'The list refused the query' },
} as const;

const tags = ['savedQuery'];
/** What the audit history calls these records (not a registry resource). */
const AUDIT_KEY = 'savedQuery';
const LIST_CODES = Object.values(resources).map((def) => `${def.key}.list`);

/**
 * `onRequest`: a logged-in user who may list at least one resource. Which resource a call is about is in its query,
 * body or stored row, so the handler then checks that one (`listedResource`).
 */
function requireSomeList(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const user = await authenticate(app, request);
    if (!LIST_CODES.some((code) => user.permissions.has(code))) throw forbidden(said(SAVED_TEXTS.listNothing));
  };
}

/** Pages that are a second list of a resource keep saved queries of their own, under the page's route. */
const LIST_PAGES: Record<string, string> = { 'progress-cottages': 'cottage' };

/** The route a list's queries are stored under: the page's own for a list page, else the resource's. */
const storedUnder = (route: string, def: ResourceDef) => (LIST_PAGES[route] ? route : def.route);

/** The registry entry of an admin route the caller may list: 400 for an unknown route, 403 without `<key>.list`. */
function listedResource(request: FastifyRequest, route: string): ResourceDef {
  const def = resourceByRoute(LIST_PAGES[route] ?? route);
  if (!def || !def.actions.includes('list')) throw badRequest(said(SAVED_TEXTS.unknownResource, { route }), { resource: said(SAVED_TEXTS.unknownResourceField) });
  const code = perm(def.key, 'list');
  if (!request.user?.permissions.has(code)) throw forbidden(said(SAVED_TEXTS.noPermission, { code }));
  return def;
}

interface ListAnswer {
  status: number;
  message: string;
  fields?: Record<string, string>;
}

/** Asks the list endpoint for an empty page with this filter and sort, as the caller. */
async function askList(app: FastifyInstance, request: FastifyRequest, def: ResourceDef, filter: Record<string, unknown>, sort: SavedQueryValue['sort']): Promise<ListAnswer> {
  const search = new URLSearchParams({ range: '[0,0]', sort: JSON.stringify([sort.field, sort.order]), filter: JSON.stringify(filter) });
  const res = await app.inject({
    method: 'GET',
    url: `${app.prefix}/${def.api.list}?${search}`,
    headers: { authorization: request.headers.authorization ?? '', 'accept-language': request.headers['accept-language'] ?? '' },
  });
  if (res.statusCode === 200) return { status: 200, message: '' };
  const body = (res.json() ?? {}) as { message?: string; fields?: Record<string, string> };
  return { status: res.statusCode, message: body.message ?? render(said(SAVED_TEXTS.refused), request.messageLang), fields: body.fields };
}

/** The list's own field errors, renamed to where they sit in the saved query. */
function queryFields(fields: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fields) return undefined;
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    out[key === 'sort' || key === 'filter' ? `query.${key}` : `query.filter.${key}`] = message;
  }
  return out;
}

/** 400 when the list endpoint would refuse this filter or sort, naming the field. */
async function checkAgainstList(app: FastifyInstance, request: FastifyRequest, def: ResourceDef, value: SavedQueryValue) {
  const answer = await askList(app, request, def, value.filter, value.sort);
  if (answer.status === 200) return;
  if (answer.status !== 400) throw new HttpError(answer.status, answer.message);
  let fields = queryFields(answer.fields);
  if (!fields) {
    // A value the database refused (e.g. a date that is not one) comes back without a field: find which one it was.
    for (const [key, v] of Object.entries(value.filter)) {
      if ((await askList(app, request, def, { [key]: v }, value.sort)).status === 400) {
        fields = { [`query.filter.${key}`]: answer.message };
        break;
      }
    }
    fields ??= { 'query.sort': answer.message };
  }
  const where = Object.keys(fields)[0];
  throw badRequest(said(SAVED_TEXTS.doesNotFit, { label: def.label, where, problem: answer.message }), fields);
}

function toRecord(row: SavedQueryRow, callerId: string): SavedQueryRecord {
  const { userId, ownerName, ...rest } = row;
  return { ...rest, own: userId === callerId, owner: { id: userId, name: ownerName } };
}

const savedQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSomeList(app);

  const load = async (id: string, db: DbOrTx = app.db): Promise<SavedQueryRow> => {
    const row = uuidLike(id) ? await savedQueryById(db, id) : undefined;
    if (!row) throw notFound(said(SAVED_TEXTS.savedQuery));
    return row;
  };

  /** The stored row if the caller owns it and may still list its resource. */
  const loadOwn = async (request: FastifyRequest, id: string): Promise<SavedQueryRow> => {
    const row = await load(id);
    if (row.userId !== request.user!.id) throw forbidden(said(SAVED_TEXTS.ownerOnly));
    listedResource(request, row.resource);
    return row;
  };

  const assertNameFree = async (userId: string, resource: string, name: string, exceptId?: string) => {
    if (await savedQueryNameTaken(app.db, userId, resource, name, exceptId)) throw conflict(said(SAVED_TEXTS.nameTaken, { name }));
  };

  app.get(
    `/${SAVED_QUERY_API.list}`,
    {
      onRequest: guard,
      schema: {
        tags,
        description: "The caller's saved queries for a list (`resource` = its admin route) and the ones others shared; needs `<resource>.list`",
        querystring: savedQueryListQuery,
        response: { 200: savedQueryRecord.array() },
      },
    },
    async (request) => {
      const def = listedResource(request, request.query.resource);
      const me = request.user!.id;
      const rows = await savedQueriesOf(app.db, storedUnder(request.query.resource, def), me);
      return rows.map((row) => toRecord(row, me));
    },
  );

  app.post(
    `/${SAVED_QUERY_API.create}`,
    {
      onRequest: guard,
      schema: {
        tags,
        description: 'Saves a query {filter, sort, columns?} (at most 8 kB) under a name unique per user and list; 409 when the name is taken',
        body: savedQueryCreateSchema,
        response: { 201: savedQueryRecord },
      },
    },
    async (request, reply) => {
      const { resource, name, query, shared } = request.body;
      const def = listedResource(request, resource);
      await checkAgainstList(app, request, def, query);
      const me = request.user!.id;
      await assertNameFree(me, storedUnder(resource, def), name);
      const saved = await auditedWrite(app.db, request, async (tx) => {
        const id = await insertSavedQuery(tx, { userId: me, resource: storedUnder(resource, def), name, query, shared: shared ?? false });
        const after = await load(id, tx);
        return { result: after, audit: { resource: AUDIT_KEY, recordId: id, action: 'create', after } };
      });
      return reply.status(201).send(toRecord(saved, me));
    },
  );

  app.patch(
    `/${SAVED_QUERY_API.update}`,
    {
      onRequest: guard,
      schema: { tags, description: 'Renames and/or shares the caller\'s own saved query (403 for anyone else\'s)', params: idParams, body: savedQueryEditSchema, response: { 200: savedQueryRecord } },
    },
    async (request) => {
      const current = await loadOwn(request, request.params.id);
      const { name, shared } = request.body;
      if (name !== undefined) await assertNameFree(current.userId, current.resource, name, current.id);
      const after =
        name === undefined && shared === undefined
          ? current
          : await auditedWrite(app.db, request, async (tx) => {
              await updateSavedQuery(tx, current.id, { name, shared });
              const written = await load(current.id, tx);
              return { result: written, audit: { resource: AUDIT_KEY, recordId: current.id, action: 'edit', before: current, after: written } };
            });
      return toRecord(after, request.user!.id);
    },
  );

  app.delete(
    `/${SAVED_QUERY_API.delete}`,
    {
      onRequest: guard,
      schema: { tags, description: "Deletes the caller's own saved query (403 for anyone else's); answers it", params: idParams, response: { 200: savedQueryRecord } },
    },
    async (request) => {
      const current = await loadOwn(request, request.params.id);
      await auditedWrite(app.db, request, async (tx) => {
        await deleteSavedQuery(tx, current.id);
        return { result: undefined, audit: { resource: AUDIT_KEY, recordId: current.id, action: 'delete', before: current } };
      });
      return toRecord(current, request.user!.id);
    },
  );
};

export default savedQueryRoutes;
