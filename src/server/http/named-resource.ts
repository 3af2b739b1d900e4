/**
 * The catalogue resources that are a translated name plus (maybe) an image and a few own fields — regions, places,
 * comforts, cottage types — as one resource-route configuration: the list sorted and searched on the translated name,
 * writes straight onto the table (see `repos/records.ts`), an image when the registry declares one (required on
 * create when it says so), payloads derived from the registry's fields. Names are translation ids on write (one use per translation) and text in the request
 * language on read, plus `nameTranslateId`.
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client';
import { LANG_PLACEHOLDER, preparedById, qualified } from '../db/sql';
import { RESOURCE_TABLES } from '../db/tables';
import { atItem, single } from '../errors';
import { createSchemaOf, editSchemaOf } from '../../shared/payload';
import { namedRecordOf } from '../../shared/records/named';
import { resources, type FieldDef, type NamedKey, type ResourceDef } from '../../shared/resources';
import { deleteRecord, saveTranslatedRecords, updateRecord } from '../repos/records';
import type { ListSpec } from '../query/list';
import { kinds } from '../query/filter-kinds';
import type { ResourceRoutes, WriteInput } from './resource/types';
import { jsonObjectOf, pageJsonOf, type JsonText } from '../query/page-json';
import { registrySearch } from '../query/search';
import { translatedColumns } from '../repos/translation-usage';

type Data = Record<string, unknown>;

export interface NamedResourceConfig<R extends { id: string }> {
  key: NamedKey;
  /** The response record; by default derived from the registry fields (`namedRecordOf`). */
  record?: z.ZodType<R>;
  /**
   * Checks writes before they happen (allowed changes), a batch at once (a form's write is a batch of one); throws an
   * `ItemFailed` naming the record and its HttpError. Referenced records' existence is derived from the registry.
   */
  check?: (db: DbOrTx, items: { data: Data; current?: R }[]) => Promise<void>;
  /** Read columns besides id, name, nameTranslateId, image, createdAt. */
  select?: (lang: string) => Record<string, PgColumn | SQL>;
  /** Turns a selected row into the record (e.g. nests the region of a place). */
  shape?: (row: Data) => Data;
  /** Values of the record's JSON (the list's fast path, `page-json.ts`) that are not selected columns, e.g. a nested object. */
  json?: (lang: string) => Record<string, SQL | JsonText>;
  /** List fields besides name, nameTranslateId and createdAt (filterable and sortable). */
  listFields?: (lang: string) => Record<string, PgColumn | SQL>;
}

const PLAIN = new Set<FieldDef['kind']>(['boolean', 'text', 'number', 'reference']);

export function namedResource<R extends { id: string; image?: string | null }>(cfg: NamedResourceConfig<R>): ResourceRoutes<R, Data, Data> {
  // One named resource's entry, whichever: its fields are read at run time, not typed per resource here.
  const def = resources[cfg.key] as ResourceDef;
  const table = RESOURCE_TABLES[cfg.key].table as (typeof RESOURCE_TABLES)['place']['table'];
  const imageField = (def.fields as Record<string, { kind: string; required?: boolean }>).image;
  const files: Record<string, number> = imageField ? { image: 1 } : {};
  // Plain fields (yes/no, text, number, a reference's id) are columns of the same name: read, filtered and sorted.
  const columns = table as unknown as Record<string, PgColumn>;
  const plain = Object.fromEntries(
    Object.entries(def.fields as Record<string, FieldDef>)
      .filter(([, field]) => PLAIN.has(field.kind))
      .map(([name]) => [name, columns[name]]),
  );

  const spec = (lang: string): ListSpec => {
    const fields = {
      ...translatedColumns(cfg.key, lang),
      createdAt: qualified(table.createdAt),
      ...plain,
      ...cfg.listFields?.(lang),
    };
    return { table, id: table.id, fields, kinds: { createdAt: kinds.timestamp }, search: registrySearch(def, fields), defaultSort: { field: 'createdAt', order: 'asc' } };
  };

  const selection = (lang: string) => ({
    id: table.id,
    ...translatedColumns(cfg.key, lang),
    ...(imageField ? { image: table.image } : {}),
    ...plain,
    ...cfg.select?.(lang),
    createdAt: table.createdAt,
  });
  const record = cfg.record ?? (namedRecordOf(def) as unknown as z.ZodType<R>);

  // Named statements with the ids and the language as placeholders: planned once per connection.
  const loadRows = preparedById<Data>((db, ids) => db.select(selection(LANG_PLACEHOLDER)).from(table).where(ids.of(table.id)).prepare(`dacha_${cfg.key}_${ids.name}`));
  const load = async (db: DbOrTx, ids: string[], lang: string): Promise<R[]> => {
    if (!ids.length) return [];
    const rows = await loadRows(db, ids, { lang });
    return (cfg.shape ? rows.map(cfg.shape) : rows) as R[];
  };

  /**
   * The create and edit writes of many records (a form's is a batch of one): the resource's checks for all, each
   * one's image, then the rows in a few multi-row statements. A new record's image may be required.
   */
  const saveMany = async (db: Tx, items: { input: WriteInput<Data>; current?: R }[]) => {
    if (!items.length) return [];
    await cfg.check?.(db, items.map(({ input, current }) => ({ data: input.data, current })));
    const rows: { id?: string; values: Data }[] = [];
    for (const [index, { input, current }] of items.entries()) {
      const image = imageField ? await atItem(index, () => input.image('image', !current && Boolean(imageField.required))) : undefined;
      rows.push({ id: current?.id, values: { ...input.data, image } });
    }
    return saveTranslatedRecords(db, cfg.key, rows, items[0].input.lang);
  };

  return {
    def,
    record,
    load,
    pageJson: pageJsonOf({ table, id: table.id, object: jsonObjectOf(record, { ...selection(LANG_PLACEHOLDER), ...cfg.json?.(LANG_PLACEHOLDER) }, def.key) }),
    spec,
    files: (record) => [record.image],
    create: {
      body: { schema: createSchemaOf(def), files },
      write: async (db, input) => (await single(saveMany(db, [{ input }])))[0],
      writeMany: (db, inputs) => saveMany(db, inputs.map((input) => ({ input }))),
    },
    update: {
      body: { schema: editSchemaOf(def), files },
      write: (db, input, current) => single(saveMany(db, [{ input, current }])),
      writeMany: async (db, items) => void (await saveMany(db, items)),
    },
    image: imageField ? { write: (db, current, image) => updateRecord(db, cfg.key, current.id, { image }) } : undefined,
    remove: {
      description: 'Answers the deleted record; 409 while other records depend on it',
      write: (db, current) => deleteRecord(db, cfg.key, current.id),
    },
  };
}
