/**
 * Outgoing webhooks (issue #36), all with `webhook.manage`: the endpoints' list, one, create, edit, delete (audited
 * under `webhook`, like any write; the secret never in an answer but create's and rotate's, never in the audit), the
 * secret's rotation with an overlap, the delivery log, a retry and a test event. URLs are checked when saved: http or
 * https only, and no private, loopback or link-local address unless `WEBHOOK_ALLOW_PRIVATE=1`.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../errors';
import { auditedWrite } from '../http/unit-of-work';
import { uuidLike } from '../query/ids';
import { secretsSent } from '../rules/audit-changes';
import type { DbOrTx } from '../db/client';
import { said, type Message } from '../messages';
import { perm } from '../../shared/permissions';
import { idParams } from '../../shared/schemas/common';
import { WEBHOOK_API as API, WEBHOOK_TEST_EVENT } from '../../shared/webhook-paths';
import {
  webhookCreateSchema,
  webhookDeliveryParams,
  webhookDeliveryRecord,
  webhookEditSchema,
  webhookRecord,
  webhookWithSecret,
} from '../../shared/schemas/webhook';
import {
  deleteWebhook,
  enqueueWebhookMessages,
  insertWebhook,
  retryWebhookDelivery,
  rotateWebhookSecret,
  updateWebhook,
  webhookById,
  webhookDelivery,
  webhookDeliveryList,
  webhookList,
} from '../repos/webhooks';
import { GIVE_UP_MS, newMessageId, newWebhookSecret, urlProblem, type UrlProblem } from '../rules/webhooks';

const TEXTS = {
  endpoint: { uz: 'Webhook', ru: 'Вебхук', en: 'Webhook' },
  delivery: { uz: 'Yetkazish', ru: 'Доставка', en: 'Delivery' },
  invalid: { uz: 'Bu toʻgʻri manzil (URL) emas', ru: 'Это неверный адрес (URL)', en: 'This is not a valid URL' },
  scheme: { uz: 'Manzil http:// yoki https:// bilan boshlanishi kerak', ru: 'Адрес должен начинаться с http:// или https://', en: 'The URL must start with http:// or https://' },
  credentials: {
    uz: 'Manzilda foydalanuvchi nomi yoki parol boʻlmasligi kerak',
    ru: 'Адрес не должен содержать имя пользователя или пароль',
    en: 'The URL must not hold a user name or password',
  },
  private: {
    uz: 'Bu manzil ichki tarmoqqa (xususiy, loopback yoki link-local manzilga) olib boradi; webhooklar u yerga yuborilmaydi',
    ru: 'Этот адрес ведёт во внутреннюю сеть (частный, loopback или link-local адрес); вебхуки туда не отправляются',
    en: 'This URL leads to a private, loopback or link-local address; webhooks are not sent there',
  },
  unresolved: { uz: 'Manzilning xosti topilmadi', ru: 'Хост адреса не найден', en: 'The URL’s host could not be found' },
} as const satisfies Record<string, Record<'uz' | 'ru' | 'en', string>>;

const tags = ['webhook'];
const AUDIT_KEY = 'webhook';
/** After a rotation the old secret keeps signing beside the new one this long, so receivers can switch over. */
const ROTATION_OVERLAP_MS = GIVE_UP_MS;
const LOG_MAX = 200;

const deliveriesQuery = z.object({
  range: z
    .string()
    .regex(/^\[\s*\d{1,7}\s*,\s*\d{1,7}\s*\]$/, 'range is [first, last]')
    .optional(),
});

/** What every webhook route needs: its guard, the endpoint by id (404), and the URL check (400/422, field `url`). */
function kit(app: FastifyInstance) {
  const guard = app.requirePermission(perm('webhook', 'manage'));
  const load = async (id: string, db: DbOrTx = app.db) => {
    const row = uuidLike(id) ? await webhookById(db, id) : undefined;
    if (!row) throw notFound(said(TEXTS.endpoint));
    return row;
  };
  const checkUrl = async (url: string | undefined) => {
    if (url === undefined) return;
    const problem: UrlProblem | undefined = await urlProblem(url, app.config.webhookAllowPrivate);
    if (!problem) return;
    const message: Message = said(TEXTS[problem]);
    throw new HttpError(problem === 'private' ? 422 : 400, message, { url: message });
  };
  return { guard, load, checkUrl };
}

/** The endpoints themselves: list, one, create, edit, delete. */
const endpointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, load, checkUrl } = kit(app);

  app.get(
    `/${API.list}`,
    { onRequest: guard, schema: { tags, description: 'The webhook endpoints, newest first (never their secrets)', response: { 200: webhookRecord.array() } } },
    async () => webhookList(app.db),
  );

  app.get(
    `/${API.one}`,
    { onRequest: guard, schema: { tags, description: 'One webhook endpoint (never its secret)', params: idParams, response: { 200: webhookRecord } } },
    async (request) => load(request.params.id),
  );

  app.post(
    `/${API.create}`,
    {
      onRequest: guard,
      schema: {
        tags,
        description:
          'Adds an endpoint: `url` (http or https; a private, loopback or link-local address answers 422 unless WEBHOOK_ALLOW_PRIVATE=1), `events` (`*`, `<resource>.*` or `<resource>.<action>`, e.g. `region.edit`), `description`, `enabled`. Answers the record with its signing `secret` (`whsec_…`), shown only now',
        body: webhookCreateSchema,
        response: { 201: webhookWithSecret },
      },
    },
    async (request, reply) => {
      await checkUrl(request.body.url);
      const secret = newWebhookSecret();
      const created = await auditedWrite(app.db, request, async (tx) => {
        const id = await insertWebhook(tx, { ...request.body, secret, createdBy: request.user?.id ?? null });
        const after = await load(id, tx);
        return { result: after, audit: { resource: AUDIT_KEY, recordId: id, action: 'create', after } };
      });
      return reply.status(201).send({ ...created, secret });
    },
  );

  app.patch(
    `/${API.update}`,
    {
      onRequest: guard,
      schema: { tags, description: 'Edits an endpoint: only what is sent changes; turning it on ends a server-made `disabledReason`', params: idParams, body: webhookEditSchema, response: { 200: webhookRecord } },
    },
    async (request) => {
      const current = await load(request.params.id);
      await checkUrl(request.body.url);
      return auditedWrite(app.db, request, async (tx) => {
        await updateWebhook(tx, current.id, request.body);
        const after = await load(current.id, tx);
        return { result: after, audit: { resource: AUDIT_KEY, recordId: current.id, action: 'edit', before: current, after } };
      });
    },
  );

  app.delete(
    `/${API.delete}`,
    { onRequest: guard, schema: { tags, description: 'Deletes an endpoint with its delivery log, and answers it as it was', params: idParams, response: { 200: webhookRecord } } },
    async (request) => {
      const current = await load(request.params.id);
      return auditedWrite(app.db, request, async (tx) => {
        await deleteWebhook(tx, current.id);
        return { result: current, audit: { resource: AUDIT_KEY, recordId: current.id, action: 'delete', before: current } };
      });
    },
  );

};

/** Beside an endpoint: a new secret, a test event, the delivery log and a retry. */
const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, load } = kit(app);

  app.post(
    `/${API.rotate}`,
    {
      onRequest: guard,
      schema: {
        tags,
        description: 'A new signing secret, answered once; for 24 hours every message is signed with both the new and the old one (two `v1,` signatures)',
        params: idParams,
        response: { 200: webhookWithSecret },
      },
    },
    async (request) => {
      const current = await load(request.params.id);
      const secret = newWebhookSecret();
      const after = await auditedWrite(app.db, request, async (tx) => {
        await rotateWebhookSecret(tx, current.id, secret, new Date(Date.now() + ROTATION_OVERLAP_MS));
        const after = await load(current.id, tx);
        // The secret is recorded as changed, its value never.
        return { result: after, audit: { resource: AUDIT_KEY, recordId: current.id, action: 'edit', before: current, after, extra: secretsSent({ secret }) } };
      });
      return { ...after, secret };
    },
  );

  app.post(
    `/${API.test}`,
    {
      onRequest: guard,
      schema: { tags, description: `Sends a \`${WEBHOOK_TEST_EVENT}\` event to the endpoint (whatever events it wants); answers the delivery`, params: idParams, response: { 202: webhookDeliveryRecord } },
    },
    async (request, reply) => {
      const endpoint = await load(request.params.id);
      const messageId = newMessageId();
      const payload = { type: WEBHOOK_TEST_EVENT, timestamp: new Date().toISOString(), data: { endpointId: endpoint.id, test: true } };
      await enqueueWebhookMessages(app.db, [{ messageId, endpointId: endpoint.id, eventType: WEBHOOK_TEST_EVENT, payload }]);
      app.webhooks.wake();
      const { rows } = await webhookDeliveryList(app.db, endpoint.id, 1, 0);
      return reply.status(202).send(rows.find((row) => row.messageId === messageId) ?? rows[0]);
    },
  );

  app.get(
    `/${API.deliveries}`,
    {
      onRequest: guard,
      schema: {
        tags,
        description: `The endpoint's delivery log, newest first (kept 30 days): status, answer code, time and attempts. \`range=[0,24]\` picks a page (at most ${LOG_MAX}); \`Content-Range\` and \`X-Total-Count\` give the total`,
        params: idParams,
        querystring: deliveriesQuery,
        response: { 200: webhookDeliveryRecord.array() },
      },
    },
    async (request, reply) => {
      const endpoint = await load(request.params.id);
      const [first, last] = request.query.range ? (JSON.parse(request.query.range) as [number, number]) : [0, 49];
      const limit = Math.min(Math.max(last - first + 1, 1), LOG_MAX);
      const { rows, total } = await webhookDeliveryList(app.db, endpoint.id, limit, first);
      const end = rows.length ? first + rows.length - 1 : first;
      void reply.header('Content-Range', `deliveries ${first}-${end}/${total}`).header('X-Total-Count', String(total));
      return rows;
    },
  );

  app.post(
    `/${API.retry}`,
    {
      onRequest: guard,
      schema: { tags, description: 'Sends a delivery again now, with the same `webhook-id`; answers it as queued', params: webhookDeliveryParams, response: { 202: webhookDeliveryRecord } },
    },
    async (request, reply) => {
      const endpoint = await load(request.params.id);
      const found = uuidLike(request.params.deliveryId) ? await webhookDelivery(app.db, endpoint.id, request.params.deliveryId) : undefined;
      if (!found) throw notFound(said(TEXTS.delivery));
      await retryWebhookDelivery(app.db, found.id);
      app.webhooks.wake();
      return reply.status(202).send((await webhookDelivery(app.db, endpoint.id, found.id)) ?? found);
    },
  );
};

const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(endpointRoutes);
  await app.register(deliveryRoutes);
};

export default webhookRoutes;
