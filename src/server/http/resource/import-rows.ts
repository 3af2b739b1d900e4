/**
 * The rows of an import against the records they name, on one transaction: each row is compared with its record
 * (unchanged rows write nothing), checked by the resource's own payload schema, then written through the same create
 * and edit as the forms (`writes.ts`) in a savepoint of its own, so that a row that fails is reported (row, column,
 * message) and the others still are checked. The caller commits or rolls back the whole.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { TabledResource } from '../../db/tables';
import { badRequest, HttpError } from '../../errors';
import { render, said } from '../../messages';
import { databaseErrorMessage } from '../../plugins/errors';
import { uuidLike } from '../../query/ids';
import type { AuditEntry } from '../../repos/audit';
import { foldName, nameIndex, type NameIndex } from '../../repos/import-refs';
import { insertTranslation, loadTranslations, updateTranslation } from '../../repos/translations';
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
  /** A dry run keeps no audit entries: they would be rolled back anyway (10 000 full records before and after). */
  audited: boolean;
}

/** One row's failure: its errors, reported, and its savepoint rolled back. */
class RowFailed extends Error {
  constructor(readonly errors: RowError[]) {
    super('row failed');
  }
}

export async function importRows<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>, tx: Tx, request: FastifyRequest, input: ImportInput) {
  const { sheet, columns, fields } = input;
  const result: ImportResult = { created: 0, updated: 0, unchanged: 0, errors: [], changes: [], truncated: false };
  const kept: AuditEntry[] = [];
  const audit = input.audited ? kept : { push: () => 0 };
  const at = new Map(columns.flatMap((key, i) => (key ? [[key, i] as const] : [])));
  const headerOf = (key: string) => (at.has(key) ? sheet.header[at.get(key)!] : null);
  const present = fields.filter((f) => (f.kind === 'texts' ? input.languages.some((l) => at.has(`${f.column}.${l.code}`)) : at.has(f.column)));
  const refs = await referenceIndexes(tx, present);
  const currents = await loadCurrents(ctx, tx, request.lang, sheet.rows, at.get('id')!);
  const seen = new Map<string, number>();
  const context: RowContext<R, C, U> = { ctx, tx, request, input, at, headerOf, present, refs, audit };

  for (const row of sheet.rows) {
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
  return { result, audit: kept };
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
  audit: Pick<AuditEntry[], 'push'>;
}

/** An error of a row's write as the row's errors: its fields named as the sheet's columns. */
function rowErrors(error: unknown, row: SheetRow, headerOf: (key: string) => string | null, lang: string): RowError[] {
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
async function referenceIndexes(tx: Tx, fields: ImportField[]): Promise<Map<string, NameIndex>> {
  const out = new Map<string, NameIndex>();
  for (const f of fields) if (f.resource && !out.has(f.resource)) out.set(f.resource, await nameIndex(tx, f.resource as TabledResource));
  return out;
}

/** The records the sheet's ids name, with their texts in every language. */
async function loadCurrents<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>, tx: Tx, lang: string, rows: SheetRow[], idAt: number) {
  const ids = [...new Set(rows.map((r) => cellValue(r.cells[idAt] ?? '')).filter(uuidLike))];
  const out = new Map<string, Rec>();
  for (let i = 0; i < ids.length; i += BATCH) {
    for (const r of await withTexts(tx, await ctx.cfg.load(tx, ids.slice(i, i + BATCH), lang))) out.set(r.id, r as unknown as Rec);
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
  await c.tx.transaction((sp) => writeRow(c, sp, current, parsed.data!, texts));
  return { row: row.row, id: current ? String(current.id) : null, before, after };
}

async function writeRow<R extends { id: string }, C, U>(c: RowContext<R, C, U>, sp: Tx, current: Rec | undefined, data: Rec, texts: Record<string, Record<string, string>>) {
  const { ctx, request } = c;
  const languageId = new Map(c.input.languages.map((l) => [l.code, l.id]));
  for (const field of c.present.filter((f) => f.kind === 'texts' && f.def?.kind === 'translation' && texts[f.key])) {
    const rows = Object.entries(texts[field.key]).map(([code, value]) => ({ languageId: languageId.get(code)!, value }));
    const own = current?.[`${field.key}TranslateId`];
    if (current && typeof own === 'string') {
      const id = own;
      // Audited as the translation's own record reads (its definitions), so History shows it and a revert can put it back.
      const [before] = await loadTranslations(sp, [id], request.lang);
      await updateTranslation(sp, id, {}, rows);
      const [after] = await loadTranslations(sp, [id], request.lang);
      c.audit.push({ resource: 'translate', recordId: id, action: 'importEdit', before, after });
    } else {
      const code = `${ctx.def.key}.${field.key}.${randomUUID().slice(0, 8)}`;
      const id = await insertTranslation(sp, { code, type: 'content' }, rows);
      data[field.key] = id;
      c.audit.push({ resource: 'translate', recordId: id, action: 'importCreate', after: { code, definition: texts[field.key] } });
    }
  }
  if (!current) {
    c.audit.push((await createWrite(ctx, sp, request, data as C, [], 'importCreate')).audit);
    return;
  }
  const fresh = await ctx.oneFrom(sp, String(current.id), request.lang);
  const written = await editWrite(ctx, sp, request, { current: fresh, data: data as U, files: [], action: 'importEdit' }, ctx.cfg.update!.write);
  c.audit.push(written.audit);
}
