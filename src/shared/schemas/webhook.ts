/**
 * Outgoing webhooks (issue #36): an endpoint is a URL, the events it wants, a signing secret and on/off; its delivery
 * log lists every message sent to it. Managed with `webhook.manage`, not a registry resource (no list/show/… of its
 * own on the roles screen: one switch).
 */
import { z } from 'zod';

const WEBHOOK_EVENTS_MAX = 100;
const URL_MAX = 2000;

/** `*`, `region.*` or `region.edit`: a resource key and an audit action, or a wildcard. */
const EVENT = /^(\*|[a-zA-Z][a-zA-Z0-9]{0,63}\.(\*|[a-zA-Z][a-zA-Z0-9]{0,63}))$/;

const url = z
  .string({ message: 'The URL is required' })
  .trim()
  .min(1, 'The URL is required')
  .max(URL_MAX, `The URL is at most ${URL_MAX} characters`);
const events = z
  .array(z.string().regex(EVENT, 'An event is "*", "<resource>.*" or "<resource>.<action>"'), { message: 'events is a list of event names' })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENTS_MAX, `At most ${WEBHOOK_EVENTS_MAX} events`);
const description = z.string().trim().max(500, 'The description is at most 500 characters');

export const webhookCreateSchema = z
  .object({ url, events, description: description.optional(), enabled: z.boolean().optional() })
  .strict();
export const webhookEditSchema = webhookCreateSchema.partial().strict();
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export type WebhookEdit = z.infer<typeof webhookEditSchema>;

export const webhookRecord = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  /** `failing`: the server turned it off after 24 hours of failed deliveries. */
  disabledReason: z.string().nullable(),
  createdBy: z.string().nullable(),
  failingSince: z.date().nullable(),
  /** Until when the secret before the latest rotation still signs beside the new one. */
  previousSecretExpiresAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type WebhookRecord = z.infer<typeof webhookRecord>;

/** Create and rotate answer the secret, once. */
export const webhookWithSecret = webhookRecord.extend({ secret: z.string() });

export const webhookDeliveryRecord = z.object({
  id: z.string(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'sending', 'failed', 'delivered', 'dead']),
  attempts: z.number().int(),
  nextAttemptAt: z.date(),
  lastAttemptAt: z.date().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.date().nullable(),
  createdAt: z.date(),
});
export type WebhookDeliveryRecord = z.infer<typeof webhookDeliveryRecord>;

export const webhookDeliveryParams = z.object({ id: z.string().min(1), deliveryId: z.string().min(1) });
