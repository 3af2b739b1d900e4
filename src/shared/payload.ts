/**
 * Create and edit payload schemas derived from the registry's field definitions (kind, required, max, min, integer,
 * values, reference). A resource's own schema file only `.omit()`s what is not written and `.extend()`s its real
 * oddities. Multipart forms arrive as text, so numbers and booleans accept their string forms too.
 *
 * - create: a required field must be there; an optional one may be absent or blank (then it is absent).
 * - edit: every field is optional, and a blank one (`""`, spaces, `null`) is absent: an edit never wipes a field.
 * Files (`image`, `images`), `location` and dates are not payload fields.
 */
import { z } from 'zod';
import type { FieldDef } from './resources';

/** An empty string, spaces only, null or absence: "leave it as it is". */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
export const blankIsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** `priceWeekend` → "Price weekend", `service_id` → "Service id". */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words[0].toUpperCase() + words.slice(1);
}

export const uuid = z.uuid({ message: 'Must be a valid id' });

/** Numbers arrive as JSON numbers or, from forms, as strings of digits. */
export const numberLike = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ message: 'Must be a number' }).finite(),
);

const booleanLike = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(s)) return true;
  if (['false', '0', 'off', 'no'].includes(s)) return false;
  return v;
}, z.boolean({ message: 'Must be true or false' }));

/** A list that multipart sends as a repeated field, a single value, or JSON. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return Array.isArray(v) ? v : [v];
  }, z.array(item).optional());

export const nonEmpty = (label: string, max = 255) =>
  z.string({ message: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);

/** A translation id: what every translated field is written as. */
const translationId = (label: string) => z.uuid({ message: `${label} must be a translation id` });

type Skipped = { kind: 'image' | 'images' | 'location' | 'date' };
type ValueOf<F> = F extends { kind: 'text' | 'translation' | 'reference' }
  ? string
  : F extends { kind: 'number' }
    ? number
    : F extends { kind: 'boolean' }
      ? boolean
      : F extends { kind: 'enum'; values: readonly (infer V)[] }
        ? V
        : F extends { kind: 'references' }
          ? string[]
          : never;
type Written<Fs> = { [K in keyof Fs as Fs[K] extends Skipped ? never : K]: Fs[K] };
type CreateShape<Fs> = {
  [K in keyof Written<Fs>]: Written<Fs>[K] extends { required: true }
    ? z.ZodType<ValueOf<Written<Fs>[K]>, unknown>
    : Written<Fs>[K] extends { kind: 'references' }
      ? z.ZodType<string[], unknown>
      : z.ZodOptional<z.ZodType<ValueOf<Written<Fs>[K]>, unknown>>;
};
/** Typed as optional keys; at run time a blank value is absent too. */
type EditShape<Fs> = { [K in keyof Written<Fs>]: z.ZodOptional<z.ZodType<ValueOf<Written<Fs>[K]>, unknown>> };

/** The schema of one present value of a field, or undefined for what is not a payload field. */
function valueSchema(field: string, def: FieldDef): z.ZodType | undefined {
  const label = fieldLabel(field);
  switch (def.kind) {
    case 'text':
      return def.required ? nonEmpty(label, def.max) : z.string({ message: `${label} must be text` }).trim().max(def.max ?? 255, `${label} is at most ${def.max ?? 255} characters`);
    case 'number': {
      let n = z.number({ message: `${label} must be a number` });
      if (def.integer) n = n.int(`${label} must be a whole number`);
      if (def.min !== undefined) n = n.min(def.min, def.min === 0 ? `${label} cannot be negative` : `${label} must be at least ${def.min}`);
      if (def.max !== undefined) n = n.max(def.max, `${label} is at most ${def.max}`);
      return numberLike.pipe(n);
    }
    case 'boolean':
      return booleanLike;
    case 'enum':
      return z.enum(def.values as [string, ...string[]], { message: `${label} must be one of ${def.values.join(', ')}` });
    case 'translation':
      return translationId(label);
    case 'reference':
      return uuid;
    case 'references':
      return listOf(uuid);
    default:
      return undefined;
  }
}

function shapeOf(fields: Record<string, FieldDef>, edit: boolean) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, def] of Object.entries(fields)) {
    const value = valueSchema(name, def);
    if (!value) continue;
    if (def.kind === 'references') shape[name] = edit ? value : value.default([]);
    else shape[name] = 'required' in def && def.required && !edit ? value : blankIsAbsent(value);
  }
  return shape;
}

/** `POST` payload of a resource: its registry fields, required ones required. */
export function createSchemaOf<Fs extends Record<string, FieldDef>>(def: { fields: Fs }) {
  return z.object(shapeOf(def.fields, false) as CreateShape<Fs>);
}

/** `PATCH` payload of a resource: its registry fields, all optional, blank ones absent. */
export function editSchemaOf<Fs extends Record<string, FieldDef>>(def: { fields: Fs }) {
  return z.object(shapeOf(def.fields, true) as EditShape<Fs>);
}
