/**
 * CSV exports of any list (issue "Operators' list kit"): the list's own filter and sort, every matching row, streamed
 * in batches so memory stays flat, with readable columns — nested records flattened to their names, translation ids
 * and secrets left out — and headers in the request's language. UTF-8 with a BOM, so Excel reads Cyrillic and Uzbek.
 */
import type { Readable } from 'node:stream';
import { z } from 'zod';
import en from '../../../i18n/en';
import ru from '../../../i18n/ru';
import uz from '../../../i18n/uz';
import { inBatches, textStream } from './streaming';

interface Texts {
  app: { columns: Record<string, string> };
  resources: Record<string, { name: string; fields?: Record<string, string> }>;
}
const catalogues: Record<string, Texts> = { en, ru, uz };

/** Never exported (nor written to the audit history), whatever a record holds. */
export const SECRET = /password|hash|token|secret/i;

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

/** RFC 4180 quoting, and a leading quote on text a spreadsheet would run as a formula (CSV injection). */
export function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

export interface ExportColumn {
  key: string;
  header: string;
  value: (record: Record<string, unknown>) => unknown;
}

/** A record schema as a skeleton object: nested objects kept as objects, everything else null. */
export function skeletonOf(schema: z.ZodType): unknown {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodObject) {
    return Object.fromEntries(Object.entries(inner.shape as Record<string, z.ZodType>).map(([k, v]) => [k, skeletonOf(v)]));
  }
  return inner instanceof z.ZodArray ? [] : null;
}

/**
 * The columns of a resource's export, read off its record schema's skeleton: every top-level field except translation ids,
 * reference ids whose record is nested beside them, and secrets; a nested record that itself nests one (an order's
 * tariff and its service) adds a column for the inner one.
 */
export function exportColumns(route: string, sample: Record<string, unknown>, lang: string): ExportColumn[] {
  const texts = catalogues[lang] ?? catalogues.en;
  // The resource's own field label, else a label every list shares (created, updated), else English, else the key.
  const header = (key: string) =>
    texts.resources[route]?.fields?.[key] ??
    texts.app.columns[key] ??
    catalogues.en.resources[route]?.fields?.[key] ??
    humanize(key);
  const columns: ExportColumn[] = [];
  for (const [key, value] of Object.entries(sample)) {
    if (SECRET.test(key) || key.endsWith('TranslateId')) continue;
    const nestedName = key.endsWith('Id') ? key.slice(0, -2) : undefined;
    if (nestedName && nestedName in sample && typeof sample[nestedName] === 'object') continue;
    if (key === 'service_id' && 'service' in sample) continue;
    columns.push({ key, header: header(key), value: (r) => r[key] });
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        if (innerValue && typeof innerValue === 'object' && !Array.isArray(innerValue) && !SECRET.test(inner)) {
          columns.push({ key: inner, header: header(inner), value: (r) => (r[key] as Record<string, unknown> | null)?.[inner] });
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

export interface ExportSource {
  route: string;
  lang: string;
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
  const columns = exportColumns(source.route, skeletonOf(source.record) as Record<string, unknown>, source.lang);
  return textStream(
    `\uFEFF${csvLine(columns.map((c) => c.header))}`,
    inBatches(source.ids, source.load, source.batchSize),
    (record) => csvLine(columns.map((c) => cellText(c.value(record as Record<string, unknown>)))),
  );
}

/** `<resource>-<YYYY-MM-DD>.csv` */
export function exportFileName(route: string, now = new Date()): string {
  return `${route}-${now.toISOString().slice(0, 10)}.csv`;
}
