/**
 * Image uploads (DESIGN §5): checked by decoding, never by name or declared type; re-encoded with metadata (GPS!)
 * stripped; stored as `uploads/images/<uuid>.<ext>`. Files written by a request that ends in an error are deleted, and
 * files a successful request replaced are deleted after it — so the folder holds exactly the files of live records.
 */
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadSharp } from '../images/sharp';
import { HttpError, badRequest } from '../errors';
import { resources } from '../../shared/resources';

/** The only fields whose value is an object (a location): in a JSON body read as a form they travel as JSON text. */
const OBJECT_FIELDS = new Set(
  Object.values(resources).flatMap((def) => Object.entries(def.fields).flatMap(([name, field]) => (field.kind === 'location' ? [name] : []))),
);
/** Anything else that is an object would be stored as its JSON text (a name, a password): refuse it instead. */
function textOf(field: string, value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  if (OBJECT_FIELDS.has(field)) return JSON.stringify(value);
  throw badRequest(said(TEXTS.notText, { field, what: Array.isArray(value) ? 'a list' : 'an object' }), { [field]: said(TEXTS.textOrNumber) });
}
import type { FileStorage } from '../file-storage';
import { said } from '../messages';

const TEXTS = {
  notText: { uz: '“{field}” matn yoki son boʻlishi kerak', ru: '«{field}» должно быть текстом или числом', en: '"{field}" must be a text or a number, not {what}' },
  textOrNumber: { uz: 'Matn yoki son boʻlishi kerak', ru: 'Должно быть текстом или числом', en: 'Must be a text or a number' },
  notImage: {
    uz: 'Fayl rasm emas (JPEG, PNG, WebP yoki GIF kutilgan)',
    ru: 'Файл не изображение (ожидается JPEG, PNG, WebP или GIF)',
    en: 'The file is not an image (JPEG, PNG, WebP or GIF expected)',
  },
  tooManyPixels: {
    uz: 'Rasm {width}×{height} piksel; koʻpi bilan {max} megapiksel qabul qilinadi',
    ru: 'Изображение {width}×{height} пикселей; принимается не более {max} мегапикселей',
    en: 'The image is {width}×{height} pixels; at most {max} megapixels are accepted',
  },
  damaged: { uz: 'Rasmni oʻqib boʻlmadi; u shikastlangan boʻlishi mumkin', ru: 'Не удалось прочитать изображение; возможно, оно повреждено', en: 'The image could not be read; it may be damaged' },
  unexpectedFile: { uz: 'Kutilmagan fayl maydoni “{field}”', ru: 'Неожиданное поле файла «{field}»', en: 'Unexpected file field "{field}"' },
  tooManyFiles: { uz: '“{field}” da koʻpi bilan {max} ta fayl', ru: 'В «{field}» не более {max} файлов', en: 'At most {max} file(s) in "{field}"' },
  fileTooLarge: { uz: 'Fayl {mb} MB dan katta', ru: 'Файл больше {mb} МБ', en: 'A file is larger than {mb} MB' },
  unknownField: { uz: 'Nomaʼlum maydon “{field}”', ru: 'Неизвестное поле «{field}»', en: 'Unknown field "{field}"' },
  unknown: { uz: 'Nomaʼlum maydon', ru: 'Неизвестное поле', en: 'Unknown field' },
  fieldTooLong: { uz: '“{field}” maydoni {kb} kB dan uzun', ru: 'Поле «{field}» длиннее {kb} кБ', en: 'The field "{field}" is longer than {kb} kB' },
  tooLong: { uz: 'Juda uzun', ru: 'Слишком длинно', en: 'Too long' },
  malformed: { uz: 'Multipart forma buzilgan yoki toʻliq emas', ru: 'Форма multipart повреждена или неполна', en: 'The multipart form is malformed or incomplete' },
} as const;

const OUTPUT: Record<string, 'jpeg' | 'png' | 'webp'> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'png', avif: 'jpeg', tiff: 'jpeg', heif: 'jpeg' };

/** The longer side of a stored image, in pixels: anything larger is scaled down to it. */
const MAX_IMAGE_SIDE = 4096;
/** Images decoded at once in this process: decoding is what costs memory. */
const IMAGE_WORKERS = 2;

let running = 0;
const waiting: (() => void)[] = [];
/** Runs image work at most `IMAGE_WORKERS` at a time; the rest wait their turn, in order. */
export async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * Decodes, re-encodes and strips metadata; throws 415 for anything that is not an image, and 413 for one that declares
 * more than `maxPixels` (read from its header, before anything is decoded: a small file may declare a huge image).
 * Larger sides than `MAX_IMAGE_SIDE` are scaled down.
 */
async function normaliseImage(bytes: Buffer, maxPixels: number): Promise<{ data: Buffer; extension: string }> {
  const sharp = await loadSharp();
  let info: { format?: string; width?: number; height?: number } = {};
  try {
    info = await sharp(bytes).metadata();
  } catch {
    info = {};
  }
  const output = info.format ? OUTPUT[info.format] : undefined;
  if (!output) throw new HttpError(415, said(TEXTS.notImage));
  const { width = 0, height = 0 } = info;
  if (width * height > maxPixels) {
    throw new HttpError(413, said(TEXTS.tooManyPixels, { width, height, max: Math.floor(maxPixels / 1e6) }));
  }
  return oneAtATime(async () => {
    try {
      // rotate() applies the EXIF orientation before the metadata is dropped.
      const data = await sharp(bytes, { animated: false, limitInputPixels: maxPixels })
        .rotate()
        .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
        .toFormat(output, { quality: 85 })
        .toBuffer();
      return { data, extension: output === 'jpeg' ? 'jpg' : output };
    } catch {
      throw new HttpError(415, said(TEXTS.damaged));
    }
  });
}

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface FormData {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
  interface FastifyRequest {
    /**
     * Reads a multipart form (or a JSON/urlencoded body, as the original accepted) into fields and files. With
     * `allowedFields`, a multipart text field of another name (or a file field's) is refused.
     */
    readForm(allowedFiles: Record<string, number>, allowedFields?: ReadonlySet<string>): Promise<FormData>;
    /** Validates and stores an image; deleted again if the request fails. */
    saveImage(file: UploadedFile): Promise<string>;
    /** Deletes a file once the request has succeeded (a replaced or deleted record's image). */
    removeFileAfterSuccess(publicPath: string | null | undefined): void;
    /**
     * The stored bytes of the images this request saved, by public path (their perceptual hashes are taken after the
     * answer: the caller keeps the map, the request forgets it when it answers).
     */
    savedImages(): ReadonlyMap<string, Buffer>;
  }
}

interface UploadState {
  written: string[];
  replaced: string[];
  bytes?: Map<string, Buffer>;
}
const STATE = Symbol('uploads');
type WithState = FastifyRequest & { [STATE]?: UploadState };
function stateOf(request: FastifyRequest): UploadState {
  const r = request as WithState;
  return (r[STATE] ??= { written: [], replaced: [] });
}

function addField(fields: FormData['fields'], rawName: string, value: string) {
  const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName;
  const existing = fields[name];
  if (existing === undefined) fields[name] = rawName.endsWith('[]') ? [value] : value;
  else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/** A text field of a form holds at most this (a name, a description): a longer one is refused, not buffered. */
const MAX_FIELD_BYTES = 64 * 1024;
/** Text fields (repeated ones counted each time) in one form. */
const MAX_FIELDS = 100;
/** Files in one form: a cottage's main image and its gallery. */
const MAX_FILES = 16;

/** The parts of a multipart request into `form`: files within their fields' limits, known fields as text. */
async function readParts(request: FastifyRequest, form: FormData, allowedFiles: Record<string, number>, allowedFields: ReadonlySet<string> | undefined, maxUploadBytes: number) {
  for await (const part of request.parts()) {
    const field = part.fieldname.replace(/\[\]$/, '');
    if (part.type === 'file') {
      const max = Object.hasOwn(allowedFiles, field) ? allowedFiles[field] : undefined;
      const count = form.files.filter((f) => f.field === field).length;
      if (max === undefined || count >= max) {
        part.file.resume();
        throw new HttpError(400, max === undefined ? said(TEXTS.unexpectedFile, { field }) : said(TEXTS.tooManyFiles, { field, max }));
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw new HttpError(413, said(TEXTS.fileTooLarge, { mb: Math.round(maxUploadBytes / 1024 / 1024) }));
      }
      if (bytes.length) form.files.push({ field, filename: part.filename, bytes });
    } else {
      // A file field may come as text: the original panel sends `image=""` when no file was picked.
      if (allowedFields && !allowedFields.has(field) && !Object.hasOwn(allowedFiles, field)) {
        throw badRequest(said(TEXTS.unknownField, { field: field.slice(0, 64) }), { [field.slice(0, 64)]: said(TEXTS.unknown) });
      }
      if (part.valueTruncated) throw new HttpError(413, said(TEXTS.fieldTooLong, { field, kb: MAX_FIELD_BYTES / 1024 }), { [field]: said(TEXTS.tooLong) });
      addField(form.fields, part.fieldname, String(part.value ?? ''));
    }
  }
}

/**
 * A multipart body the parser gives up on (no boundary, never closed, garbage between parts) is the client's fault:
 * 400, not the parser's bare error (which has no status and would be a 500). Our own errors and the plugin's limits
 * (413 and the like) pass as they are.
 */
export function malformedForm(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest(said(TEXTS.malformed));
}

async function uploadsPlugin(app: FastifyInstance, opts: { storage: FileStorage; maxUploadBytes: number; maxImagePixels: number }) {
  await app.register(multipart, {
    limits: { fileSize: opts.maxUploadBytes, files: MAX_FILES, fields: MAX_FIELDS, parts: MAX_FIELDS + MAX_FILES, fieldSize: MAX_FIELD_BYTES, headerPairs: 20 },
    throwFileSizeLimit: true,
  });
  app.decorate('storage', opts.storage);

  app.decorateRequest('readForm', async function (this: FastifyRequest, allowedFiles: Record<string, number>, allowedFields?: ReadonlySet<string>) {
    const form: FormData = { fields: {}, files: [] };
    if (!this.isMultipart()) {
      const body = (this.body ?? {}) as Record<string, unknown>;
      for (const [k, v] of Object.entries(body)) {
        if (Array.isArray(v)) v.forEach((item) => addField(form.fields, `${k}[]`, textOf(k, item)));
        else if (v !== undefined && v !== null) addField(form.fields, k, textOf(k, v));
      }
      return form;
    }
    try {
      await readParts(this, form, allowedFiles, allowedFields, opts.maxUploadBytes);
    } catch (error) {
      throw malformedForm(error);
    }
    return form;
  });

  app.decorateRequest('saveImage', async function (this: FastifyRequest, file: UploadedFile) {
    const { data, extension } = await normaliseImage(file.bytes, opts.maxImagePixels);
    const publicPath = await opts.storage.save(data, extension);
    stateOf(this).written.push(publicPath);
    (stateOf(this).bytes ??= new Map()).set(publicPath, data);
    return publicPath;
  });

  app.decorateRequest('savedImages', function (this: FastifyRequest) {
    return (this as WithState)[STATE]?.bytes ?? new Map<string, Buffer>();
  });

  app.decorateRequest('removeFileAfterSuccess', function (this: FastifyRequest, publicPath: string | null | undefined) {
    if (publicPath) stateOf(this).replaced.push(publicPath);
  });

  // Before the answer leaves, so a client that sees the answer also sees the folder in its final state.
  app.addHook('onSend', async (request, reply, payload) => {
    const state = (request as WithState)[STATE];
    if (!state) return payload;
    const doomed = reply.statusCode >= 400 ? state.written : state.replaced;
    (request as WithState)[STATE] = undefined;
    await Promise.all(doomed.map((p) => opts.storage.remove(p).catch((err) => request.log.warn({ err }, 'could not delete file'))));
    return payload;
  });
}

export default fp(uploadsPlugin, { name: 'uploads' });
