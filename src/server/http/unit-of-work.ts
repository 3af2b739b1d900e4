/**
 * One unit of work of a request: the write, its audit entries and its file clean-up commit together or not at all.
 * The route builder runs every write through it; a route outside any resource (profile, saved queries) calls
 * `auditedWrite` itself. Repositories never open a transaction: they write on the `tx` they are handed.
 */
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import type { AuditEntry } from '../repos/audit';
import { publishChange } from '../repos/events';
import { retireFiles } from '../repos/retired-files';
import { recordAudit } from './audit';
import { enqueueWebhooks } from './webhook-outbox';

export interface Written<T> {
  result: T;
  /** What the audit history records of it; none (`undefined`) for a write that changed nothing. */
  audit?: AuditEntry | AuditEntry[];
  /** Stored files the write no longer refers to: deleted once the request has succeeded. */
  removeFiles?: Iterable<string | null | undefined>;
  /** Stored files of deleted records: kept for `DELETED_FILES_DAYS` so a revert can bring them back, then swept. */
  retireFiles?: Iterable<string | null | undefined>;
}

export async function auditedWrite<T>(db: Db, request: FastifyRequest, write: (tx: Tx) => Promise<Written<T>>): Promise<T> {
  const done = await db.transaction(async (tx) => {
    const written = await write(tx);
    const entries = [written.audit ?? []].flat();
    for (const entry of entries) await recordAudit(tx, request, entry);
    await publishChanges(tx, entries);
    // The webhooks' outbox: their messages commit with the change, or not at all (issue #36).
    const messages = await enqueueWebhooks(tx, entries);
    if (written.retireFiles) await retireFiles(tx, written.retireFiles);
    return { ...written, messages };
  });
  if (done.messages) request.server.webhooks.wake();
  for (const path of done.removeFiles ?? []) request.removeFileAfterSuccess(path);
  return done.result;
}

/**
 * One change event per (resource, action) of the write's audit entries, on its transaction: the open panels hear of it
 * at commit (repos/events.ts). The audit entries are exactly what the write changed, so nothing is told twice or missed.
 */
async function publishChanges(tx: Tx, entries: AuditEntry[]) {
  const groups = new Map<string, { resource: string; action: string; ids: string[] }>();
  for (const { resource, action, recordId } of entries) {
    const key = `${resource}\u0000${action}`;
    const group = groups.get(key) ?? { resource, action, ids: [] };
    if (!group.ids.includes(recordId)) group.ids.push(recordId);
    groups.set(key, group);
  }
  for (const change of groups.values()) await publishChange(tx, change);
}
