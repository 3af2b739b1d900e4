/**
 * Optimistic concurrency on the panel's side. Every `update` names the version its form was opened on (`If-Match`
 * from `previousData.updatedAt`, or `meta.version` to overwrite on purpose). When the server answers 409 with the
 * record as it now is (`current`), the dataProvider throws a `ConflictError` and publishes the conflict here; one
 * `ConflictDialog` (in the layout) shows it, whatever the screen: what changed, reload, or overwrite.
 */
import { HttpError, type Identifier, type RaRecord } from 'react-admin';

export interface Conflict {
  resource: string;
  id: Identifier;
  /** What the user tried to save (the update's `data`, after the resource's lifecycle callbacks). */
  data: Record<string, unknown>;
  /** The record as the form had it when it was opened. */
  previousData: RaRecord;
  /** The record as it is now on the server. */
  current: RaRecord;
}

const CONFLICT_MESSAGE = 'app.conflict.message';

/** A 409 on a versioned write: its message is a catalogue key, so the edit view's toast is in the user's language. */
export class ConflictError extends HttpError {
  constructor(public readonly conflict: Conflict) {
    super(CONFLICT_MESSAGE, 409, { current: conflict.current });
    // react-admin's HttpError pins its own prototype, which would hide this subclass from `instanceof`.
    Object.setPrototypeOf(this, ConflictError.prototype);
  }
}

/** The version an update names: `meta.version` when given (overwrite on purpose), else the record's `updatedAt`. */
export function versionHeader(previousData: unknown, meta: unknown): Record<string, string> {
  const version = (meta as { version?: unknown } | undefined)?.version ?? (previousData as { updatedAt?: unknown } | undefined)?.updatedAt;
  return typeof version === 'string' && version ? { 'if-match': version } : {};
}

/** The server's current record in a 409's body, if it sent one (other 409s, e.g. "already in use", have none). */
export function currentOf(error: unknown): RaRecord | undefined {
  if (!(error instanceof HttpError) || error.status !== 409) return undefined;
  const current = (error.body as { current?: unknown } | undefined)?.current;
  return typeof current === 'object' && current !== null && 'id' in current ? (current as RaRecord) : undefined;
}

type Listener = () => void;
let pending: Conflict | null = null;
const listeners = new Set<Listener>();
const savedListeners = new Set<Listener>();
const reloadListeners = new Set<Listener>();

export const conflictStore = {
  get: (): Conflict | null => pending,
  set(conflict: Conflict | null) {
    pending = conflict;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** The dialog saved the form's values over the newer record: the open form has nothing unsaved any more. */
  overwritten() {
    for (const listener of savedListeners) listener();
  },
  onOverwritten(listener: Listener) {
    savedListeners.add(listener);
    return () => void savedListeners.delete(listener);
  },
  /** The user chose Reload: the open form drops what it had unsaved and shows the record as it is now. */
  reloaded() {
    for (const listener of reloadListeners) listener();
  },
  onReloaded(listener: Listener) {
    reloadListeners.add(listener);
    return () => void reloadListeners.delete(listener);
  },
};

/** The fields of a record worth showing: an id (`regionId`, `nameTranslateId`) is left out when its named twin is there. */
const HIDDEN = new Set(['id', 'createdAt', 'updatedAt']);

function shown(record: Record<string, unknown>, key: string): boolean {
  if (HIDDEN.has(key)) return false;
  const twin = key.endsWith('TranslateId') ? key.slice(0, -'TranslateId'.length) : key.endsWith('Id') ? key.slice(0, -2) : undefined;
  return !(twin && twin in record);
}

/** A value as a short text: a record by its name, a list by its items, nothing as ''. */
function describe(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(describe).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const key of ['name', 'title', 'code', 'image', 'id']) if (typeof o[key] === 'string' || typeof o[key] === 'number') return String(o[key]);
    return JSON.stringify(value);
  }
  return String(value);
}

interface ConflictChange {
  field: string;
  yours: string;
  current: string;
}

/** Names of referenced records by id, from the `<field>Records` beside an id list (see `records.ts`). */
function namesById(...records: RaRecord[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const record of records) {
    for (const [key, value] of Object.entries(record)) {
      if (!key.endsWith('Records') || !Array.isArray(value)) continue;
      for (const item of value) {
        const inner = typeof item === 'object' && item !== null && Object.keys(item).length === 1 ? Object.values(item)[0] : item;
        const id = (inner as { id?: unknown } | null)?.id;
        if (typeof id === 'string' || typeof id === 'number') names.set(String(id), describe(inner));
      }
    }
  }
  return names;
}

/**
 * The fields that differ between the user's save and the record as it is now, among those someone else changed since
 * the form was opened and those the user changed: the user's value (what they sent, else what they had) and the
 * current one.
 */
export function changesOf(conflict: Conflict): ConflictChange[] {
  const { previousData, current, data } = conflict;
  const names = namesById(previousData, current);
  const text = (value: unknown) => (Array.isArray(value) ? value.map((v) => names.get(String(v)) ?? describe(v)).join(', ') : describe(value));
  const changes: ConflictChange[] = [];
  for (const field of Object.keys(current)) {
    if (!shown(current, field) || (field.endsWith('Records') && field.slice(0, -'Records'.length) in current)) continue;
    const before = text(previousData[field]);
    const now = text(current[field]);
    const yours = field in data ? text(data[field]) : before;
    if ((before !== now || yours !== before) && yours !== now) changes.push({ field, yours, current: now });
  }
  return changes;
}

/**
 * Records an open edit page heard changed elsewhere (the change stream, live/LiveParts.tsx): their next save first
 * reads the record and, when its version moved, shows the conflict dialog instead of sending (issue #25).
 */
const staleRecords = new Set<string>();
const staleKey = (resource: string, id: Identifier) => `${resource}\u0000${String(id)}`;
export const staleStore = {
  mark: (resource: string, id: Identifier) => void staleRecords.add(staleKey(resource, id)),
  clear: (resource: string, id: Identifier) => void staleRecords.delete(staleKey(resource, id)),
  has: (resource: string, id: Identifier) => staleRecords.has(staleKey(resource, id)),
};
