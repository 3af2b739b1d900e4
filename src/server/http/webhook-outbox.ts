/**
 * The outbox (issue #36): every audited write becomes one message per enabled endpoint that wants it, inserted on the
 * write's own transaction by the unit of work — a change that rolls back leaves no message, a committed one always
 * has its messages. The payload carries ids, the action and the changed field names, and the record only when the
 * endpoint's creator may read the resource (`<resource>.show` or `.list`), never a secret.
 */
import type { DbOrTx } from '../db/client';
import type { AuditEntry } from '../repos/audit';
import { enabledWebhooks, enqueueWebhookMessages, type OutboxMessage } from '../repos/webhooks';
import { permissionCodesOf } from '../repos/permissions';
import { diffRecords } from '../rules/audit-changes';
import { REVERTIBLE_EFFECTS } from '../../shared/audit-actions';
import { isSecretKey, newMessageId, wants, withoutSecrets } from '../rules/webhooks';

/** The payload of one audited change, as the Standard Webhooks specification shapes it: `{type, timestamp, data}`. */
function changePayload(entry: AuditEntry, mayRead: boolean, now = new Date()): Record<string, unknown> {
  const type = `${entry.resource}.${entry.action}`;
  const changed = Object.keys({ ...diffRecords(entry.before, entry.after), ...entry.extra });
  const record = entry.after ?? entry.before;
  return {
    type,
    timestamp: now.toISOString(),
    data: {
      resource: entry.resource,
      action: entry.action,
      id: entry.recordId,
      changed: changed.filter((key) => !isSecretKey(key)),
      ...(mayRead && record ? { record: withoutSecrets(record) } : {}),
    },
  };
}

/** Writes the messages of a write's audit entries; answers how many (the caller wakes the delivery loop). */
export async function enqueueWebhooks(tx: DbOrTx, entries: AuditEntry[]): Promise<number> {
  if (!entries.length) return 0;
  const endpoints = await enabledWebhooks(tx);
  if (!endpoints.length) return 0;
  const rights = new Map<string, Set<string>>();
  const rightsOf = async (userId: string | null) => {
    if (!userId) return new Set<string>();
    if (!rights.has(userId)) rights.set(userId, new Set(await permissionCodesOf(tx, userId)));
    return rights.get(userId)!;
  };
  const messages: OutboxMessage[] = [];
  for (const entry of entries) {
    // An edit that changed nothing has no audit entry (repos/audit.ts) and tells no one either.
    if (REVERTIBLE_EFFECTS[entry.action] === 'edit' && !Object.keys({ ...diffRecords(entry.before, entry.after), ...entry.extra }).length) continue;
    const type = `${entry.resource}.${entry.action}`;
    for (const endpoint of endpoints) {
      if (!wants(endpoint.events, type)) continue;
      const codes = await rightsOf(endpoint.createdBy);
      const mayRead = codes.has(`${entry.resource}.show`) || codes.has(`${entry.resource}.list`);
      messages.push({ messageId: newMessageId(), endpointId: endpoint.id, eventType: type, payload: changePayload(entry, mayRead) });
    }
  }
  await enqueueWebhookMessages(tx, messages);
  return messages.length;
}
