/**
 * Turns a react-admin form's values into the body the registry says a write takes: translation fields travel as the
 * chosen translation id, files as multipart parts, and nothing the registry does not declare is sent.
 */
import type { FieldDef, ResourceDef } from '../../shared/resources';

export interface WriteBody {
  /** JSON body, or multipart when the registry asks for it. Undefined when nothing changed. */
  body?: Record<string, unknown> | FormData;
  /** An image to send to the resource's separate image endpoint after the write. */
  image?: File;
}

type Values = Record<string, unknown>;

/** react-admin's ImageInput value: `{rawFile, src, title}` for a new file, a path string for a stored one. */
export function newFile(value: unknown): File | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = (value as { rawFile?: unknown }).rawFile;
  return raw instanceof File ? raw : undefined;
}

/** A translation's texts as the server takes them, `{uz: '…'}`, from the form's map or the record's array. */
export function definitionMap(value: unknown): Record<string, string> | undefined {
  if (Array.isArray(value)) {
    const entries = value.map((d: { value?: unknown; language?: { code?: unknown } }) => [String(d?.language?.code ?? ''), String(d?.value ?? '')]);
    return Object.fromEntries(entries.filter(([code]) => code !== ''));
  }
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.fromEntries(Object.entries(value).map(([code, text]) => [code, typeof text === 'string' ? text : '']));
}

function valueOf(name: string, def: FieldDef, data: Values): unknown {
  if (def.kind === 'translation') return data[`${name}TranslateId`];
  if (def.kind === 'image') return newFile(data[name]);
  if (def.kind === 'definitions') return definitionMap(data[name]);
  if (def.kind === 'images') return Array.isArray(data[name]) ? data[name].map(newFile).filter(Boolean) : undefined;
  return data[name];
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function toWriteBody(
  def: ResourceDef,
  data: Values,
  mode: 'create' | 'update',
  previous: Values = {},
): WriteBody {
  const multipart = Boolean(def.multipart?.[mode]);
  const out: Values = {};
  let image: File | undefined;
  for (const [name, field] of Object.entries(def.fields)) {
    const value = valueOf(name, field, data);
    if (value === undefined) continue;
    if (mode === 'update' && field.kind !== 'image' && field.kind !== 'images') {
      if (same(value, valueOf(name, field, previous))) continue;
    }
    if (field.kind === 'image' && !multipart) {
      image = value as File;
      continue;
    }
    out[name] = value;
  }
  if (Object.keys(out).length === 0) return { image };
  if (!multipart) return { body: out, image };
  const form = new FormData();
  for (const [name, value] of Object.entries(out)) {
    const parts = Array.isArray(value) ? value : [value];
    for (const part of parts) {
      if (part === null) continue;
      form.append(name, part instanceof Blob ? part : String(part));
    }
  }
  return { body: form, image };
}
