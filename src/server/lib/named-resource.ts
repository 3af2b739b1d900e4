/**
 * The catalogue resources that are a translated name plus (maybe) an image and a few own fields — regions, places,
 * comforts, cottage types — share one set of routes: list and one (DESIGN §5 parameters, sorted and searched on the
 * translated name), create (201), edit, image replacement, delete (with the resource's own "still in use" checks).
 * Names are translation ids on write (one use per translation) and text in the request language on read, plus
 * `nameTranslateId`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { conflict } from '../errors';
import type { ResourceDef } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { loadOne, registerReads } from './crud';
import { fileOf, readValidForm } from './forms';
import type { ListSpec } from './list';
import { translatedText } from './translated';
import { claimTranslations, qualified } from './translation-usage';
import { idParams } from '../../shared/schemas/common';

type Data = Record<string, unknown> & { name?: string };
type Row = Record<string, unknown> & { id: string; image?: string | null };

export interface NamedResourceConfig {
  def: ResourceDef;
  /** What messages call one record, e.g. "Region". */
  label: string;
  table: PgTable;
  columns: { id: PgColumn; name: PgColumn; createdAt: PgColumn; image?: PgColumn };
  /** Whether the resource has an image and whether creating one needs it. */
  image?: { required: boolean };
  createSchema: z.ZodType<Data>;
  editSchema: z.ZodType<Data>;
  /** The response schema of one record. */
  record: z.ZodType;
  /** Columns written from a validated payload besides the name (undefined values change nothing). */
  values?: (data: Data) => Record<string, unknown>;
  /** Checks a write before it happens (referenced records exist, allowed changes); throws an HttpError. */
  check?: (db: DbOrTx, data: Data, current?: Row) => Promise<void>;
  /** Read columns besides id, name, nameTranslateId, image, createdAt. */
  select?: (lang: string) => Record<string, PgColumn | SQL>;
  /** Turns a selected row into the record (e.g. nests the region of a place). */
  shape?: (row: Row) => Row;
  /** List fields besides name, nameTranslateId and createdAt (filterable and sortable). */
  listFields?: (lang: string) => Record<string, PgColumn | SQL>;
  /** Why the record cannot be deleted now (a 409 message), if so. */
  deleteBlocker?: (db: DbOrTx, id: string) => Promise<string | undefined>;
}

export function registerNamedResource(app: FastifyInstance, cfg: NamedResourceConfig) {
  const { def, columns, table } = cfg;
  const tags = [def.key];
  const files: Record<string, number> = cfg.image ? { image: 1 } : {};
  const r = app.withTypeProvider<ZodTypeProvider>();

  const spec = (lang: string): ListSpec => {
    const name = translatedText(qualified(columns.name), lang);
    return {
      table,
      id: columns.id,
      fields: { name, nameTranslateId: columns.name, createdAt: qualified(columns.createdAt), ...cfg.listFields?.(lang) },
      search: [name],
      defaultSort: { field: 'createdAt', order: 'asc' },
    };
  };

  const load = async (ids: string[], lang: string): Promise<Row[]> => {
    if (!ids.length) return [];
    const rows = (await app.db
      .select({
        id: columns.id,
        name: translatedText(qualified(columns.name), lang),
        nameTranslateId: columns.name,
        ...(columns.image ? { image: columns.image } : {}),
        ...cfg.select?.(lang),
        createdAt: columns.createdAt,
      })
      .from(table)
      .where(inArray(columns.id, ids))) as Row[];
    return cfg.shape ? rows.map(cfg.shape) : rows;
  };

  const reads = { resource: def, label: cfg.label, spec, load, record: cfg.record, tags };
  registerReads(app, reads);

  const write = async (tx: DbOrTx, data: Data, lang: string, current?: Row) => {
    await claimTranslations(tx, { key: def.key, recordId: current?.id }, [{ field: 'name', id: data.name }], lang);
  };

  r.post(
    `/${def.api.create}`,
    {
      onRequest: app.requirePermission(perm(def.key, 'create')),
      schema: { tags, description: `${def.multipart?.create ? 'Multipart' : 'JSON'} (either works): name (a translation id)`, response: { 201: cfg.record } },
    },
    async (request, reply) => {
      const { data, files: uploaded } = await readValidForm(request, cfg.createSchema, files, cfg.label.toLowerCase());
      await cfg.check?.(app.db, data);
      const file = cfg.image ? fileOf(uploaded, 'image', cfg.image.required) : undefined;
      const image = file ? await request.saveImage(file) : undefined;
      const id = await app.db.transaction(async (tx) => {
        await write(tx, data, request.lang);
        const [row] = await tx
          .insert(table)
          .values(columnValues(table, { name: data.name, ...cfg.values?.(data), ...(image ? { image } : {}) }, columns) as never)
          .returning({ id: columns.id });
        return String((row as { id: unknown }).id);
      });
      return reply.status(201).send(await loadOne(reads, id, request.lang));
    },
  );

  r.patch(
    `/${def.api.update}`,
    {
      onRequest: app.requirePermission(perm(def.key, 'edit')),
      schema: { tags, params: idParams, description: 'JSON or multipart; an empty field changes nothing', response: { 200: cfg.record } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const { data, files: uploaded } = await readValidForm(request, cfg.editSchema, files, cfg.label.toLowerCase());
      await cfg.check?.(app.db, data, current);
      const file = cfg.image ? fileOf(uploaded, 'image', false) : undefined;
      const image = file ? await request.saveImage(file) : undefined;
      const changes = columnValues(table, { name: data.name, ...cfg.values?.(data), ...(image ? { image } : {}) }, columns);
      await app.db.transaction(async (tx) => {
        await write(tx, data, request.lang, current);
        if (Object.keys(changes).length) await tx.update(table).set(changes as never).where(eq(columns.id, current.id));
      });
      if (image) request.removeFileAfterSuccess(current.image);
      return loadOne(reads, current.id, request.lang);
    },
  );

  if (cfg.image && columns.image && def.api.image) {
    r.patch(
      `/${def.api.image}`,
      {
        onRequest: app.requirePermission(perm(def.key, 'edit')),
        schema: { tags, params: idParams, description: 'Multipart: image (required) replaces the image', response: { 200: cfg.record } },
      },
      async (request) => {
        const current = await loadOne(reads, request.params.id, request.lang);
        const form = await request.readForm({ image: 1 });
        const image = await request.saveImage(fileOf(form.files, 'image', true)!);
        await app.db.update(table).set({ image } as never).where(eq(columns.id, current.id));
        request.removeFileAfterSuccess(current.image);
        return loadOne(reads, current.id, request.lang);
      },
    );
  }

  r.delete(
    `/${def.api.delete}`,
    {
      onRequest: app.requirePermission(perm(def.key, 'delete')),
      schema: { tags, params: idParams, description: 'Answers the deleted record; 409 while other records depend on it', response: { 200: cfg.record } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const blocker = await cfg.deleteBlocker?.(app.db, current.id);
      if (blocker) throw conflict(blocker);
      await app.db.delete(table).where(eq(columns.id, current.id));
      request.removeFileAfterSuccess(current.image);
      return current;
    },
  );

  return reads;
}

/** Maps API field names to the table's property names, dropping undefined values. */
function columnValues(table: PgTable, values: Record<string, unknown>, columns: NamedResourceConfig['columns']) {
  const props = table as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const prop = field === 'name' ? propertyOf(table, columns.name) : field;
    if (!(prop in props)) throw new Error(`No column ${prop}`);
    out[prop] = value;
  }
  return out;
}

function propertyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table as unknown as Record<string, unknown>).find(([, v]) => v === column);
  if (!entry) throw new Error(`Column ${column.name} is not in its table`);
  return entry[0];
}
