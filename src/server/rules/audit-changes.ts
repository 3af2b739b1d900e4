/**
 * What the audit history records of a write (DESIGN §8): the fields that differ between the record before and after,
 * as the API answers them (images as their paths). Keys that name a secret (`SECRET_FIELD`) are never stored: a changed
 * password shows as `HIDDEN` on both sides.
 */
import type { AuditChange } from '../../shared/records/audit';
import { SECRET_FIELD } from './secret-fields';

export const HIDDEN = '[hidden]';

/**
 * Fields whose change says nothing of its own: the entry names the record, and times change with every write. A
 * cottage's risk and signal kinds are computed after each write (repos/signals.ts), never written by one.
 */
const IGNORED = new Set(['id', 'createdAt', 'updatedAt', 'risk', 'signalKinds']);

/** A value as JSON would carry it, without any secret-named key at any depth. */
function clean(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key && SECRET_FIELD.test(key) ? undefined : v)) ?? 'null');
}

/** The fields that differ between two versions of a record (either may be absent: a create, a delete). */
export function diffRecords(before: object | null | undefined, after: object | null | undefined): Record<string, AuditChange> {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, AuditChange> = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (SECRET_FIELD.test(key) || IGNORED.has(key)) continue;
    const was = clean(b[key]);
    const now = clean(a[key]);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    changes[key] = { before: was, after: now };
  }
  return changes;
}

/** Secret fields a payload set (e.g. a new password): recorded as changed, their values never. */
export function secretsSent(data: unknown): Record<string, AuditChange> {
  if (!data || typeof data !== 'object') return {};
  const out: Record<string, AuditChange> = {};
  for (const [key, value] of Object.entries(data)) {
    if (SECRET_FIELD.test(key) && value !== undefined && value !== null && value !== '') out[key] = { before: HIDDEN, after: HIDDEN };
  }
  return out;
}
