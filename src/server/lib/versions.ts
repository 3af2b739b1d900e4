/**
 * Optimistic concurrency (DESIGN §8 "Concurrent edits"). A record's version is its `updated_at`, counted in epoch
 * milliseconds. `GET <resource>/{id}` answers it as `ETag: W/"<ms>"` and every record the route builder answers carries
 * it as `updatedAt`. A write names the version it was based on with `If-Match` (that ETag, or the `updatedAt` it read)
 * or with the body field `version` (the same values); when the stored version is another one, the write answers 409
 * with the current record and changes nothing; so does `If-Unmodified-Since` (`Last-Modified`'s date) and the record's
 * own `updatedAt` echoed in the body. The check and the write run in one transaction that holds the row
 * (`select … for update`), so of two edits from the same version exactly one wins. A write that names no version
 * behaves as before. Every write through the route builder that changes the record moves the version forward by at
 * least a millisecond (an edit that changes nothing keeps it; a bulk edit always moves it).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { RESOURCE_TABLES, type TabledResource } from '../db/tables';
import { badRequest } from '../errors';

export type VersionedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** The resource's table when it keeps a version (`updated_at`), else undefined. */
export function versionedTable(key: string): VersionedTable | undefined {
  const table = RESOURCE_TABLES[key as TabledResource]?.table as (PgTable & { id: PgColumn; updatedAt?: PgColumn }) | undefined;
  return table?.updatedAt ? (table as VersionedTable) : undefined;
}

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
  throw badRequest(`${where} must name a version: the record's ETag or its updatedAt`, { [where]: 'Not a version' });
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
    if (!Number.isFinite(date)) throw badRequest('If-Unmodified-Since must be an HTTP date', { 'If-Unmodified-Since': 'Not a date' });
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

/** The stored version of one record, with its row held until the transaction ends (undefined: no such row). */
export async function lockVersion(tx: DbOrTx, table: VersionedTable, id: string): Promise<Date | undefined> {
  const [row] = await tx.select({ version: table.updatedAt }).from(table).where(eq(table.id, id)).for('update');
  return row ? (row.version as Date) : undefined;
}

/** The stored versions of some records. */
export async function readVersions(db: DbOrTx, table: VersionedTable, ids: string[]): Promise<Map<string, Date>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: table.id, version: table.updatedAt })
    .from(table)
    .where(inArray(table.id, ids));
  return new Map(rows.map((r) => [String(r.id), r.version as Date]));
}

/**
 * Moves the version forward: to now, and always at least one millisecond past the stored one (versions are compared
 * in milliseconds, so two writes in the same millisecond still get two versions).
 */
export async function bumpVersion(tx: DbOrTx, table: VersionedTable, id: string): Promise<Date | undefined> {
  const [row] = await tx
    .update(table)
    .set({ updatedAt: sql`date_trunc('milliseconds', greatest(now(), ${table.updatedAt} + interval '1 millisecond'))` } as never)
    .where(eq(table.id, id))
    .returning({ version: table.updatedAt });
  return row ? (row as { version: Date }).version : undefined;
}

/** Whether a write changed what a record reads as (its version aside): an edit that changed nothing keeps its version. */
export function changed(before: object, after: object): boolean {
  const plain = (record: object) => JSON.stringify({ ...record, updatedAt: undefined });
  return plain(before) !== plain(after);
}
