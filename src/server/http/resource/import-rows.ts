/**
 * The rows of an import against the records they name: what they need is read first in a few set-based queries
 * (`prepareImport`); each row is compared with its record (unchanged rows write nothing), checked by the resource's
 * own payload schema, then written through the same create and edit as the forms (`writes.ts`). A plan writes each
 * row in a savepoint of its own, so that a row that fails is reported (row, column, message) and the others are still
 * checked, and may stop after a time slice (`ImportRun.next` goes on). The caller commits or rolls back.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { TabledResource } from '../../db/tables';
import { badRequest, HttpError } from '../../errors';
import { render, said } from '../../messages';
import { databaseErrorMessage } from '../../plugins/errors';
import { uuidLike } from '../../query/ids';
import { foldName, nameIndex, type NameIndex } from '../../repos/import-refs';
import { insertTranslation, updateTranslation } from '../../repos/translations';
import { enumCode, withTexts } from '../csv-export';
import { cellValue, type Sheet, type SheetRow } from '../csv-read';
import type { ResourceContext } from './context';
import { cellCompareText, currentValue, numberText, referenceCells, type ImportField } from './import-fields';
import { createWrite, editWrite } from './writes';
import { validationMessage } from '../../validation-texts';

const TEXTS = {
  noSuchId: { uz: '{named}: «{id}» identifikatorli yozuv yoʻq', ru: '{named}: нет записи с id «{id}»', en: 'No {label} has the id "{id}"' },
  sameIdTwice: { uz: '{named}: bu yozuv {row}-qatorda allaqachon bor', ru: '{named}: эта запись уже есть в строке {row}', en: 'This {label} is already in row {row}' },
  noSuchName: { uz: '«{cell}» topilmadi', ru: '«{cell}» не найдено', en: 'There is no {label} "{cell}"' },
  sameName: { uz: '«{cell}» nomli {count} ta yozuv bor: uning oʻrniga identifikatorni yozing', ru: 'Записей с именем «{cell}»: {count}; укажите id', en: '{count} records are called "{cell}": write the id instead' },
  textRequired: { uz: 'Majburiy: matnni kamida bitta tilda kiriting', ru: 'Обязательно: укажите текст хотя бы на одном языке', en: 'Required: give the text in at least one language' },
} as const;

export interface RowError {
  row: number;
  column: string | null;
  message: string;
}
export interface RowChange {
  row: number;
  id: string | null;
  before: Record<string, string>;
  after: Record<string, string>;
}
export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: RowError[];
  changes: RowChange[];
  /** More errors or changes than the answer lists (the counts are whole). */
  truncated: boolean;
}

/** The answer lists at most this many errors and changes; the counts are always whole. */
const LISTED = 1000;
const BATCH = 500;

type Rec = Record<string, unknown>;

interface ImportInput {
  sheet: Sheet;
  /** The column key of each of the sheet's columns (undefined: a column the import ignores). */
  columns: (string | undefined)[];
  fields: ImportField[];
  languages: { id: string; code: string }[];
}

/** One row's failure: its errors, reported, and its savepoint rolled back. */
class RowFailed extends Error {
  constructor(readonly errors: RowError[]) {
    super('row failed');
  }
}

/** What the rows are checked against, read before any row in a few set-based queries (no transaction held). */
interface Prepared {
  refs: Map<string, NameIndex>;
  currents: Map<string, Rec>;
}

/**
 * A row the plan wrote (and rolled back), as the apply writes it again: the record it edits as the plan read it (none:
 * a new one), the payload the resource's schema passed (a new translated name's id is a stand-in) and its texts.
 */
export interface PlannedWrite {
  row: number;
  current?: Rec;
  data: Rec;
  texts: Record<string, Record<string, string>>;
}

/** A run over the sheet's rows that may be cut into slices: the answer so far, the ids seen, the next row, the writes. */
interface ImportRun {
  result: ImportResult;
  seen: Map<string, number>;
  next: number;
  planned: PlannedWrite[];
}

export const newRun = (): ImportRun => ({ result: { created: 0, updated: 0, unchanged: 0, errors: [], changes: [], truncated: false }, seen: new Map(), next: 0, planned: [] });

const columnsAt = (columns: (string | undefined)[]) => new Map(columns.flatMap((key, i) => (key ? [[key, i] as const] : [])));
const presentFields = (input: ImportInput, at: Map<string, number>) =>
  input.fields.filter((f) => (f.kind === 'texts' ? input.languages.some((l) => at.has(`${f.column}.${l.code}`)) : at.has(f.column)));

/** The related records the sheet may name and the records its ids name: read on `db`, in batches, before any write. */
export async function prepareImport<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>, db: DbOrTx, request: FastifyRequest, input: ImportInput): Promise<Prepared> {
  const at = columnsAt(input.columns);
  return { refs: await referenceIndexes(db, presentFields(input, at)), currents: await loadCurrents(ctx, db, request.lang, input.sheet.rows, at.get('id')!) };
}

/**
 * The rows from `run.next` on, each through the resource's own create or edit (`writes.ts`) on `tx`. With `until`
 * (a time from `performance.now()`), stops after the row that passes it, so that a plan can give the connection back
 * between slices; `run.next` says where to go on.
 */
export async function importRows<R extends { id: string }, C, U>(
  ctx: ResourceContext<R, C, U>,
  tx: Tx,
  request: FastifyRequest,
  input: ImportInput,
  prepared: Prepared,
  run: ImportRun,
  until = Infinity,
) {
  const { sheet, columns } = input;
  const { result, seen } = run;
  const { currents } = prepared;
  const at = columnsAt(columns);
  const headerOf = (key: string) => (at.has(key) ? sheet.header[at.get(key)!] : null);
  const present = presentFields(input, at);
  const context: RowContext<R, C, U> = { ctx, tx, request, input, at, headerOf, present, refs: prepared.refs, planned: run.planned };

  // At least one row per slice, so that a slow row still moves the run on.
  for (let first = true; run.next < sheet.rows.length && (first || performance.now() <= until); first = false) {
    const row = sheet.rows[run.next++];
    const id = cellValue(row.cells[at.get('id')!] ?? '');
    try {
      const current = id ? currents.get(id) : undefined;
      if (id && !current) throw new RowFailed([{ row: row.row, column: headerOf('id'), message: render(said(TEXTS.noSuchId, { label: ctx.label.toLowerCase(), named: ctx.named, id: id.slice(0, 64) }), request.messageLang) }]);
      if (id && seen.has(id)) throw new RowFailed([{ row: row.row, column: headerOf('id'), message: render(said(TEXTS.sameIdTwice, { label: ctx.label.toLowerCase(), named: ctx.named, row: seen.get(id)! }), request.messageLang) }]);
      if (id) seen.set(id, row.row);
      const change = await importRow(context, row, current);
      if (!change) {
        result.unchanged++;
        continue;
      }
      if (current) result.updated++;
      else result.created++;
      if (result.changes.length < LISTED) result.changes.push(change);
      else result.truncated = true;
    } catch (error) {
      const errors = rowErrors(error, row, headerOf, request.messageLang);
      result.truncated ||= result.errors.length + errors.length > LISTED;
      result.errors.push(...errors.slice(0, Math.max(0, LISTED - result.errors.length)));
    }
  }
  return result;
}

interface RowContext<R extends { id: string }, C, U> {
  ctx: ResourceContext<R, C, U>;
  tx: Tx;
  request: FastifyRequest;
  input: ImportInput;
  at: Map<string, number>;
  headerOf: (key: string) => string | null;
  present: ImportField[];
  refs: Map<string, NameIndex>;
  planned: PlannedWrite[];
}

/** An error of a row's write as the row's errors: its fields named as the sheet's columns. */
export function rowErrors(error: unknown, row: SheetRow, headerOf: (key: string) => string | null, lang: string): RowError[] {
  if (error instanceof RowFailed) return error.errors;
  if (error instanceof HttpError) {
    const named = Object.keys(error.fields ?? {}).map((k) => headerOf(k) ?? headerOf(k.split('.')[0]) ?? headerOf(k.replace(/Id$/, ''))).find(Boolean);
    return [{ row: row.row, column: named ?? null, message: error.renderIn(lang).message }];
  }
  const db = databaseErrorMessage(error, lang);
  if (db) return [{ row: row.row, column: null, message: db }];
  throw error;
}

/** The related records a sheet may name (by id or name): one index per related resource. */
async function referenceIndexes(tx: DbOrTx, fields: ImportField[]): Promise<Map<string, NameIndex>> {
  const out = new Map<string, NameIndex>();
  for (const f of fields) if (f.resource && !out.has(f.resource)) out.set(f.resource, await nameIndex(tx, f.resource as TabledResource));
  return out;
}

/** The records the sheet's ids name, with their texts in every language. */
async function loadCurrents<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>, tx: DbOrTx, lang: string, rows: SheetRow[], idAt: number) {
  const ids = [...new Set(rows.map((r) => cellValue(r.cells[idAt] ?? '')).filter(uuidLike))];
  const out = new Map<string, Rec>();
  // With their versions: the apply checks that each is still the one the plan compared the row with.
  for (let i = 0; i < ids.length; i += BATCH) {
    for (const r of await withTexts(tx, [...(await ctx.manyFrom(tx, ids.slice(i, i + BATCH), lang)).values()])) out.set(r.id, r as unknown as Rec);
  }
  return out;
}

/** A related record named in a cell: its id, or the one record of that name in some language. */
function resolve(index: NameIndex, cell: string, label: string): string {
  if (index.ids.has(cell)) return cell;
  const found = index.byName.get(foldName(cell));
  if (!found) throw badRequest(said(TEXTS.noSuchName, { label, cell: cell.slice(0, 100) }));
  if (found.size > 1) throw badRequest(said(TEXTS.sameName, { count: found.size, cell: cell.slice(0, 100) }));
  return [...found][0];
}

/** What one row asks for: the payload of the fields it changes, and their before and after as the sheet shows them. */
function rowPayload<R extends { id: string }, C, U>(c: RowContext<R, C, U>, row: SheetRow, current: Rec | undefined) {
  const payload: Rec = {};
  const texts: Record<string, Record<string, string>> = {};
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  const errors: RowError[] = [];
  const cell = (key: string) => (c.at.has(key) ? (row.cells[c.at.get(key)!] ?? '') : '');
  for (const field of c.present) {
    const old = current ? currentValue(field, current) : undefined;
    if (field.kind === 'texts') {
      const had = (old ?? {}) as Record<string, string>;
      for (const { code } of c.input.languages) {
        const text = cellValue(cell(`${field.column}.${code}`));
        if (!text || text === (had[code] ?? '').trim()) continue;
        (texts[field.key] ??= {})[code] = text;
        before[c.headerOf(`${field.column}.${code}`)!] = had[code] ?? '';
        after[c.headerOf(`${field.column}.${code}`)!] = text;
      }
      continue;
    }
    const text = field.kind === 'number' ? numberText(cell(field.column)) : cellValue(cell(field.column));
    // A blank cell leaves the stored value as it is, as a blank field of the edit form does.
    if (!text) continue;
    // A choice may come back as the export labelled it, in any language.
    let value: unknown = field.def?.kind === 'enum' ? enumCode(field.def.values, text) : text;
    try {
      if (field.kind === 'reference') value = resolve(c.refs.get(field.resource!)!, text, field.column);
      if (field.kind === 'references') value = [...new Set(referenceCells(text).map((t) => resolve(c.refs.get(field.resource!)!, t, field.column)))].sort();
    } catch (error) {
      errors.push({ row: row.row, column: c.headerOf(field.column), message: error instanceof HttpError ? error.renderIn(c.request.messageLang).message : (error as Error).message });
      continue;
    }
    const same = field.kind === 'references' ? JSON.stringify(value) === JSON.stringify(old) : cellCompareText(field, value) === cellCompareText(field, old);
    if (current && same) continue;
    payload[field.key] = value;
    const written = cellValue(cell(field.column));
    // A number before the change in the file's own decimal mark.
    const shown = current ? displayed(field, current) : '';
    before[c.headerOf(field.column)!] = field.kind === 'number' && written.includes(',') ? shown.replace('.', ',') : shown;
    after[c.headerOf(field.column)!] = written;
  }
  if (errors.length) throw new RowFailed(errors);
  return { payload, texts, before, after };
}

/** A stored value as the export's cell shows it (a related record by its name). */
function displayed(field: ImportField, record: Rec): string {
  const value = field.kind === 'reference' || field.kind === 'references' ? record[field.column] : record[field.key];
  if (Array.isArray(value)) return value.map((v) => String((v as { name?: unknown }).name ?? '')).join('; ');
  if (value && typeof value === 'object') return String((value as { name?: unknown }).name ?? '');
  return value === null || value === undefined ? '' : String(value);
}

/** One row: compared, checked, then written in a savepoint. Answers its change, or undefined when it changes nothing. */
async function importRow<R extends { id: string }, C, U>(c: RowContext<R, C, U>, row: SheetRow, current: Rec | undefined): Promise<RowChange | undefined> {
  const { ctx } = c;
  const { payload, texts, before, after } = rowPayload(c, row, current);
  if (current && !Object.keys(payload).length && !Object.keys(texts).length) return undefined;
  const translated = (key: string) => (ctx.def.fields as Record<string, { kind: string; required?: boolean }>)[key];
  // A translated name is written as its translation: a new one for a new record, the record's own one otherwise.
  const errors: RowError[] = [];
  for (const field of c.present.filter((f) => f.kind === 'texts' && f.def?.kind === 'translation')) {
    if (!current && translated(field.key)?.required && !texts[field.key]) {
      errors.push({ row: row.row, column: c.headerOf(`${field.column}.${c.input.languages[0]?.code}`), message: render(said(TEXTS.textRequired), c.request.messageLang) });
    }
    if (!current && texts[field.key]) payload[field.key] = randomUUID();
  }
  for (const field of c.present.filter((f) => f.kind === 'texts' && f.def?.kind === 'definitions')) {
    if (texts[field.key]) payload[field.key] = texts[field.key];
  }
  const schema = (current ? ctx.cfg.update!.body.schema : ctx.cfg.create!.body.schema) as z.ZodType<Rec>;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      const column = c.headerOf(key) ?? c.headerOf(String(issue.path[0])) ?? c.headerOf(`${String(issue.path[0])}.${c.input.languages[0]?.code}`);
      const field = c.present.find((f) => f.key === issue.path[0]);
      errors.push({ row: row.row, column: column ?? (field ? c.headerOf(field.column) : null), message: render(validationMessage(issue), c.request.messageLang) });
    }
  }
  if (errors.length) throw new RowFailed(errors);
  const planned = { row: row.row, current, data: { ...parsed.data! }, texts };
  await c.tx.transaction((sp) => writeRow(c, sp, current, parsed.data!, texts));
  c.planned.push(planned);
  return { row: row.row, id: current ? String(current.id) : null, before, after };
}

async function writeRow<R extends { id: string }, C, U>(c: RowContext<R, C, U>, sp: Tx, current: Rec | undefined, data: Rec, texts: Record<string, Record<string, string>>) {
  const { ctx, request } = c;
  const languageId = new Map(c.input.languages.map((l) => [l.code, l.id]));
  for (const field of c.present.filter((f) => f.kind === 'texts' && f.def?.kind === 'translation' && texts[f.key])) {
    const rows = Object.entries(texts[field.key]).map(([code, value]) => ({ languageId: languageId.get(code)!, value }));
    const own = current?.[`${field.key}TranslateId`];
    if (current && typeof own === 'string') {
      await updateTranslation(sp, own, {}, rows);
    } else {
      data[field.key] = await insertTranslation(sp, { code: newTextCode(ctx.def.key, field.key), type: 'content' }, rows);
    }
  }
  // The plan keeps no audit entries (it is rolled back); the apply records them (`import-apply.ts`).
  if (!current) {
    await createWrite(ctx, sp, request, data as C, [], 'importCreate');
    return;
  }
  // The record as prepared, with its version: within the plan's slice no other write has changed it.
  await editWrite(ctx, sp, request, { current: current as unknown as R, data: data as U, files: [], action: 'importEdit' }, ctx.cfg.update!.write);
}

/** The code of a new translation an import writes a record's text to. */
export const newTextCode = (key: string, field: string) => `${key}.${field}.${randomUUID().slice(0, 8)}`;
