/** How a route's body is described and validated: JSON by Fastify, forms in the handler (`http/forms.ts`). */
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BodyConfig } from './types';

/** Form bodies are read in the handler: the schema only documents them (and, with `strictJson`, checks JSON ones). */
export function formValidator(strictJson: boolean): FastifySchemaCompiler<FastifySchema> {
  return (route) => {
    const zod = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    if (route.httpPart !== 'body') return zod;
    return (data) => (strictJson && data !== undefined && data !== null ? zod(data) : { value: data });
  };
}

/** The body part of a route's schema: the payload, plus its files as binary fields for the OpenAPI document. */
export function bodySchema(body: BodyConfig<unknown>, multipart: boolean | undefined) {
  if (!body.files) return { body: body.optional ? body.schema.nullish() : body.schema };
  const files = Object.fromEntries(
    Object.entries(body.files).map(([field, max]) => {
      const file = z.string().meta({ format: 'binary', description: 'An image file' });
      return [field, (max === 1 ? file : z.array(file).max(max)).optional()];
    }),
  );
  const described = Object.keys(files).length ? z.intersection(body.schema, z.object(files)) : body.schema;
  const consumes = multipart ? ['multipart/form-data', 'application/json'] : ['application/json', 'multipart/form-data'];
  return { body: described, consumes };
}
