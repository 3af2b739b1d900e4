/**
 * What a CSV import reads of a resource, derived from what already declares it: the payload schemas of its create
 * and edit (their fields are the importable ones), the registry's field kinds (translations, references) and the
 * export's columns (their headers in every UI language). Nothing here is declared per resource.
 */
import { z } from 'zod';
import type { FieldDef, ResourceDef } from '../../../shared/resources';
import { exportColumns, kindsOf, skeletonOf, TEXTS } from '../csv-export';
import { cellValue } from '../csv-read';

const UI_LANGUAGES = ['uz', 'ru', 'en'];

/**
 * An importable field: `plain` (text, number, yes/no, a choice), `reference` and `references` (related records by
 * id or name), `texts` (a translated field, one column per language).
 */
export interface ImportField {
  /** The payload's key, e.g. `regionId`. */
  key: string;
  kind: 'plain' | 'number' | 'reference' | 'references' | 'texts';
  /** The export column's key: `region` for `regionId`; a `texts` field's columns are `<column>.<language code>`. */
  column: string;
  /** The related resource's registry key (references). */
  resource?: string;
  /** The registry's kind: `translation` fields are written through their translation, `definitions` in the payload. */
  def?: FieldDef;
}

type Rec = Record<string, unknown>;

const shapeOf = (schema: z.ZodType | undefined): Rec => (schema instanceof z.ZodObject ? (schema.shape as Rec) : {});

/** The importable fields: every key of the create or edit payload that the export has a column for. */
export function importFields(def: ResourceDef, record: z.ZodType, schemas: (z.ZodType | undefined)[]): ImportField[] {
  const skeleton = skeletonOf(record) as Rec;
  const kinds = kindsOf(record);
  const keys = [...new Set(schemas.flatMap((s) => Object.keys(shapeOf(s))))];
  const fields: ImportField[] = [];
  for (const key of keys) {
    const fd = (def.fields as Record<string, FieldDef>)[key] as FieldDef | undefined;
    if (fd?.kind === 'translation' || fd?.kind === 'definitions') fields.push({ key, kind: 'texts', column: key, def: fd });
    else if (fd?.kind === 'reference') {
      const nested = key === 'service_id' ? 'service' : key.replace(/Id$/, '');
      if (skeleton[nested] && typeof skeleton[nested] === 'object') fields.push({ key, kind: 'reference', column: nested, resource: fd.resource, def: fd });
    } else if (fd?.kind === 'references') fields.push({ key, kind: 'references', column: key, resource: fd.resource, def: fd });
    else if (key in skeleton && key !== 'id') fields.push({ key, kind: kinds[key] === 'number' ? 'number' : 'plain', column: key, def: fd });
  }
  return fields;
}

/** A header as compared: trimmed, spaces folded, lower case. */
const foldHeader = (h: string) => h.replace(/^\uFEFF/, '').trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** Every header the export writes for this resource in any UI language → its column key (`#` → `id`). */
export function headerKeys(def: ResourceDef, record: z.ZodType, languages: readonly string[], timeZone: string): Map<string, string> {
  const skeleton = skeletonOf(record) as Rec;
  const kinds = kindsOf(record);
  const map = new Map<string, string>();
  for (const lang of UI_LANGUAGES) {
    for (const column of exportColumns(def.route, skeleton, lang, kinds, languages)) {
      for (const header of column.kind === 'time' ? [column.header, `${column.header} (${timeZone})`] : [column.header]) {
        if (!map.has(foldHeader(header))) map.set(foldHeader(header), column.key);
      }
    }
  }
  return map;
}

export const headerKey = (map: Map<string, string>, header: string) => map.get(foldHeader(header));

/** A number cell as the export writes it (a decimal comma in uz and ru) as the text a payload schema reads. */
export const numberText = (cell: string) => cellValue(cell).replace(/^(-?\d+),(\d+)$/, '$1.$2');

/** References in one cell: the export joins names with `; `. */
export const referenceCells = (cell: string) =>
  cellValue(cell)
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/** A stored value as text to compare with a cell: numbers by value, everything else as its trimmed text. */
export function cellCompareText(field: ImportField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'number') {
    const n = typeof value === 'number' ? value : Number(numberText(String(value)));
    return Number.isFinite(n) ? String(n) : String(value).trim();
  }
  if (typeof value === 'boolean') return String(value);
  if (field.def?.kind === 'boolean') {
    const s = String(value).trim().toLowerCase();
    return ['true', '1', 'on', 'yes'].includes(s) ? 'true' : ['false', '0', 'off', 'no'].includes(s) ? 'false' : s;
  }
  return String(value).trim();
}

/** A record's current value of a field: ids for references, `{code: text}` for translated fields. */
export function currentValue(field: ImportField, record: Rec): unknown {
  if (field.kind === 'texts') {
    const own = (record[TEXTS] as Record<string, Record<string, string>> | undefined)?.[field.key];
    if (own) return own;
    const list = record[field.key];
    if (!Array.isArray(list)) return {};
    return Object.fromEntries((list as { value: string; language: { code: string } }[]).map((d) => [d.language.code, d.value]));
  }
  if (field.kind === 'references') return ((record[field.key] as { id: string }[] | undefined) ?? []).map((r) => r.id).sort();
  return record[field.key];
}
