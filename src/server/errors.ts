/** Errors the routes throw on purpose; the error plugin turns them into `{statusCode, error, message, fields?}`. */
import { STATUS_CODES } from 'node:http';

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fields?: Record<string, string>,
    /** Further members of the error body, e.g. a 409's `current` record. */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message = 'You have no permission to do that') => new HttpError(403, message);

/** 429 with Retry-After: the secret throttle refused an attempt before checking it. */
export function tooManyAttempts(reply: { header(name: string, value: string): unknown }, seconds: number): never {
  reply.header('Retry-After', String(seconds));
  throw new HttpError(429, `Too many attempts; try again in ${seconds} s`);
}

export function errorBody(statusCode: number, message: string, fields?: Record<string, string>, extra?: Record<string, unknown>) {
  const status = statusCode === 455 ? 'Session Ended' : (STATUS_CODES[statusCode] ?? 'Error');
  const body = fields ? { statusCode, error: status, message, fields } : { statusCode, error: status, message };
  return extra ? { ...body, ...extra } : body;
}
