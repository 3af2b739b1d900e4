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
import { recordAudits } from './audit';
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

/** What runs once a write of a resource's records has committed: given the ids its audit entries name, and those entries. */
type CommittedHook = (db: Db, ids: string[], request: FastifyRequest, entries: AuditEntry[]) => Promise<void>;
/** What runs in the write's own transaction, last: given the write's entries of the resource (e.g. a mark of work owed). */
type InTransactionHook = (tx: Tx, entries: AuditEntry[]) => Promise<void>;
const committedHooks = new Map<string, { hook: CommittedHook; owe?: InTransactionHook }>();

/**
 * Runs `hook` after every committed unit of work that wrote records of `resource` (whichever door: form, bulk, import,
 * revert, an action), before the request answers: e.g. a cottage's moderation signals (repos/signals.ts), which only
 * queues them. `owe`, when given, runs inside the write's transaction, so what `hook` promises is committed with the
 * write (a crash between the commit and the work leaves the mark to the next start). One hook per resource; a failing
 * hook is logged, never undoes or fails the committed write.
 */
export function afterCommit(resource: string, hook: CommittedHook, owe?: InTransactionHook) {
  committedHooks.set(resource, { hook, owe });
}

export async function auditedWrite<T>(db: Db, request: FastifyRequest, write: (tx: Tx) => Promise<Written<T>>): Promise<T> {
  let entries: AuditEntry[] = [];
  const done = await db.transaction(async (tx) => {
    const written = await write(tx);
    entries = [written.audit ?? []].flat();
    await recordAudits(tx, request, entries);
    await publishChanges(tx, entries);
    await oweCommittedHooks(tx, entries);
    // The webhooks' outbox: their messages commit with the change, or not at all (issue #36).
    const messages = await enqueueWebhooks(tx, entries);
    if (written.retireFiles) await retireFiles(tx, written.retireFiles);
    return { ...written, messages };
  });
  if (done.messages) request.server.webhooks.wake();
  for (const path of done.removeFiles ?? []) request.removeFileAfterSuccess(path);
  await runCommittedHooks(db, request, entries);
  return done.result;
}

async function oweCommittedHooks(tx: Tx, entries: AuditEntry[]) {
  for (const [resource, { owe }] of committedHooks) {
    const own = entries.filter((e) => e.resource === resource);
    if (owe && own.length) await owe(tx, own);
  }
}

async function runCommittedHooks(db: Db, request: FastifyRequest, entries: AuditEntry[]) {
  for (const [resource, { hook }] of committedHooks) {
    const own = entries.filter((e) => e.resource === resource);
    const ids = [...new Set(own.map((e) => e.recordId))];
    if (!ids.length) continue;
    try {
      await hook(db, ids, request, own);
    } catch (error) {
      request.log.error({ err: error, resource }, 'after-commit hook failed');
    }
  }
}

/**
 * One change event per (resource, action) of the write's audit entries, on its transaction: the open panels hear of it
 * at commit (repos/events.ts). The audit entries are exactly what the write changed, so nothing is told twice or missed.
 */
async function publishChanges(tx: Tx, entries: AuditEntry[]) {
  // Ids as a set: an import's thousands of entries made `includes` on a growing list O(n²).
  const groups = new Map<string, { resource: string; action: string; ids: Set<string> }>();
  for (const { resource, action, recordId } of entries) {
    const key = `${resource}\u0000${action}`;
    const group = groups.get(key) ?? { resource, action, ids: new Set<string>() };
    group.ids.add(recordId);
    groups.set(key, group);
  }
  for (const { resource, action, ids } of groups.values()) await publishChange(tx, { resource, action, ids: [...ids] });
}
