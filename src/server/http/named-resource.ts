/**
 * The catalogue resources that are a translated name plus (maybe) an image and a few own fields — regions, places,
 * comforts, cottage types — as one resource-route configuration: the list sorted and searched on the translated name,
 * writes straight onto the table (see `repos/records.ts`), an image when the registry declares one (required on
 * create when it says so), payloads derived from the registry's fields. Names are translation ids on write (one use per translation) and text in the request
 * language on read, plus `nameTranslateId`.
 */
import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { qualified } from '../db/sql';
import { RESOURCE_TABLES } from '../db/tables';
import { conflict } from '../errors';
import { createSchemaOf, editSchemaOf } from '../../shared/payload';
import { namedRecordOf } from '../../shared/records/named';
import { resources, type FieldDef, type NamedKey, type ResourceDef } from '../../shared/resources';
import { deleteRecord, saveTranslatedRecord, updateRecord } from '../repos/records';
import type { ListSpec } from '../query/list';
import { kinds } from '../query/filter-kinds';
import type { ResourceRoutes } from './resource/types';
import { jsonObjectOf, LANG, pageJsonOf, type JsonText } from '../query/page-json';
import { registrySearch } from '../query/search';
import { translatedColumns } from '../repos/translation-usage';
import type { Message } from '../messages';

type Data = Record<string, unknown>;

export interface NamedResourceConfig<R extends { id: string }> {
  key: NamedKey;
  /** The response record; by default derived from the registry fields (`namedRecordOf`). */
  record?: z.ZodType<R>;
  /** Checks a write before it happens (referenced records exist, allowed changes); throws an HttpError. */
  check?: (db: DbOrTx, data: Data, current?: R) => Promise<void>;
  /** Read columns besides id, name, nameTranslateId, image, createdAt. */
  select?: (lang: string) => Record<string, PgColumn | SQL>;
  /** Turns a selected row into the record (e.g. nests the region of a place). */
  shape?: (row: Data) => Data;
  /** Values of the record's JSON (the list's fast path, `page-json.ts`) that are not selected columns, e.g. a nested object. */
  json?: (lang: string) => Record<string, SQL | JsonText>;
  /** List fields besides name, nameTranslateId and createdAt (filterable and sortable). */
  listFields?: (lang: string) => Record<string, PgColumn | SQL>;
  /** Why the record cannot be deleted now (a 409 message), if so. */
  deleteBlocker?: (db: DbOrTx, id: string) => Promise<Message | undefined>;
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

  const load = async (db: DbOrTx, ids: string[], lang: string): Promise<R[]> => {
    if (!ids.length) return [];
    const rows = (await db
      .select(selection(lang))
      .from(table)
      .where(inArray(table.id, ids))) as Data[];
    return (cfg.shape ? rows.map(cfg.shape) : rows) as R[];
  };

  return {
    def,
    record,
    load,
    pageJson: pageJsonOf({ table, id: table.id, object: jsonObjectOf(record, { ...selection(LANG), ...cfg.json?.(LANG) }, def.key) }),
    spec,
    files: (record) => [record.image],
    create: {
      body: { schema: createSchemaOf(def), files },
      async write(db, input) {
        await cfg.check?.(db, input.data);
        const image = imageField ? await input.image('image', Boolean(imageField.required)) : undefined;
        return saveTranslatedRecord(db, cfg.key, { ...input.data, image }, input.lang);
      },
    },
    update: {
      body: { schema: editSchemaOf(def), files },
      async write(db, input, current) {
        await cfg.check?.(db, input.data, current);
        const image = imageField ? await input.image('image', false) : undefined;
        await saveTranslatedRecord(db, cfg.key, { ...input.data, image }, input.lang, current.id);
      },
    },
    image: imageField ? { write: (db, current, image) => updateRecord(db, cfg.key, current.id, { image }) } : undefined,
    remove: {
      description: 'Answers the deleted record; 409 while other records depend on it',
      async check(db, current) {
        const blocker = await cfg.deleteBlocker?.(db, current.id);
        if (blocker) throw conflict(blocker);
      },
      write: (db, current) => deleteRecord(db, cfg.key, current.id),
    },
  };
}
