/**
 * Turns a react-admin form's values into the body the registry says a write takes: translation fields travel as the
 * chosen translation id, references as ids, files as multipart parts, objects (a `location`) as JSON text inside a
 * multipart form, and nothing the registry does not declare is sent.
 */
import type { FieldDef, ResourceDef } from '../../shared/resources';
import { referenceId } from './records';

interface WriteBody {
  /** JSON body, or multipart when the registry asks for it. Undefined when nothing changed. */
  body?: Record<string, unknown> | FormData;
  /** An image to send to the resource's separate image endpoint after the write. */
  image?: File;
}

type Values = Record<string, unknown>;

/** react-admin's ImageInput value `{rawFile, src, title}`, or a File itself (a cropper's output); else undefined. */
export function newFile(value: unknown): File | undefined {
  if (value instanceof File) return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = (value as { rawFile?: unknown }).rawFile;
  return raw instanceof File ? raw : undefined;
}

/** The new files among an `images` value (kept ones are paths or rows, not files). */
export function newFiles(value: unknown): File[] {
  return Array.isArray(value) ? value.map(newFile).filter((f): f is File => f !== undefined) : [];
}

function location(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const { latitude, longitude } = value as { latitude?: unknown; longitude?: unknown };
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  return blank(latitude) && blank(longitude) ? undefined : { latitude, longitude };
}

function valueOf(name: string, def: FieldDef, data: Values): unknown {
  switch (def.kind) {
    case 'translation':
      return data[`${name}TranslateId`];
    case 'image':
      return newFile(data[name]);
    case 'images': {
      const files = newFiles(data[name]);
      return files.length ? files : undefined;
    }
    case 'references':
      return Array.isArray(data[name]) ? data[name].map(referenceId).filter((id) => id !== undefined) : data[name];
    case 'location':
      return location(data[name]);
    default:
      return data[name];
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** One multipart part: files as they are, objects as JSON text (never "[object Object]"), the rest as text. */
function part(value: unknown): string | Blob {
  if (value instanceof Blob) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function toFormData(values: Values): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined) continue;
      form.append(name, part(item));
    }
  }
  return form;
}

interface WriteOptions {
  /** Force a JSON body whatever the registry says (the bulk calls take JSON). */
  json?: boolean;
}

export function toWriteBody(
  def: ResourceDef,
  data: Values,
  mode: 'create' | 'update',
  previous: Values = {},
  options: WriteOptions = {},
): WriteBody {
  const multipart = !options.json && Boolean(def.multipart?.[mode]);
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
    // Files cannot travel in JSON: a resource whose JSON writes carry images handles them in its lifecycle.
    if (field.kind === 'images' && !multipart) continue;
    out[name] = value;
  }
  if (Object.keys(out).length === 0) return { image };
  return { body: multipart ? toFormData(out) : out, image };
}
