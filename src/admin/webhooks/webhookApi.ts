/** The Webhooks page's calls (issue #36), on the paths `src/shared/schemas/webhook.ts` declares. */
import { httpClient } from '../providers/httpClient';
import { resources } from '../../shared/resources';
import { WEBHOOK_API } from '../../shared/webhook-paths';
// Types only: the schemas' zod stays out of the panel's bundle.
import type { Json } from '../../shared/json';
import type { WebhookCreate, WebhookDeliveryRecord, WebhookEdit, WebhookRecord } from '../../shared/schemas/webhook';

export type Webhook = Json<WebhookRecord>;
export type WebhookDelivery = Json<WebhookDeliveryRecord>;
export type WebhookInput = WebhookCreate;

const path = (template: string, params: Record<string, string> = {}) =>
  Object.entries(params).reduce((p, [key, value]) => p.replace(`:${key}`, encodeURIComponent(value)), template);
const json = (method: string, body?: unknown): RequestInit => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** The events an endpoint may pick: all, every change of a resource, or one of its writes. */
export const EVENT_CHOICES: string[] = [
  '*',
  ...Object.values(resources)
    .filter((r) => r.key !== 'audit' && r.key !== 'permission')
    .flatMap((r) => [`${r.key}.*`, ...(['create', 'edit', 'delete'] as const).filter((a) => (r.actions as readonly string[]).includes(a)).map((a) => `${r.key}.${a}`)]),
];

export const webhookApi = {
  list: async () => (await httpClient<Webhook[]>(WEBHOOK_API.list)).json,
  create: async (input: WebhookInput) => (await httpClient<Webhook & { secret: string }>(WEBHOOK_API.create, json('POST', input))).json,
  edit: async (id: string, input: WebhookEdit) => (await httpClient<Webhook>(path(WEBHOOK_API.update, { id }), json('PATCH', input))).json,
  remove: async (id: string) => {
    await httpClient(path(WEBHOOK_API.delete, { id }), json('DELETE'));
  },
  rotate: async (id: string) => (await httpClient<Webhook & { secret: string }>(path(WEBHOOK_API.rotate, { id }), json('POST'))).json,
  test: async (id: string) => (await httpClient<WebhookDelivery>(path(WEBHOOK_API.test, { id }), json('POST'))).json,
  deliveries: async (id: string) => (await httpClient<WebhookDelivery[]>(`${path(WEBHOOK_API.deliveries, { id })}?range=${encodeURIComponent('[0,49]')}`)).json,
  retry: async (id: string, deliveryId: string) => (await httpClient<WebhookDelivery>(path(WEBHOOK_API.retry, { id, deliveryId }), json('POST'))).json,
};
