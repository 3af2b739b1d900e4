/**
 * One error shape for the whole API: `{statusCode, error, message, fields?}`. Bad input of any kind is a 4xx with a
 * message a person understands; only our own faults are 500, and those never reveal internals.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorBody, HttpError } from '../errors';

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** PostgreSQL error codes that user input can provoke, mapped to statuses (safety net behind the routes' own checks). */
function fromDatabase(err: PgError): { status: number; message: string } | undefined {
  switch (err.code) {
    case '23505':
      return { status: 409, message: 'A record with this value already exists' };
    case '23503':
      return { status: 409, message: 'This record is linked to other records' };
    case '23514':
    case '23502':
      return { status: 400, message: 'A value is out of the allowed range' };
    case '22001':
      return { status: 400, message: 'A value is too long' };
    case '22021':
    case '22P05':
      // Text PostgreSQL cannot store, e.g. a NUL character ("\u0000") in any field, filter or search.
      return { status: 400, message: 'A value contains a character that is not allowed' };
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return { status: 400, message: 'A value has the wrong format' };
    default:
      return undefined;
  }
}

/** The message a database error that user input provoked answers with (an import reports it on its row), if it is one. */
export function databaseErrorMessage(error: unknown): string | undefined {
  const db = pgCause(error);
  return db && fromDatabase(db)?.message;
}

function pgCause(error: unknown): PgError | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as PgError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * What a log line may say about an error. A failed query's message, stack and `params` carry the values it was
 * sent — a password hash, a session's refresh-token id — so only the SQL text and the database's own error are kept.
 */
function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error) || !('query' in error)) return error;
  const db = pgCause(error);
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.constructor.name,
    message: `Failed query: ${String((error as { query: unknown }).query)}`,
    code: db?.code,
    cause: cause instanceof Error ? { type: cause.constructor.name, message: cause.message, stack: cause.stack } : undefined,
  };
}

export function validationFields(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // Our own 5xx (a store that is down): the client gets the message, the log what `cause` says.
      if (error.statusCode >= 500) request.log.error({ cause: error.cause }, error.message);
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, error.fields, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
      const first = Object.entries(fields)[0];
      const message = first ? `Invalid ${where}: ${first[0] === '_' ? '' : `${first[0]}: `}${first[1]}` : `Invalid ${where}`;
      return reply.status(400).send(errorBody(400, message, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: loggableError(error) }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, 'Internal server error'));
    }
    const db = pgCause(error);
    const mapped = db && fromDatabase(db);
    if (mapped) {
      request.log.info({ code: db?.code, constraint: db?.constraint }, 'database rejected input');
      return reply.status(mapped.status).send(errorBody(mapped.status, mapped.message));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, multipart limits.
      let message = error.message;
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'This content type is not accepted here';
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'The JSON body is empty';
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') message = 'The file is too large';
      return reply.status(status).send(errorBody(status, message));
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Internal server error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}

export default fp(errorsPlugin, { name: 'errors' });
