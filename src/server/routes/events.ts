/**
 * The open panels' live channel (issue #25): `GET /events`, a change stream (plugins/events.ts), and presence on edit
 * pages (`PUT`/`DELETE /presence`, repos/presence.ts). Neither is audited nor empties the caches (`changesNothing`):
 * a heartbeat changes nothing another request reads, besides who else is on the page.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, notFound } from '../errors';
import { resources } from '../../shared/resources';
import { publishChange } from '../repos/events';
import { recordExists } from '../repos/records';
import { leavePresence, othersPresent, PRESENCE_PER_SESSION, presentElsewhere, touchPresence } from '../repos/presence';
import { said } from '../messages';

const EVENT_TEXTS = {
  unknownResource: { uz: 'Nomaʼlum resurs "{resource}"', ru: 'Неизвестный ресурс «{resource}»', en: 'Unknown resource "{resource}"' },
  unknown: { uz: 'nomaʼlum', ru: 'неизвестно', en: 'unknown' },
  noPermission: { uz: 'Buni qilishga ruxsatingiz yoʻq ({code})', ru: 'У вас нет права на это ({code})', en: 'You have no permission to do that ({code})' },
  record: { uz: 'Yozuv', ru: 'Запись', en: 'Record' },
  tooManyOpen: { uz: 'Bitta seansda bir vaqtda koʻpi bilan {n} ta yozuv ochiq boʻlishi mumkin; baʼzi sahifalarni yoping', ru: 'В одном сеансе одновременно можно открыть не более {n} записей; закройте часть страниц', en: 'At most {n} records can be open at once in one session; close some pages' },
  sendBoth: { uz: 'resource va id ni yuboring', ru: 'Укажите resource и id', en: 'Send resource and id' },
  required: { uz: 'majburiy', ru: 'обязательно', en: 'required' },
} as const;

const where = z.object({
  resource: z.string().min(1).max(64),
  id: z.string().trim().min(1, 'id is required').max(64, 'id is at most 64 characters'),
});
const others = z.object({
  others: z.array(z.object({ userId: z.string(), name: z.string(), since: z.string() })),
});

/** The caller may view the record's resource; a resource that does not exist is a 400. */
function presenceTarget(request: FastifyRequest, body: z.infer<typeof where>) {
  if (!Object.hasOwn(resources, body.resource)) throw new HttpError(400, said(EVENT_TEXTS.unknownResource, { resource: body.resource.slice(0, 64) }), { resource: said(EVENT_TEXTS.unknown) });
  const user = request.user!;
  if (!user.permissions.has(`${body.resource}.show`)) throw new HttpError(403, said(EVENT_TEXTS.noPermission, { code: `${body.resource}.show` }));
  return { sessionId: user.sessionId, userId: user.id, resource: body.resource, recordId: body.id };
}

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const anyUser = app.requirePermission();

  app.get(
    '/events',
    {
      onRequest: anyUser,
      schema: {
        tags: ['events'],
        description:
          'A text/event-stream of committed writes, for the panel (read with a streaming fetch and the bearer header). Frames: ' +
          '`id: <n>` `event: change` `data: {"resource","ids","action"}` for each write to a resource the caller may list (ids only, no content); ' +
          '`event: ready` once (the position to resume from); `event: reset` when events were missed (refetch everything); a comment every 25 s. ' +
          'Send `Last-Event-ID` to resume. A closed session ends the stream. 429 with Retry-After when the account holds ' +
          'EVENT_STREAMS_PER_USER streams on this process, 503 when the process holds EVENT_STREAMS_MAX.',
        headers: z.object({ 'last-event-id': z.string().optional() }).passthrough(),
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => app.liveEvents.serve(request, reply),
  );

  app.put(
    '/presence',
    {
      onRequest: anyUser,
      config: { changesNothing: true },
      schema: {
        tags: ['events'],
        description:
          'The caller has the record open on an edit page (a heartbeat every 20 s; `<resource>.show`; 404 when there is no such record). Answers the other sessions seen on it within 60 s, one per user. Joining tells the stream (`action: "presence"`). 429 beyond ' +
          `${PRESENCE_PER_SESSION} records open at once in one session.`,
        body: where,
        response: { 200: others },
      },
    },
    async (request) => {
      const at = presenceTarget(request, request.body);
      // Only a record that exists (and the caller may show): a made-up id or markup never reaches another panel's stream.
      if (!(await recordExists(app.db, at.resource, at.recordId))) throw notFound(said(EVENT_TEXTS.record));
      if ((await presentElsewhere(app.db, at)) >= PRESENCE_PER_SESSION) {
        throw new HttpError(429, said(EVENT_TEXTS.tooManyOpen, { n: PRESENCE_PER_SESSION }));
      }
      if (await touchPresence(app.db, at)) await publishChange(app.db, { resource: at.resource, ids: [at.recordId], action: 'presence' });
      return { others: await othersPresent(app.db, at) };
    },
  );

  app.delete(
    '/presence',
    {
      onRequest: anyUser,
      config: { changesNothing: true },
      schema: {
        tags: ['events'],
        description: 'The caller left the record’s edit page (body or query `resource`, `id`); 204. Leaving tells the stream (`action: "presence"`).',
        querystring: where.partial(),
      },
    },
    async (request, reply) => {
      const input = where.safeParse({ ...(request.query as object), ...((request.body as object | undefined) ?? {}) });
      if (!input.success) throw new HttpError(400, said(EVENT_TEXTS.sendBoth), { resource: said(EVENT_TEXTS.required), id: said(EVENT_TEXTS.required) });
      const at = presenceTarget(request, input.data);
      if (await leavePresence(app.db, at)) await publishChange(app.db, { resource: at.resource, ids: [at.recordId], action: 'presence' });
      return reply.code(204).send();
    },
  );
};

export default eventRoutes;
