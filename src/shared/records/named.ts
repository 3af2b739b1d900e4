/**
 * The catalogue records that are a translated name (regions, places, comforts, cottage types), and the short forms of
 * them other records embed. A simple one is derived from its registry fields (`namedRecordOf`).
 */
import { z } from 'zod';
import { resources, type FieldDef } from '../resources';

/** A translated field reads as its text in the request language plus the translation's id. */
export const namedFields = { id: z.string(), name: z.string(), nameTranslateId: z.string() };

type Value<F> = F extends { kind: 'translation' | 'text' | 'reference' }
  ? z.ZodString
  : F extends { kind: 'image' }
    ? z.ZodNullable<z.ZodString>
    : F extends { kind: 'boolean' }
      ? z.ZodBoolean
      : never;
type Shape<Fs> = { id: z.ZodString } & { [K in keyof Fs & string]: Value<Fs[K]> } & {
  [K in keyof Fs & string as Fs[K] extends { kind: 'translation' } ? `${K}TranslateId` : never]: z.ZodString;
} & { createdAt: z.ZodDate };

/** The record of a simple resource: id, its fields in registry order (a translated `x` also as `xTranslateId`), createdAt. */
export function namedRecordOf<Fs extends Record<string, FieldDef>>(def: { fields: Fs }) {
  const shape: Record<string, z.ZodType> = { id: z.string() };
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind === 'translation') Object.assign(shape, { [name]: z.string(), [`${name}TranslateId`]: z.string() });
    else if (field.kind === 'text' || field.kind === 'reference') shape[name] = z.string();
    else if (field.kind === 'image') shape[name] = z.string().nullable();
    else if (field.kind === 'boolean') shape[name] = z.boolean();
    else throw new Error(`namedRecordOf: a ${field.kind} field (${name}) needs a record of its own`);
  }
  return z.object({ ...shape, createdAt: z.date() } as Shape<Fs>);
}

export const regionRecord = namedRecordOf(resources.region);

export const placeRecord = z.object({
  ...namedFields,
  image: z.string().nullable(),
  regionId: z.string(),
  region: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.date(),
});

export const comfortRecord = namedRecordOf(resources.comfort);

export const cottageTypeRecord = namedRecordOf(resources.cottageType);
