/**
 * The versions a request names (DESIGN §8 "Concurrent edits"): `If-Match`, `If-Unmodified-Since`, the body's
 * `version` and its echoed `updatedAt`; and the version a record is answered with (`ETag`, `Last-Modified`). The
 * stored versions are read and moved by `query/versions.ts`.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors';
import { said } from '../messages';

const VERSION_TEXTS = {
  version: { uz: '{where} versiyani koʻrsatishi kerak: yozuvning ETag yoki updatedAt qiymati', ru: '{where} должен указывать версию: ETag записи или её updatedAt', en: "{where} must name a version: the record's ETag or its updatedAt" },
  notAVersion: { uz: 'Versiya emas', ru: 'Не версия', en: 'Not a version' },
  httpDate: { uz: 'If-Unmodified-Since HTTP sanasi boʻlishi kerak', ru: 'If-Unmodified-Since должен быть HTTP-датой', en: 'If-Unmodified-Since must be an HTTP date' },
  notADate: { uz: 'Sana emas', ru: 'Не дата', en: 'Not a date' },
} as const;

export const etagOf = (version: Date) => `W/"${version.getTime()}"`;

/** The same version as an HTTP date (whole seconds), for `If-Unmodified-Since`. */
export const lastModifiedOf = (version: Date) => version.toUTCString();

/** One version as a client may name it: an ETag (weak or strong), epoch milliseconds, or an ISO date. */
export function parseVersion(raw: unknown, where: string): number {
  if (typeof raw === 'number' && Number.isFinite(raw)) return Math.trunc(raw);
  if (typeof raw === 'string') {
    const text = raw.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
    if (/^\d{1,16}$/.test(text)) return Number(text);
    const ms = Date.parse(text);
    if (text && Number.isFinite(ms)) return ms;
  }
  throw badRequest(said(VERSION_TEXTS.version, { where }), { [where]: said(VERSION_TEXTS.notAVersion) });
}

const bodyVersions = new WeakMap<FastifyRequest, { version?: unknown; updatedAt?: unknown }>();

const named = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * A `preValidation` hook: takes the body fields `version` and `updatedAt` out of a JSON body, so the payload schemas
 * (strict or not) never see them and the writes never store them. `updatedAt` is the record's own version, echoed by
 * clients that send the whole record back (react-admin's standard data providers do).
 */
export async function takeBodyVersion(request: FastifyRequest) {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  if (!Object.hasOwn(body, 'version') && !Object.hasOwn(body, 'updatedAt')) return;
  const { version, updatedAt, ...rest } = body as Record<string, unknown>;
  request.body = rest;
  bodyVersions.set(request, { version: named(version) ? version : undefined, updatedAt: named(updatedAt) ? updatedAt : undefined });
}

/** The same for a multipart form's text fields: `version` and `updatedAt` leave the fields and name the version. */
export function takeFormVersion(request: FastifyRequest, fields: Record<string, string | string[]>) {
  if (!Object.hasOwn(fields, 'version') && !Object.hasOwn(fields, 'updatedAt')) return;
  const { version, updatedAt } = fields;
  delete fields.version;
  delete fields.updatedAt;
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  bodyVersions.set(request, { version: named(one(version)) ? one(version) : undefined, updatedAt: named(one(updatedAt)) ? one(updatedAt) : undefined });
}

/**
 * What a write says it was based on: a test of the stored version, or undefined when it names none. Every version the
 * request names must be the stored one: `If-Match`, `If-Unmodified-Since` (read only without `If-Match`, as HTTP
 * says), the body's `version` and its echoed `updatedAt`.
 */
export function namedVersion(request: FastifyRequest): ((stored: Date) => boolean) | undefined {
  const tests: ((ms: number) => boolean)[] = [];
  const header = request.headers['if-match'];
  const ifMatch = typeof header === 'string' && header.trim() !== '';
  if (ifMatch) {
    const tags = header.split(',').map((t) => t.trim()).filter(Boolean);
    // `*` asks only that the record exists, which the route's own 404 already does.
    if (!tags.includes('*')) {
      const accepted = new Set(tags.map((t) => parseVersion(t, 'If-Match')));
      tests.push((ms) => accepted.has(ms));
    }
  }
  const since = request.headers['if-unmodified-since'];
  if (!ifMatch && typeof since === 'string' && since.trim()) {
    const date = Date.parse(since);
    if (!Number.isFinite(date)) throw badRequest(said(VERSION_TEXTS.httpDate), { 'If-Unmodified-Since': said(VERSION_TEXTS.notADate) });
    // An HTTP date counts whole seconds: the stored version passes when it is not later than that second.
    tests.push((ms) => Math.floor(ms / 1000) * 1000 <= date);
  }
  const body = bodyVersions.get(request);
  for (const [where, value] of Object.entries(body ?? {})) {
    if (value === undefined) continue;
    const wanted = parseVersion(value, where);
    tests.push((ms) => ms === wanted);
  }
  return tests.length ? (stored) => tests.every((test) => test(stored.getTime())) : undefined;
}
