/**
 * One error shape for the whole API: `{statusCode, error, message, fields?}`. Bad input of any kind is a 4xx with a
 * message a person understands; only our own faults are 500, and those never reveal internals.
 */
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorBody, HttpError } from '../errors';
import { render, said, type Said, type Texts } from '../messages';
import { validationMessage, type IssueLike } from '../validation-texts';
import { preferredLanguage } from './language';

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** PostgreSQL error codes that user input can provoke, mapped to statuses (safety net behind the routes' own checks). */
const TEXTS = {
  taken: { uz: 'Bunday qiymatli yozuv allaqachon bor', ru: 'Запись с таким значением уже есть', en: 'A record with this value already exists' },
  linked: { uz: 'Bu yozuv boshqa yozuvlarga bogʻlangan', ru: 'Эта запись связана с другими записями', en: 'This record is linked to other records' },
  range: { uz: 'Qiymat ruxsat etilgan chegaradan tashqarida', ru: 'Значение вне допустимого диапазона', en: 'A value is out of the allowed range' },
  tooLong: { uz: 'Qiymat juda uzun', ru: 'Значение слишком длинное', en: 'A value is too long' },
  badCharacter: { uz: 'Qiymatda ruxsat etilmagan belgi bor', ru: 'Значение содержит недопустимый символ', en: 'A value contains a character that is not allowed' },
  format: { uz: 'Qiymat notoʻgʻri formatda', ru: 'Значение в неверном формате', en: 'A value has the wrong format' },
  invalid: { uz: 'Notoʻgʻri soʻrov', ru: 'Неверный запрос', en: 'Invalid {where}' },
  invalidWhole: { uz: 'Notoʻgʻri soʻrov: {problem}', ru: 'Неверный запрос: {problem}', en: 'Invalid {where}: {problem}' },
  invalidField: { uz: 'Notoʻgʻri soʻrov: {field}: {problem}', ru: 'Неверный запрос: {field}: {problem}', en: 'Invalid {where}: {field}: {problem}' },
  mediaType: { uz: 'Bu yerda bunday kontent turi qabul qilinmaydi', ru: 'Этот тип содержимого здесь не принимается', en: 'This content type is not accepted here' },
  emptyJson: { uz: 'JSON tanasi boʻsh', ru: 'Тело JSON пустое', en: 'The JSON body is empty' },
  fileTooLarge: { uz: 'Fayl juda katta', ru: 'Файл слишком большой', en: 'The file is too large' },
  badJson: { uz: 'Soʻrov tanasi toʻgʻri JSON emas', ru: 'Тело запроса — некорректный JSON', en: "Body is not valid JSON but content-type is set to 'application/json'" },
  bodyTooLarge: { uz: 'Soʻrov tanasi juda katta', ru: 'Тело запроса слишком большое', en: 'Request body is too large' },
  internal: { uz: 'Serverda ichki xato', ru: 'Внутренняя ошибка сервера', en: 'Internal server error' },
  badUrl: { uz: 'Manzil notoʻgʻri kodlangan', ru: 'Адрес закодирован неверно', en: '{english}' },
  longParam: { uz: 'Manzil qismi juda uzun', ru: 'Часть адреса слишком длинная', en: '{english}' },
  noRoute: { uz: '{method} {url} manzili topilmadi', ru: 'Адрес {method} {url} не найден', en: 'Route {method} {url} not found' },
} as const;

function fromDatabase(err: PgError): { status: number; message: Said } | undefined {
  switch (err.code) {
    case '23505':
      return { status: 409, message: said(TEXTS.taken) };
    case '23503':
      return { status: 409, message: said(TEXTS.linked) };
    case '23514':
    case '23502':
      return { status: 400, message: said(TEXTS.range) };
    case '22001':
      return { status: 400, message: said(TEXTS.tooLong) };
    case '22021':
    case '22P05':
      // Text PostgreSQL cannot store, e.g. a NUL character ("\u0000") in any field, filter or search.
      return { status: 400, message: said(TEXTS.badCharacter) };
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return { status: 400, message: said(TEXTS.format) };
    default:
      return undefined;
  }
}

/** The message a database error that user input provoked answers with (an import reports it on its row), if it is one. */
export function databaseErrorMessage(error: unknown, lang = 'en'): string | undefined {
  const db = pgCause(error);
  const mapped = db && fromDatabase(db);
  return mapped ? render(mapped.message, lang) : undefined;
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

export function validationFields(issues: (IssueLike & { path: PropertyKey[] })[]): Record<string, Said> {
  const fields: Record<string, Said> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= validationMessage(issue);
  }
  return fields;
}

/** Fastify's own client errors a person may meet, by code; others keep Fastify's English. */
const FASTIFY_TEXTS: Record<string, Texts> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: TEXTS.mediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: TEXTS.emptyJson,
  FST_REQ_FILE_TOO_LARGE: TEXTS.fileTooLarge,
  FST_ERR_CTP_INVALID_JSON_BODY: TEXTS.badJson,
  FST_ERR_CTP_BODY_TOO_LARGE: TEXTS.bodyTooLarge,
  FST_ERR_BAD_URL: TEXTS.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: TEXTS.longParam,
};

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read (bad percent-encoding, a parameter too long) is refused
 * before any hook runs, so the reader's language is read here. The body keeps Fastify's own shape (with `code`).
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers['accept-language'];
  const lang = header ? preferredLanguage(header) : 'en';
  const status = error.statusCode ?? 400;
  const known = FASTIFY_TEXTS[error.code];
  const message = known ? render(said(known, { english: error.message }), lang) : error.message;
  return reply.status(status).send({ error: STATUS_CODES[status] ?? 'Bad Request', code: error.code, message, statusCode: status });
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.messageLang;
    if (error instanceof HttpError) {
      // Our own 5xx (a store that is down): the client gets the message, the log what `cause` says.
      if (error.statusCode >= 500) request.log.error({ cause: error.cause }, error.message);
      const { message, fields } = error.renderIn(lang);
      return reply.status(error.statusCode).send(errorBody(error.statusCode, message, fields, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The problems and the frame around them in the reader's language (`validation-texts.ts`); English as zod or our schemas word it.
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= render(validationMessage({ ...v.params, code: v.keyword, message: v.message }), lang);
      }
      const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
      const first = Object.entries(fields)[0];
      const frame = !first ? said(TEXTS.invalid, { where }) : first[0] === '_' ? said(TEXTS.invalidWhole, { where, problem: first[1] }) : said(TEXTS.invalidField, { where, field: first[0], problem: first[1] });
      const message = render(frame, lang);
      return reply.status(400).send(errorBody(400, message, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: loggableError(error) }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, render(said(TEXTS.internal), lang)));
    }
    const db = pgCause(error);
    const mapped = db && fromDatabase(db);
    if (mapped) {
      request.log.info({ code: db?.code, constraint: db?.constraint }, 'database rejected input');
      return reply.status(mapped.status).send(errorBody(mapped.status, render(mapped.message, lang)));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, multipart limits.
      const known = FASTIFY_TEXTS[error.code];
      return reply.status(status).send(errorBody(status, known ? render(said(known, { english: error.message }), lang) : error.message));
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send(errorBody(500, render(said(TEXTS.internal), lang)));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(404, render(said(TEXTS.noRoute, { method: request.method, url: request.url.split('?')[0] }), request.messageLang)));
  });
}

export default fp(errorsPlugin, { name: 'errors' });
