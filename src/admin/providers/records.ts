/**
 * Records as the API reads them → records as react-admin forms use them, driven by the registry's field kinds:
 * - `references` read wrapped (`roles: [{role: {id, name}}]`, `comforts: [{id, name, …}]`) become id arrays, so a
 *   `ReferenceArrayInput` edits them and `payload.ts` sends them back as ids; the objects as read stay beside them
 *   in `<field>Records` for lists that show names without another request;
 * - `definitions` read as `[{value, language: {code}}]` become `{<code>: value}`, the shape a write takes;
 * - `location` gets `{latitude, longitude}` from the record's own two columns.
 * The transformation is idempotent, so a record that went through it once may go through it again.
 */
import type { RaRecord } from 'react-admin';
import type { ResourceDef } from '../../shared/resources';

type Values = Record<string, unknown>;

function isObject(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The id of one item of a references list: an id, `{id}`, or a one-key wrapper around `{id}` (`{role: {id}}`). */
export function referenceId(item: unknown): string | number | undefined {
  if (typeof item === 'string' || typeof item === 'number') return item;
  if (!isObject(item)) return undefined;
  if (typeof item.id === 'string' || typeof item.id === 'number') return item.id;
  const inner = Object.values(item);
  return inner.length === 1 ? referenceId(inner[0]) : undefined;
}

function definitionMap(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const map: Record<string, string> = {};
  for (const entry of value) {
    if (!isObject(entry)) continue;
    const code = isObject(entry.language) ? entry.language.code : entry.code;
    if (typeof code === 'string' && typeof entry.value === 'string') map[code] = entry.value;
  }
  return map;
}

export function fromApi<R extends RaRecord>(def: ResourceDef, record: R): R {
  if (!isObject(record)) return record;
  const out: Values = { ...record };
  for (const [name, field] of Object.entries(def.fields)) {
    const value = out[name];
    if (field.kind === 'references' && Array.isArray(value) && value.some(isObject)) {
      out[`${name}Records`] = value;
      out[name] = value.map(referenceId).filter((id) => id !== undefined);
    } else if (field.kind === 'definitions') {
      out[name] = definitionMap(value);
    } else if (field.kind === 'location' && !isObject(value) && ('latitude' in out || 'longitude' in out)) {
      out[name] = { latitude: out.latitude ?? null, longitude: out.longitude ?? null };
    }
  }
  return out as R;
}
