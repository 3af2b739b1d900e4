/** Validating a form read with `request.readForm` (multipart or JSON) against a zod schema: 400 with `fields`. */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../errors';
import { said } from '../messages';
import { validationFields } from '../plugins/errors';
import { takeFormVersion } from './versions';
import type { FormData, UploadedFile } from '../plugins/uploads';

/**
 * The field names a form's schema declares (an object, or one extended or intersected), or undefined when they cannot
 * be told (then no name is refused).
 */
function fieldNames(schema: z.ZodType): ReadonlySet<string> | undefined {
  const def = (schema as { _zod?: { def?: { type?: string; shape?: object; left?: z.ZodType; right?: z.ZodType; in?: z.ZodType } } })._zod?.def;
  if (def?.type === 'object' && def.shape) return new Set(Object.keys(def.shape));
  if (def?.type === 'pipe' && def.in) return fieldNames(def.in);
  if (def?.type === 'intersection' && def.left && def.right) {
    const left = fieldNames(def.left);
    const right = fieldNames(def.right);
    return left && right ? new Set([...left, ...right]) : undefined;
  }
  return undefined;
}

const TEXTS = {
  fieldProblem: { uz: '{field}: {problem}', ru: '{field}: {problem}', en: '{field}: {problem}' },
  invalid: { uz: 'Notoʻgʻri soʻrov', ru: 'Неверный запрос', en: 'Invalid {what}' },
  notAForm: { uz: 'Soʻrov tanasi JSON obyekt yoki multipart forma boʻlishi kerak', ru: 'Тело запроса должно быть JSON-объектом или multipart-формой', en: 'The body must be a JSON object or a multipart form' },
  fileRequired: { uz: '«{field}» maydonida rasm fayli boʻlishi shart', ru: 'В поле «{field}» нужен файл изображения', en: 'An image file is required in "{field}"' },
  fileRequiredField: { uz: 'Rasm fayli boʻlishi shart', ru: 'Нужен файл изображения', en: 'An image file is required' },
} as const;

export function parseFields<S extends z.ZodType>(schema: S, fields: FormData['fields'], what: string): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const byField = validationFields(parsed.error.issues);
    const [first] = Object.entries(byField);
    throw badRequest(first ? (first[0] === '_' ? first[1] : said(TEXTS.fieldProblem, { field: first[0], problem: first[1] })) : said(TEXTS.invalid, { what }), byField);
  }
  return parsed.data;
}

/** Reads the form and validates its fields in one go. */
export async function readValidForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  files: Record<string, number>,
  what: string,
): Promise<{ data: z.output<S>; files: UploadedFile[] }> {
  const body: unknown = request.body;
  if (!request.isMultipart() && body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest(said(TEXTS.notAForm));
  }
  // Versions a form may name (`query/versions.ts`) are fields of every form.
  const names = fieldNames(schema);
  const form = await request.readForm(files, names && new Set([...names, 'version', 'updatedAt']));
  if (request.isMultipart()) takeFormVersion(request, form.fields);
  return { data: parseFields(schema, form.fields, what), files: form.files };
}

/** The single file of a field, or a 400 when it is required and missing. */
export function fileOf(files: UploadedFile[], field: string, required: boolean): UploadedFile | undefined {
  const file = files.find((f) => f.field === field);
  if (!file && required) throw badRequest(said(TEXTS.fileRequired, { field }), { [field]: said(TEXTS.fileRequiredField) });
  return file;
}
