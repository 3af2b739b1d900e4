/**
 * The webhooks' tables (issue #36): endpoints, and the outbox of their messages with each one's delivery state. The
 * writes take the caller's transaction; `claimDue` takes due messages with `FOR UPDATE SKIP LOCKED`, so two workers
 * never take the same attempt.
 */
import { and, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';
import type { WebhookDeliveryRecord, WebhookRecord } from '../../shared/schemas/webhook';

const { secret: _secret, previousSecret: _previous, ...shown } = getTableColumns(webhookEndpoints);

export function webhookList(db: DbOrTx): Promise<WebhookRecord[]> {
  return db.select(shown).from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function webhookById(db: DbOrTx, id: string): Promise<WebhookRecord | undefined> {
  const [row] = await db.select(shown).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

interface NewWebhook {
  url: string;
  events: string[];
  description?: string;
  enabled?: boolean;
  secret: string;
  createdBy: string | null;
}

export async function insertWebhook(tx: Tx, values: NewWebhook): Promise<string> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  return row.id;
}

export async function updateWebhook(tx: Tx, id: string, changes: { url?: string; events?: string[]; description?: string; enabled?: boolean }): Promise<void> {
  if (!Object.keys(changes).length) return;
  // Turned on by a person: the server's reason for turning it off, and the run of failures, are over.
  const reset = changes.enabled ? { disabledReason: null, failingSince: null } : {};
  await tx
    .update(webhookEndpoints)
    .set({ ...changes, ...reset, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id));
}

/** A new secret; the old one keeps signing beside it until `overlapUntil`. */
export async function rotateWebhookSecret(tx: Tx, id: string, secret: string, overlapUntil: Date): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ secret, previousSecret: webhookEndpoints.secret, previousSecretExpiresAt: overlapUntil, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id));
}

export async function deleteWebhook(tx: Tx, id: string): Promise<void> {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The enabled endpoints, as the outbox needs them (what they want, whose reading rights their payloads carry). */
export function enabledWebhooks(db: DbOrTx): Promise<{ id: string; events: string[]; createdBy: string | null }[]> {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events, createdBy: webhookEndpoints.createdBy })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, true));
}

export interface OutboxMessage {
  messageId: string;
  endpointId: string;
  eventType: string;
  payload: Record<string, unknown>;
}

/** Writes messages to the outbox, on the change's own transaction: they exist exactly when the change commits. */
export async function enqueueWebhookMessages(db: DbOrTx, messages: OutboxMessage[]): Promise<void> {
  if (messages.length) await db.insert(webhookDeliveries).values(messages);
}

/** A message taken by a worker: what it sends, and to whom. */
export interface TakenMessage {
  id: string;
  messageId: string;
  endpointId: string;
  eventType: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
  url: string;
  secrets: string[];
}

/**
 * Leases up to `limit` due messages of enabled endpoints, marking each `sending` until `leaseMs` from now (a worker
 * killed mid-delivery leaves it due again when the lease ends) and counting the attempt. Rows another worker holds are
 * skipped, not waited for. Run it in a short transaction of its own; answers the ids taken.
 */
export async function leaseDue(tx: Tx, limit: number, leaseMs: number): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    update ${webhookDeliveries} d
    set status = 'sending', attempts = d.attempts + 1, last_attempt_at = now(),
        next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    where d.id in (
      select w.id from ${webhookDeliveries} w join ${webhookEndpoints} e on e.id = w.endpoint_id
      where w.status in ('pending', 'sending', 'failed') and w.next_attempt_at <= now() and e.enabled
      order by w.next_attempt_at
      limit ${limit}
      for update of w skip locked)
    returning d.id`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** The leased messages with what sending them needs: the URL and the secrets that sign (both during an overlap). */
export async function takenMessages(db: DbOrTx, ids: string[]): Promise<TakenMessage[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      messageId: webhookDeliveries.messageId,
      endpointId: webhookDeliveries.endpointId,
      eventType: webhookDeliveries.eventType,
      payload: webhookDeliveries.payload,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: sql<string | null>`case when ${webhookEndpoints.previousSecretExpiresAt} > now() then ${webhookEndpoints.previousSecret} end`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids));
  return rows.map(({ secret, previousSecret, ...row }) => ({ ...row, secrets: previousSecret ? [secret, previousSecret] : [secret] }));
}

/** A delivered attempt: the message is done and its endpoint's run of failures over. Only the attempt's own worker. */
export async function markDelivered(tx: Tx, message: TakenMessage, statusCode: number): Promise<void> {
  const done = await tx
    .update(webhookDeliveries)
    .set({ status: 'delivered', deliveredAt: new Date(), lastStatusCode: statusCode, lastError: null })
    .where(and(eq(webhookDeliveries.id, message.id), eq(webhookDeliveries.attempts, message.attempts)))
    .returning({ id: webhookDeliveries.id });
  if (done.length) await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, message.endpointId));
}

/**
 * A failed attempt: due again at `retryAt`, or `dead` when there is none. The endpoint's run of failures starts, if
 * it was not failing, when this message was written (what it has failed to receive since); answers when it started,
 * so the caller can turn an endpoint failing for too long off.
 */
export async function markFailed(
  tx: Tx,
  message: TakenMessage,
  failure: { statusCode: number | null; error: string; retryAt: Date | null },
): Promise<Date | undefined> {
  const done = await tx
    .update(webhookDeliveries)
    .set({
      status: failure.retryAt ? 'failed' : 'dead',
      nextAttemptAt: failure.retryAt ?? sql`now()`,
      lastStatusCode: failure.statusCode,
      lastError: failure.error.slice(0, 500),
    })
    .where(and(eq(webhookDeliveries.id, message.id), eq(webhookDeliveries.attempts, message.attempts)))
    .returning({ id: webhookDeliveries.id });
  if (!done.length) return undefined;
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${message.createdAt.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, message.endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return endpoint?.failingSince ?? undefined;
}

/**
 * Turns an endpoint off for failing (when it is still on and still failing since `since`); answers its creator when
 * this call did it, so he is told once.
 */
export async function disableFailingWebhook(tx: Tx, endpointId: string): Promise<{ createdBy: string | null; url: string } | undefined> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ createdBy: webhookEndpoints.createdBy, url: webhookEndpoints.url });
  return row;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  messageId: webhookDeliveries.messageId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};

/** An endpoint's delivery log, newest first. */
export async function webhookDeliveryList(db: DbOrTx, endpointId: string, limit: number, offset: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
  ]);
  return { rows: rows as WebhookDeliveryRecord[], total };
}

export async function webhookDelivery(db: DbOrTx, endpointId: string, id: string): Promise<WebhookDeliveryRecord | undefined> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row as WebhookDeliveryRecord | undefined;
}

/** Sends a message again now (same `webhook-id`); one being sent right now is left to its worker. */
export async function retryWebhookDelivery(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} <> 'sending'`));
}

/** Delivered and dead messages older than `days` go (the log keeps 30 days). */
export async function purgeWebhookDeliveries(db: DbOrTx, days: number): Promise<number> {
  const gone = await db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, sql`now() - make_interval(days => ${days}::int)`), inArray(webhookDeliveries.status, ['delivered', 'dead'])))
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}
