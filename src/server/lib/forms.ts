/** Validating a form read with `request.readForm` (multipart or JSON) against a zod schema: 400 with `fields`. */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../errors';
import { validationFields } from '../plugins/errors';
import type { FormData, UploadedFile } from '../plugins/uploads';

export function parseFields<S extends z.ZodType>(schema: S, fields: FormData['fields'], what: string): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const byField = validationFields(parsed.error.issues);
    const [first] = Object.entries(byField);
    throw badRequest(first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : `Invalid ${what}`, byField);
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
    throw badRequest('The body must be a JSON object or a multipart form');
  }
  const form = await request.readForm(files);
  return { data: parseFields(schema, form.fields, what), files: form.files };
}

/** The single file of a field, or a 400 when it is required and missing. */
export function fileOf(files: UploadedFile[], field: string, required: boolean): UploadedFile | undefined {
  const file = files.find((f) => f.field === field);
  if (!file && required) throw badRequest(`An image file is required in "${field}"`, { [field]: 'An image file is required' });
  return file;
}
