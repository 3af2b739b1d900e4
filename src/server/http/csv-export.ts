/**
 * CSV exports of any list (issue "Operators' list kit"): the list's own filter and sort, every matching row, streamed
 * in batches so memory stays flat, with readable columns — nested records flattened to their names, translation ids
 * and secrets left out — and headers in the request's language. UTF-8 with a BOM, so Excel reads Cyrillic and Uzbek.
 * Spreadsheets as the request's language expects them (docs/decisions.md, "CSV as spreadsheets read it"): `;` and
 * decimal commas except in English, times in `APP_TIME_ZONE` named in the header, no cell that can start a formula.
 */
import type { Readable } from 'node:stream';
import { z } from 'zod';
import en from '../../../i18n/en';
import ru from '../../../i18n/ru';
import uz from '../../../i18n/uz';
import exportTexts from '../../../i18n/export-columns';
import { SECRET_FIELD } from '../rules/secret-fields';
import { badRequest } from '../errors';
import type { DbOrTx } from '../db/client';
import { DEFAULT_LANGUAGES } from '../../shared/enums';
import { resourceByRoute, resources } from '../../shared/resources';
import { definitionTexts } from '../repos/translations';
import { listQuerySchema } from './list-params';
import { inBatches, textStream } from './streaming';
import { said } from '../messages';

const OPTION_TEXTS = {
  oneOf: { uz: '{name} quyidagilardan biri boʻlishi kerak: {allowed}', ru: 'Допустимые значения параметра {name}: {allowed}', en: '{name} must be one of {allowed}' },
  notOneOf: { uz: 'Quyidagilardan biri emas: {allowed}', ru: 'Не одно из: {allowed}', en: 'Not one of {allowed}' },
} as const;

type Labels = Record<string, unknown>;
interface Texts {
  app: { columns: Record<string, string>; status?: Record<string, string> };
  resources: Record<string, Labels & { name: string }>;
  /** Columns no screen labels. */
  export: Record<string, string>;
}
const catalogues: Record<string, Texts> = { en: { ...en, export: exportTexts.en }, ru: { ...ru, export: exportTexts.ru }, uz: { ...uz, export: exportTexts.uz } };

/**
 * A choice's value as the reader says it (the panel's `app.status`: statuses and service codes), in every language but
 * English, whose sheet keeps the codes as before. The import reads a label of any language back (`enumCode`).
 */
function enumCell(texts: Texts, lang: string, value: unknown): unknown {
  if (lang === 'en' || typeof value !== 'string' || !texts.app.status || !Object.hasOwn(texts.app.status, value)) return value;
  return texts.app.status[value];
}

/** A cell of a choice back to its code: the code itself, or its label in any language. */
export function enumCode(values: readonly string[], text: string): string {
  if (values.includes(text)) return text;
  const folded = text.trim().toLocaleLowerCase();
  for (const texts of Object.values(catalogues)) {
    const found = values.find((v) => texts.app.status && Object.hasOwn(texts.app.status, v) && texts.app.status[v].toLocaleLowerCase() === folded);
    if (found) return found;
  }
  return text;
}

/**
 * A field of a resource's record as the reader's screens label it (the audit export's changes), in every language but
 * English, whose sheet keeps the keys as before.
 */
export function fieldLabelIn(lang: string, resourceKey: string, field: string): string {
  const texts = catalogues[lang];
  const route = (resources as Record<string, { route: string } | undefined>)[resourceKey]?.route;
  if (lang === 'en' || !texts || !route) return field;
  return labelIn(texts, route, field) ?? field;
}

/** Where a screen keeps its field labels, most column-like first (the cottage screens label fields in their list and form). */
const LABEL_SECTIONS = [['fields'], ['list'], ['form', 'fields'], ['map']];

/**
 * A column's header in one catalogue: the resource's own label for the field, a label every list shares (created,
 * updated), an export-only label, or — for a nested record (a place's region) — the other resource's name.
 */
function labelIn(texts: Texts, route: string, key: string): string | undefined {
  const own = texts.resources[route];
  for (const section of own ? LABEL_SECTIONS : []) {
    let at: unknown = own;
    for (const step of section) at = at && typeof at === 'object' ? (at as Labels)[step] : undefined;
    const label = at && typeof at === 'object' ? (at as Labels)[key] : undefined;
    if (typeof label === 'string') return label;
  }
  if (Object.hasOwn(texts.app.columns, key)) return texts.app.columns[key];
  if (Object.hasOwn(texts.export, key)) return texts.export[key];
  const other = [key, `${key}s`, key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)].find((k) => Object.hasOwn(texts.resources, k));
  // "Region |||| Regions": the singular.
  return other ? texts.resources[other].name.split('||||')[0].trim() : undefined;
}

/** A record's value as one cell's text: nested records by their name, lists joined with "; ". */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(cellText).filter(Boolean).join('; ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('name' in o && o.name !== null && o.name !== undefined && o.name !== '') return cellText(o.name);
    if ('username' in o) return cellText(o.username);
    // A translation's definition: "uz: …".
    if ('value' in o && typeof o.language === 'object' && o.language) return `${cellText((o.language as { code?: unknown }).code)}: ${cellText(o.value)}`;
    if ('type' in o && typeof o.type === 'string') return o.type;
    if ('code' in o) return cellText(o.code);
    // A wrapper like roles' `{role: {…}}` or permissions' `{permission: {…}}`.
    const values = Object.values(o);
    if (values.length === 1) return cellText(values[0]);
    return '';
  }
  return String(value);
}

/**
 * Quoted whenever it holds any separator a spreadsheet may apply (`,` `;` tab), a quote or a line break. Quoting alone
 * does not keep a cell whole: a spreadsheet reading `;` opens the `,` export's `1,"x;=1+2;"` as `1,"x` | `=1+2` |, since
 * a quote counts only at a cell's start. So text a spreadsheet could run as a formula — `=` `+` `-` `@`, tab or CR at
 * the text's start *or right after any of `,` `;` tab, CR, LF inside it* — gets OWASP's `'` before it (and a separator
 * ending the text gets one after it), whatever the
 * separator the file is read with (docs/decisions.md, "CSV formulas across separators"). A `'` already there gets one
 * more, so the import (`cellValue`) takes exactly one away and the round trip is exact. Only for text: numbers come
 * through `numberCell`, so a real -5 stays a number.
 */
export function csvCell(text: string): string {
  return quoted(text.replace(FORMULA_AT, "'"));
}
/**
 * Where a `'` goes: before a formula's start (after any `'` already there) at the text's start, or after a separator or
 * line break inside it; and after a separator that ends the text, since there the next cell of a reader splitting on it
 * would begin with the closing quote and the file's own separator (a tab, in a tab export read with `,`).
 */
const FORMULA_AT = /^(?='*[=+\-@\t\r])|(?<=[,;\t\r\n])(?='*(?:[=+\-@\t\r]|$))/g;
const quoted = (text: string) => (/[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A number in the sheet's decimal mark, never grouped (a grouped number is text to a spreadsheet). */
function numberCell(value: number, decimal: CsvFormat['decimal']): string {
  const text = String(value);
  return quoted(decimal === ',' ? text.replace('.', ',') : text);
}

/** A moment as `YYYY-MM-DD HH:MM:SS` in the time zone the header names (every spreadsheet reads it as a date). */
export function timeCell(value: Date | number, timeZone: string): string {
  const ms = typeof value === 'number' ? value : value.getTime();
  if (!Number.isFinite(ms)) return '';
  // Built from kept parts rather than a Date per cell: the export writes two times in each of 100 000 rows.
  const local = ms + zoneOffset(ms, timeZone);
  const day = Math.floor(local / DAY);
  let date = dates.get(day);
  if (date === undefined) {
    if (dates.size > 100_000) dates.clear();
    dates.set(day, (date = new Date(day * DAY).toISOString().slice(0, 10)));
  }
  const s = Math.floor((local - day * DAY) / 1000);
  return `${date} ${TWO_DIGITS[Math.floor(s / 3600)]}:${TWO_DIGITS[Math.floor(s / 60) % 60]}:${TWO_DIGITS[s % 60]}`;
}
const DAY = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const dates = new Map<number, string>();

/**
 * The zone's offset at `ms`, kept per day: `Intl` is too slow to ask for each of 100 000 rows, and a zone changes its
 * offset at most once in a day (then that day's moments are each asked exactly, and not kept).
 */
const offsets = new Map<string, Map<number, number>>();
function zoneOffset(ms: number, timeZone: string): number {
  let days = offsets.get(timeZone);
  if (!days) offsets.set(timeZone, (days = new Map()));
  const day = Math.floor(ms / DAY);
  let offset = days.get(day);
  if (offset === undefined) {
    const start = offsetAt(day * DAY, timeZone);
    if (start !== offsetAt(day * DAY + DAY - 1000, timeZone)) return offsetAt(ms, timeZone);
    if (days.size > 100_000) days.clear();
    days.set(day, (offset = start));
  }
  return offset;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function offsetAt(ms: number, timeZone: string): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

export interface CsvFormat {
  separator: ',' | ';' | '\t';
  decimal: '.' | ',';
  /** IANA name (`APP_TIME_ZONE`): times are written in it, and the header says so. */
  timeZone: string;
}

const SEPARATORS: Record<string, CsvFormat['separator']> = { comma: ',', ',': ',', semicolon: ';', ';': ';', tab: '\t', '\t': '\t' };
const DECIMALS: Record<string, CsvFormat['decimal']> = { point: '.', '.': '.', comma: ',', ',': ',' };

/**
 * The request's sheet: English reads `,` with decimal points, every other language (uz, ru…) `;` with decimal
 * commas, as Excel does in those locales. `?sep=comma|semicolon|tab` and `?decimal=point|comma` choose otherwise;
 * with `sep=comma` the decimal is a point unless asked.
 */
export function csvFormat(lang: string, query: Record<string, unknown>, timeZone: string): CsvFormat {
  const pick = <T>(name: string, table: Record<string, T>): T | undefined => {
    const raw = query[name];
    if (raw === undefined || raw === '') return undefined;
    const value = typeof raw === 'string' && Object.hasOwn(table, raw.toLowerCase()) ? table[raw.toLowerCase()] : undefined;
    if (value === undefined) {
      const allowed = Object.keys(table).filter((k) => /^[a-z]+$/.test(k)).join(', ');
      throw badRequest(said(OPTION_TEXTS.oneOf, { name, allowed }), { [name]: said(OPTION_TEXTS.notOneOf, { allowed }) });
    }
    return value;
  };
  const english = lang === 'en';
  const separator = pick('sep', SEPARATORS) ?? (english ? ',' : ';');
  const decimal = pick('decimal', DECIMALS) ?? (english || separator === ',' ? '.' : ',');
  return { separator, decimal, timeZone };
}

/** The export's query: the list's parameters, and the sheet's separator and decimal mark. */
export const exportQuerySchema = listQuerySchema.extend({
  sep: z.string().optional().describe('comma, semicolon or tab; default semicolon, comma in English'),
  decimal: z.string().optional().describe('point or comma; default comma with a semicolon or tab, point with a comma'),
});

const csvLine = (cells: string[], separator: CsvFormat['separator'] = ',') => `${cells.join(separator)}\r\n`;

/** How a column's cells are written: by the kind its record schema declares, never guessed from the text. */
type ColumnKind = 'text' | 'number' | 'time';

interface ExportColumn {
  key: string;
  header: string;
  kind: ColumnKind;
  value: (record: Record<string, unknown>) => unknown;
}

/** The kind of each top-level field of a record schema (`z.number()` → number, `z.date()` → time). */
export function kindsOf(schema: z.ZodType): Record<string, ColumnKind> {
  const inner = unwrap(schema);
  if (!(inner instanceof z.ZodObject)) return {};
  const kinds: Record<string, ColumnKind> = {};
  for (const [key, field] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
    const type = unwrap(field);
    kinds[key] = type instanceof z.ZodNumber ? 'number' : type instanceof z.ZodDate ? 'time' : 'text';
  }
  return kinds;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner;
}

/** One cell of a column of the given kind. A value that is not of its kind (a number as text…) is written as text. */
export function formatCell(value: unknown, kind: ColumnKind, format: CsvFormat): string {
  if (value === null || value === undefined) return '';
  if (kind === 'number') {
    const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value) ? Number(value) : NaN;
    if (Number.isFinite(n)) return numberCell(n, format.decimal);
  } else if (kind === 'time') {
    // Rows built in the database carry ISO text; records carry Dates.
    const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
    if (Number.isFinite(ms)) return timeCell(ms, format.timeZone);
  }
  return csvCell(cellText(value));
}
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A record schema as a skeleton object: nested objects kept as objects, everything else null. */
export function skeletonOf(schema: z.ZodType): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    return Object.fromEntries(Object.entries(inner.shape as Record<string, z.ZodType>).map(([k, v]) => [k, skeletonOf(v)]));
  }
  return inner instanceof z.ZodArray ? [] : null;
}

/** Where an export row keeps the texts of its translated fields in every language: `{name: {uz, ru, en}}`. */
export const TEXTS = '_texts';
type Texted = Record<string, unknown> & { [TEXTS]?: Record<string, Record<string, string>> };

/** The languages a sheet has columns for when the database is not asked (unit tests): the default three. */
const DEFAULT_CODES = DEFAULT_LANGUAGES.map((l) => l.code);

/** A translated field's text in one language: a record's `_texts`, or a translation's own `definition` list. */
function textIn(record: Texted, key: string, code: string): string | undefined {
  const own = record[TEXTS]?.[key]?.[code];
  if (own !== undefined) return own;
  const list = record[key];
  if (!Array.isArray(list)) return undefined;
  const found = (list as { value?: string; language?: { code?: string } }[]).find((d) => d.language?.code === code);
  return found?.value;
}

/**
 * Each record of a batch with the texts of its translated fields (`<field>TranslateId` beside `<field>`) in every
 * language, under `_texts`: what the one-column-per-language cells read.
 */
export async function withTexts<R extends object>(db: DbOrTx, records: R[]): Promise<R[]> {
  const ids = new Set<string>();
  for (const r of records) for (const [k, v] of Object.entries(r)) if (k.endsWith('TranslateId') && typeof v === 'string') ids.add(v);
  if (!ids.size) return records;
  const texts = await definitionTexts(db, [...ids]);
  return records.map((r) => {
    const own: Record<string, Record<string, string>> = {};
    for (const [k, v] of Object.entries(r)) if (k.endsWith('TranslateId') && typeof v === 'string') own[k.slice(0, -'TranslateId'.length)] = texts.get(v) ?? {};
    return { ...r, [TEXTS]: own };
  });
}

/**
 * The columns of a resource's export, read off its record schema's skeleton: every top-level field except translation ids,
 * reference ids whose record is nested beside them, and secrets; a nested record that itself nests one (an order's
 * tariff and its service) adds a column for the inner one. A translated field (a name, a translation's definition)
 * gives one column per language, `Name (uz)`, `Name (ru)`…, so that a sheet can be imported back without loss.
 */
export function exportColumns(
  route: string,
  sample: Record<string, unknown>,
  lang: string,
  kinds: Record<string, ColumnKind> = {},
  languages: readonly string[] = DEFAULT_CODES,
): ExportColumn[] {
  const texts = catalogues[lang] ?? catalogues.en;
  // In the request's language, else English, else the key in words.
  const header = (key: string) => labelIn(texts, route, key) ?? labelIn(catalogues.en, route, key) ?? humanize(key);
  const fields = (resourceByRoute(route)?.fields ?? {}) as Record<string, { kind: string }>;
  const columns: ExportColumn[] = [];
  for (const [key, value] of Object.entries(sample)) {
    if (SECRET_FIELD.test(key) || key.endsWith('TranslateId')) continue;
    if (`${key}TranslateId` in sample || fields[key]?.kind === 'definitions') {
      for (const code of languages) columns.push({ key: `${key}.${code}`, header: `${header(key)} (${code})`, kind: 'text', value: (r) => textIn(r as Texted, key, code) });
      continue;
    }
    const nestedName = key.endsWith('Id') ? key.slice(0, -2) : undefined;
    if (nestedName && nestedName in sample && typeof sample[nestedName] === 'object') continue;
    if (key === 'service_id' && 'service' in sample) continue;
    const choice = fields[key]?.kind === 'enum';
    columns.push({ key, header: header(key), kind: kinds[key] ?? 'text', value: choice ? (r) => enumCell(texts, lang, r[key]) : (r) => r[key] });
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        if (innerValue && typeof innerValue === 'object' && !Array.isArray(innerValue) && !SECRET_FIELD.test(inner)) {
          columns.push({ key: inner, header: header(inner), kind: 'text', value: (r) => (r[key] as Record<string, unknown> | null)?.[inner] });
        }
      }
    }
  }
  return columns;
}

function humanize(key: string): string {
  const words = key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface ExportSource {
  route: string;
  lang: string;
  /** The codes of the languages a translated field has a column for, in the languages' order (default uz, ru, en). */
  languages?: readonly string[];
  format: CsvFormat;
  /** The response schema of one record: the columns come from it, so an empty export still has its header row. */
  record: z.ZodType;
  /** Every matching id in the list's order. */
  ids: string[];
  /** Full records for these ids (any order). */
  load: (ids: string[]) => Promise<{ id: string }[]>;
  batchSize?: number;
}

/** The CSV as a stream: the header row, then each batch of records as soon as it is loaded. */
export function exportStream(source: ExportSource): Readable {
  const { format } = source;
  const columns = exportColumns(source.route, skeletonOf(source.record) as Record<string, unknown>, source.lang, kindsOf(source.record), source.languages);
  // A time column's header names the zone its times are in.
  const headers = columns.map((c) => csvCell(c.kind === 'time' ? `${c.header} (${format.timeZone})` : c.header));
  return textStream(
    `\uFEFF${csvLine(headers, format.separator)}`,
    inBatches(source.ids, source.load, source.batchSize),
    (record) => csvLine(columns.map((c) => formatCell(c.value(record as Record<string, unknown>), c.kind, format)), format.separator),
  );
}

/** `<resource>-<YYYY-MM-DD>.csv`, the day in the marketplace's time zone. */
export function exportFileName(route: string, timeZone: string, now = new Date()): string {
  return `${route}-${timeCell(now, timeZone).slice(0, 10)}.csv`;
}
