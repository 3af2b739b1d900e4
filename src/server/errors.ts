/**
 * Errors the routes throw on purpose; the error plugin turns them into `{statusCode, error, message, fields?}`, the
 * message and the fields rendered in the request's message language (`messages.ts`). `message` and `fields` hold the
 * English, for logs and for code that reads them.
 */
import { STATUS_CODES } from 'node:http';
import { render, said, type Message } from './messages';

export class HttpError extends Error {
  /** The fields' messages in English. */
  public readonly fields?: Record<string, string>;

  constructor(
    public readonly statusCode: number,
    public readonly said: Message,
    public readonly saidFields?: Record<string, Message>,
    /** Further members of the error body, e.g. a 409's `current` record. */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(render(said, 'en'));
    this.fields = saidFields && renderFields(saidFields, 'en');
  }

  /** The message and fields as a reader of `lang` gets them. */
  renderIn(lang: string): { message: string; fields?: Record<string, string> } {
    return { message: render(this.said, lang), fields: this.saidFields && renderFields(this.saidFields, lang) };
  }
}

const renderFields = (fields: Record<string, Message>, lang: string) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, render(v, lang)]));

const TEXTS = {
  notFound: { uz: '{what} topilmadi', ru: 'Не найдено: {what}', en: '{what} not found' },
  forbidden: { uz: 'Buni qilishga ruxsatingiz yoʻq', ru: 'У вас нет права на это', en: 'You have no permission to do that' },
  tooManyAttempts: {
    uz: 'Urinishlar juda koʻp; {seconds} soniyadan keyin qayta urinib koʻring',
    ru: 'Слишком много попыток; повторите через {seconds} с',
    en: 'Too many attempts; try again in {seconds} s',
  },
} as const;

export const badRequest = (message: Message, fields?: Record<string, Message>) => new HttpError(400, message, fields);
/** 404 naming what was not found: a label (a message of its own, e.g. a resource's name) or an id; `field` names it too. */
export function notFound(what: Message, field?: string) {
  const message = said(TEXTS.notFound, { what });
  return new HttpError(404, message, field ? { [field]: message } : undefined);
}
export const conflict = (message: Message) => new HttpError(409, message);
export const forbidden = (message: Message = said(TEXTS.forbidden)) => new HttpError(403, message);

/** 429 with Retry-After: the secret throttle refused an attempt before checking it. */
export function tooManyAttempts(reply: { header(name: string, value: string): unknown }, seconds: number): never {
  reply.header('Retry-After', String(seconds));
  throw new HttpError(429, said(TEXTS.tooManyAttempts, { seconds }));
}

export function errorBody(statusCode: number, message: string, fields?: Record<string, string>, extra?: Record<string, unknown>) {
  const status = statusCode === 455 ? 'Session Ended' : (STATUS_CODES[statusCode] ?? 'Error');
  const body = fields ? { statusCode, error: status, message, fields } : { statusCode, error: status, message };
  return extra ? { ...body, ...extra } : body;
}

/**
 * One record of a batch refused (a command run over many records, e.g. an import's apply): which one, by its index in
 * the batch, and why. A batch of one unwraps it (`single`), so a form's write answers the record's own error.
 */
export class ItemFailed extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super('a record of the batch failed');
  }
}

/** Runs the part of a batch that concerns record `index`: what it throws names that record. */
export async function atItem<T>(index: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof ItemFailed ? error : new ItemFailed(index, error);
  }
}

/** A batch of one: its record's own error, not the batch's wrapper. */
export async function single<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw error instanceof ItemFailed ? error.error : error;
  }
}
