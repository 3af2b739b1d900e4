/**
 * What each filterable field of a list takes, by its declared kind: the column's type (or `ListSpec.kinds` for an
 * SQL expression and a resource's own filter). A value is checked here before any SQL is built, so a value the column
 * cannot hold (`{"hidePrice":"garbage"}`, `1e400`, `"\u0000"`) is a 400 naming the field, in the request's language,
 * instead of reaching the driver (PGlite's own parameter serialisers threw, a 500). The same kinds describe the
 * `filter` parameter in the OpenAPI document (`filterSchema`), so the fuzz sends each field wrong values.
 *
 * Only what the database itself would refuse is refused: every value that filtered before still filters the same.
 */
import { Column, is, SQL, type AnyColumn } from 'drizzle-orm';
import { HttpError } from '../errors';
import { said, type Said } from '../messages';

export type FilterKind =
  | { type: 'text' }
  | { type: 'uuid' }
  | { type: 'integer'; min: number; max: number }
  | { type: 'number' }
  | { type: 'boolean' }
  | { type: 'timestamp' }
  | { type: 'enum'; values: readonly string[] };

export const kinds = {
  text: { type: 'text' },
  uuid: { type: 'uuid' },
  int: { type: 'integer', min: -2147483648, max: 2147483647 },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  timestamp: { type: 'timestamp' },
} as const satisfies Record<string, FilterKind>;

const SMALLINT: FilterKind = { type: 'integer', min: -32768, max: 32767 };
/** bigint columns are read as JS numbers here (`mode: 'number'`): the safe range. */
const BIGINT: FilterKind = { type: 'integer', min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

/** A column's kind from its drizzle type; an SQL expression is text unless declared. */
export function kindOfColumn(field: AnyColumn | SQL): FilterKind {
  if (!is(field, Column)) return kinds.text;
  const column = field as Column;
  switch (column.columnType) {
    case 'PgUUID':
      return kinds.uuid;
    case 'PgInteger':
    case 'PgSerial':
      return kinds.int;
    case 'PgSmallInt':
    case 'PgSmallSerial':
      return SMALLINT;
    case 'PgBigInt53':
    case 'PgBigInt64':
    case 'PgBigSerial53':
    case 'PgBigSerial64':
      return BIGINT;
    case 'PgNumeric':
    case 'PgReal':
    case 'PgDoublePrecision':
      return kinds.number;
    case 'PgBoolean':
      return kinds.boolean;
    case 'PgTimestamp':
    case 'PgTimestampString':
    case 'PgDate':
    case 'PgDateString':
      return kinds.timestamp;
    case 'PgEnumColumn':
      return { type: 'enum', values: column.enumValues ?? [] };
    default:
      return kinds.text;
  }
}

/** PostgreSQL's spellings of a boolean (any case, surrounding blanks, unique prefixes). */
const BOOLEAN_TEXT = /^\s*(t|tr|tru|true|f|fa|fal|fals|false|y|ye|yes|n|no|on|of|off|1|0)\s*$/i;
const UUID_TEXT = /^\s*(\{[0-9a-f]{4}(-?[0-9a-f]{4}){7}\}|[0-9a-f]{4}(-?[0-9a-f]{4}){7})\s*$/i;
const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;
const NUMBER_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;
const INFINITY_TEXT = /^\s*[+-]?infinity\s*$/i;
const TIMESTAMP_TEXT = /^\s*\d{4}-\d{1,2}-\d{1,2}([T ]\d{1,2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?\s*(Z|[+-]\d{2}(:?\d{2})?)?\s*$/i;

/** Whether one scalar (not a list) fits `kind`, as the value is sent: `String(value)` as text. */
function fits(kind: FilterKind, value: string | number | boolean): boolean {
  const text = String(value);
  if (text.includes('\u0000')) return false;
  switch (kind.type) {
    case 'text':
      return true;
    case 'uuid':
      return typeof value === 'string' && UUID_TEXT.test(text);
    case 'boolean':
      return typeof value === 'boolean' || value === 1 || value === 0 || (typeof value === 'string' && BOOLEAN_TEXT.test(text));
    case 'integer': {
      if (typeof value === 'boolean' || !INTEGER_TEXT.test(text)) return false;
      const n = Number(text);
      return n >= kind.min && n <= kind.max;
    }
    case 'number': {
      if (typeof value === 'boolean') return false;
      // A double column holds ±1.8e308 at most; Infinity (a JSON 1e400) only as the word, which is the column's too.
      return NUMBER_TEXT.test(text) ? Number.isFinite(Number(text)) : INFINITY_TEXT.test(text) && typeof value === 'string';
    }
    case 'timestamp': {
      if (typeof value !== 'string') return false;
      if (INFINITY_TEXT.test(text)) return true;
      if (!TIMESTAMP_TEXT.test(text)) return false;
      const year = Number(text.trim().slice(0, 4));
      return !Number.isNaN(Date.parse(text.trim().replace(' ', 'T'))) && year >= 1;
    }
    case 'enum':
      return typeof value === 'string' && kind.values.includes(value);
  }
}

type Lang = 'uz' | 'ru' | 'en';

function describeKind(kind: FilterKind, lang: Lang): string {
  switch (kind.type) {
    case 'text':
      return { uz: 'NUL belgisisiz matn', ru: 'текст без символа NUL', en: 'text without the NUL character' }[lang];
    case 'uuid':
      return { uz: 'identifikator (UUID)', ru: 'идентификатор (UUID)', en: 'an id (UUID)' }[lang];
    case 'integer':
      return { uz: `${kind.min} dan ${kind.max} gacha butun son`, ru: `целое число от ${kind.min} до ${kind.max}`, en: `a whole number from ${kind.min} to ${kind.max}` }[lang];
    case 'number':
      return { uz: 'son', ru: 'число', en: 'a number' }[lang];
    case 'boolean':
      return { uz: 'true yoki false', ru: 'true или false', en: 'true or false' }[lang];
    case 'timestamp':
      return { uz: 'sana yoki sana va vaqt (2024-05-01, 2024-05-01T10:00:00Z)', ru: 'дату или дату и время (2024-05-01, 2024-05-01T10:00:00Z)', en: 'a date or a date and time (2024-05-01, 2024-05-01T10:00:00Z)' }[lang];
    case 'enum':
      return { uz: `quyidagilardan biri: ${kind.values.join(', ')}`, ru: `одно из: ${kind.values.join(', ')}`, en: `one of: ${kind.values.join(', ')}` }[lang];
  }
}

/** The 400 of a filter value its field cannot take, naming the field and its kind in the request's language. */
function filterValueMessage(field: string, kind: FilterKind): Said {
  const what = (l: Lang) => describeKind(kind, l).replace(/[{}]/g, '');
  return said({ uz: `"{field}" filtri ${what('uz')} qabul qiladi (yoki ularning roʻyxatini)`, ru: `Фильтр «{field}» принимает ${what('ru')} (или их список)`, en: `Filter "{field}" takes ${what('en')} (or a list of them)` }, { field });
}

/** Throws the 400 when `value` (a scalar or a list of scalars, as `parseListParams` let through) does not fit. */
/** `_lang`: the message is rendered in the reader's language by the error plugin. */
export function checkFilterValue(field: string, kind: FilterKind, value: unknown, _lang?: string): void {
  const values = Array.isArray(value) ? value : [value];
  for (const v of values) {
    if (v === null || v === undefined || (v === '' && !Array.isArray(value))) continue;
    if ((typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && fits(kind, v)) continue;
    const message = filterValueMessage(field, kind);
    throw new HttpError(400, message, { [field]: message });
  }
}

/** The JSON schema of one value of `kind` (the OpenAPI document's). */
function kindSchema(kind: FilterKind): Record<string, unknown> {
  switch (kind.type) {
    case 'text':
      return { type: 'string' };
    case 'uuid':
      return { type: 'string', format: 'uuid' };
    case 'integer':
      return { type: 'integer', minimum: kind.min, maximum: kind.max };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'timestamp':
      return { type: 'string', format: 'date-time' };
    case 'enum':
      return { type: 'string', enum: [...kind.values] };
  }
}

/** A field's schema: one value, or a list of them (any of which matches). */
export const filterFieldSchema = (kind: FilterKind) => {
  const one = kindSchema(kind);
  return { anyOf: [one, { type: 'array', items: one }] };
};
