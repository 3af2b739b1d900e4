/**
 * `POST audit/revert/{id}`: takes the change an audit entry recorded back, through the reverted resource's own
 * reverter (`resource/revert.ts`), in the action's one unit of work. The revert is audited itself (action `revert`,
 * `revertOf` naming the entry) and so can be reverted in its turn: a revert's effect is the opposite of its entry's.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REVERTIBLE_EFFECTS, type AuditAction } from '../../shared/audit-actions';
import { perm } from '../../shared/permissions';
import type { Tx } from '../db/client';
import { badRequest, conflict, forbidden, HttpError } from '../errors';
import { auditEntry, type StoredAuditEntry } from '../repos/audit';
import type { ActionResult, WriteInput } from './resource/types';
import type { Effect } from './resource/revert';

const OPPOSITE: Record<Effect, Effect> = { create: 'delete', delete: 'create', edit: 'edit' };
/** What a revert of each effect does, and the permission it needs on the record's resource. */
const DOES: Record<Effect, { done: Done; permission: string }> = {
  edit: { done: 'edit', permission: 'edit' },
  delete: { done: 'restore', permission: 'create' },
  create: { done: 'delete', permission: 'delete' },
};
type Done = 'edit' | 'restore' | 'delete';

/** Why an action's entries cannot be reverted, for the 400. */
const NOT_REVERTIBLE: Record<string, string> = {
  password: 'a password is never kept in the history; set a new one instead',
  profile: 'a user edits their own profile themselves',
  twoFactorEnable: 'a second factor belongs to its user; they turn it on or off themselves',
  twoFactorDisable: 'a second factor belongs to its user; they turn it on or off themselves',
  twoFactorReset: 'a second factor belongs to its user; they set it up again themselves',
  twoFactorLock: 'a lock is lifted by its user’s recovery code or an admin’s two-factor reset',
  recoveryCodes: 'recovery codes are never kept in the history; make new ones instead',
  sessionEnd: 'an ended session cannot be resumed; its user logs in again',
  sessionsEnd: 'ended sessions cannot be resumed; their user logs in again',
  undo: 'an undo took a moderation decision back; decide on the cottage again instead',
};

export const revertAnswer = z.object({
  /** The entry taken back. */
  revertOf: z.string(),
  resource: z.string(),
  recordId: z.string(),
  /** What the revert did to the record: fields put back, the record brought back, or deleted. */
  done: z.enum(['edit', 'restore', 'delete']),
  fields: z.array(z.string()),
});
type RevertAnswer = z.infer<typeof revertAnswer>;

/** What the entry did, following a revert's chain to the entry it took back (opposite at each step). */
async function effectOf(tx: Tx, entry: StoredAuditEntry, depth = 0): Promise<Effect> {
  if (entry.action !== 'revert') {
    const effect = REVERTIBLE_EFFECTS[entry.action as AuditAction];
    if (effect) return effect;
    const why = NOT_REVERTIBLE[entry.action] ?? 'only creates, edits and deletes of records can be taken back';
    throw badRequest(`This entry ("${entry.action}") cannot be reverted: ${why}`);
  }
  const reverted = entry.revertOf && depth < 1000 ? await auditEntry(tx, entry.revertOf) : undefined;
  if (!reverted) throw conflict('The entry this revert took back is no longer in the history, so it cannot be reverted');
  return OPPOSITE[await effectOf(tx, reverted, depth + 1)];
}

const isEmptyBody = (body: unknown) =>
  body === undefined || body === null || body === '' || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

export function revertEntry(app: FastifyInstance) {
  return async (tx: Tx, input: WriteInput<undefined>, entry: StoredAuditEntry): Promise<ActionResult<RevertAnswer>> => {
    // The entry names everything; a body sent anyway (`[1]`, `{"fields": …}`) is a caller's mistake, not a wish.
    if (!isEmptyBody(input.request.body)) throw badRequest('This call takes no body: the audit entry names the change to revert');
    const effect = await effectOf(tx, entry);
    const reverter = app.reverters.get(entry.resource);
    if (!reverter) throw badRequest(`Changes of "${entry.resource}" cannot be reverted`);
    const { done, permission } = DOES[effect];
    const needed = perm(entry.resource, permission);
    if (!input.user.permissions.has(needed)) throw forbidden(`Reverting this entry needs the ${needed} permission`);
    let reverted;
    try {
      reverted = await reverter(tx, input.request, entry, effect);
    } catch (error) {
      // A translation or link the record needs that is gone is a conflict of this revert, not an unknown address.
      if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(409, `Cannot revert: ${error.message}`, error.fields);
      throw error;
    }
    const { before, after, fields, snapshot, retireFiles } = reverted;
    return {
      answer: { revertOf: entry.id, resource: entry.resource, recordId: entry.recordId, done, fields },
      audit: { resource: entry.resource, recordId: entry.recordId, before, after, snapshot, revertOf: entry.id },
      retireFiles,
    };
  };
}
