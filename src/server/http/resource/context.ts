/**
 * What every route of one resource shares: its label and tags, the record schema it answers (with `updatedAt` when the
 * table keeps a version), loading one record (404), the version check (409), the body reader, a write's input and the
 * files a record refers to. Each kind of route (`list.ts`, `one.ts`, `create.ts`, `edit.ts`, `remove.ts`,
 * `actions.ts`) is registered from it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { RESOURCE_TABLES, type TabledResource } from '../../db/tables';
import { badRequest, HttpError, notFound } from '../../errors';
import type { UploadedFile } from '../../plugins/uploads';
import { uuidLike, type Loader } from '../../query/ids';
import { captureSnapshot } from '../../repos/snapshots';
import { lockVersion, readVersions, versionedTable } from '../../query/versions';
import { readValidForm } from '../forms';
import { recordLabel } from '../../labels';
import { said, type Message } from '../../messages';
import { etagOf, lastModifiedOf } from '../versions';
import type { BodyConfig, ResourceRoutes, WriteInput } from './types';

/** Loads one record or throws 404 (also for ids that are not uuids: they cannot exist). */
export async function loadOne<R>(db: DbOrTx, load: Loader<R>, label: Message, id: string, lang: string): Promise<R> {
  if (!uuidLike(id)) throw notFound(label);
  const [record] = await load(db, [id], lang);
  if (!record) throw notFound(label);
  return record;
}

const TEXTS = {
  changedMeanwhile: {
    uz: 'Siz oʻqiganingizdan keyin bu yozuvni boshqa kishi oʻzgartirdi; hech narsa saqlanmadi. Qayta yuklang yoki oʻzgarishingizni joriy versiya bilan qayta yuboring',
    ru: 'Эту запись изменил кто-то другой после того, как вы её открыли; ничего не сохранено. Перезагрузите её или отправьте изменение ещё раз с текущей версией',
    en: 'This {label} was changed by someone else after you read it; nothing was saved. Reload it, or send your change again with the current version to overwrite',
  },
  bodyShape: {
    uz: 'Soʻrov tanasi JSON obyekt yoki multipart forma boʻlishi kerak',
    ru: 'Тело запроса должно быть объектом JSON или формой multipart',
    en: 'The body must be a JSON object or a multipart form',
  },
  imageRequiredIn: { uz: '"{field}" maydonida rasm fayli boʻlishi shart', ru: 'В поле "{field}" нужен файл изображения', en: 'An image file is required in "{field}"' },
  imageRequired: { uz: 'Rasm fayli boʻlishi shart', ru: 'Нужен файл изображения', en: 'An image file is required' },
} as const;

/** Records a batch reads in one statement. */
const MANY = 500;

export type ResourceContext<R extends { id: string }, C, U> = ReturnType<typeof resourceContext<R, C, U>>;

export function resourceContext<R extends { id: string }, C, U>(app: FastifyInstance, cfg: ResourceRoutes<R, C, U>) {
  const { def } = cfg;
  const label = cfg.label ?? RESOURCE_TABLES[def.key as TabledResource]?.one ?? def.label;
  /** The label in the reader's language, for messages (`labels.ts`). */
  const named = recordLabel(def.key, label);
  // Optimistic concurrency (see `query/versions.ts`): the records this builder answers one at a time carry `updatedAt`.
  const versions = versionedTable(def.key);
  const record = (versions && cfg.record instanceof z.ZodObject ? cfg.record.extend({ updatedAt: z.date() }) : cfg.record) as z.ZodType<R>;
  const versionOf = (r: R) => (r as { updatedAt?: unknown }).updatedAt;

  const oneFrom = async (db: DbOrTx, id: string, lang: string): Promise<R> => {
    const found = await loadOne(db, cfg.load, named, id, lang);
    // A record whose loader reads the version already (cottages) costs no second query.
    if (!versions || versionOf(found) instanceof Date) return found;
    const updatedAt = (await readVersions(db, versions, [found.id])).get(found.id);
    return updatedAt ? { ...found, updatedAt } : found;
  };

  /** Many records (a batch of a command), by id, each with its version: a few set-based reads. Missing ids are left out. */
  const manyFrom = async (db: DbOrTx, ids: string[], lang: string): Promise<Map<string, R>> => {
    const out = new Map<string, R>();
    for (let i = 0; i < ids.length; i += MANY) {
      const part = ids.slice(i, i + MANY);
      const found = await cfg.load(db, part, lang);
      const stored = versions && found.some((r) => !(versionOf(r) instanceof Date)) ? await readVersions(db, versions, part) : undefined;
      for (const r of found) out.set(r.id, stored?.has(r.id) ? { ...r, updatedAt: stored.get(r.id) } : r);
    }
    return out;
  };

  /** The 409 of a write based on an older version: the record as it now is goes with it. */
  const conflictOf = async (db: DbOrTx, id: string, lang: string) =>
    new HttpError(409, said(TEXTS.changedMeanwhile, { label: label.toLowerCase() }), undefined, { current: await oneFrom(db, id, lang) });

  /** Holds the record's row, answers 409 when the write names a version that is not the stored one. */
  async function checkVersion(tx: DbOrTx, id: string, lang: string, matches: ((stored: Date) => boolean) | undefined) {
    if (!versions) return;
    const stored = await lockVersion(tx, versions, id);
    if (!stored) throw notFound(named);
    if (matches && !matches(stored)) throw await conflictOf(tx, id, lang);
  }

  /** The stored files a record refers to. */
  const filesOf = (r: R) => new Set((cfg.files?.(r) ?? []).filter((p): p is string => Boolean(p)));
  /** Files the record referred to before a write and no longer does. */
  const dropped = (before: R, after: R) => {
    const kept = filesOf(after);
    return [...filesOf(before)].filter((path) => !kept.has(path));
  };

  /** A record's rows and files before a delete, kept in the delete's audit entry so a revert can bring it back. */
  const snapshotOf = (db: DbOrTx, r: R) => (def.key in RESOURCE_TABLES ? captureSnapshot(db, def.key as TabledResource, r.id, filesOf(r)) : Promise.resolve(undefined));

  async function readBody<D>(request: FastifyRequest, body: BodyConfig<D>): Promise<{ data: D; files: UploadedFile[] }> {
    // A JSON `null` is no edit: refuse it like any body that is not an object (a form reader would take it as empty).
    if (body.optional && (request.body === null || request.body === undefined)) return { data: undefined as D, files: [] };
    if (request.body === null && !request.isMultipart()) throw badRequest(said(TEXTS.bodyShape));
    if (!body.files || (body.strictJson && !request.isMultipart())) return { data: (request.body ?? {}) as D, files: [] };
    return readValidForm(request, body.schema, body.files, label.toLowerCase());
  }

  function input<D>(request: FastifyRequest, data: D, files: UploadedFile[]): WriteInput<D> {
    return {
      data,
      request,
      user: request.user!,
      lang: request.lang,
      async image(field, required) {
        const file = files.find((f) => f.field === field);
        if (!file && required) throw badRequest(said(TEXTS.imageRequiredIn, { field }), { [field]: said(TEXTS.imageRequired) });
        return file ? request.saveImage(file) : undefined;
      },
      async images(field) {
        const paths: string[] = [];
        for (const file of files.filter((f) => f.field === field)) paths.push(await request.saveImage(file));
        return paths;
      },
    };
  }

  /** A record answered alone names its version: `ETag` and `Last-Modified`. */
  const sendVersion = (reply: FastifyReply, r: R) => {
    const version = versionOf(r);
    if (version instanceof Date) reply.header('etag', etagOf(version)).header('last-modified', lastModifiedOf(version));
  };

  return {
    app,
    cfg,
    def,
    label,
    named,
    tags: [def.key],
    versions,
    record,
    oneFrom,
    manyFrom,
    conflictOf,
    one: (id: string, lang: string) => oneFrom(app.db, id, lang),
    checkVersion,
    filesOf,
    dropped,
    snapshotOf,
    readBody,
    input,
    sendVersion,
  };
}
