/** The audit entry of a request's write: the writer is the request's login. */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { insertAudits, type AuditEntry, type Writer } from '../repos/audit';

/** Who writes: the request's login, if any. */
function writer(request: FastifyRequest): Writer {
  const apiKeyId = request.user?.apiKeyId ?? null;
  // A key is no session: its id is named as the key's, not as a session's.
  return { userId: request.user?.id ?? null, sessionId: apiKeyId ? null : (request.user?.sessionId ?? null), apiKeyId };
}

/**
 * Records the writes of this request's unit of work on its transaction, in a few statements (an edit that changed
 * nothing leaves no entry).
 */
export function recordAudits(db: DbOrTx, request: FastifyRequest, entries: AuditEntry[]): Promise<void> {
  return insertAudits(db, writer(request), entries);
}
