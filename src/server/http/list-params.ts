/**
 * react-admin's simple-rest list parameters on every list endpoint (DESIGN §5): `range=[0,24]`, `sort=["f","ASC"]`,
 * `filter={...}` with `q` and `id: [..]`, read and checked here; the SQL they turn into is `query/list.ts`'s. The
 * answer's range headers are written here too.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../errors';
import { isScalar, type ListParams } from '../query/list';
import { said } from '../messages';

/** The refusals of list parameters, in the reader's language. */
const TEXTS = {
  notJson: { uz: '{name} JSON boʻlishi kerak', ru: '{name} должен быть в формате JSON', en: '{name} must be JSON' },
  notJsonField: { uz: 'Toʻgʻri JSON emas', ru: 'Некорректный JSON', en: 'Not valid JSON' },
  range: { uz: 'range [boshi, oxiri] koʻrinishida, butun sonlar bilan va boshi ≤ oxiri boʻlishi kerak', ru: 'range должен быть вида [начало, конец] с целыми числами, начало ≤ конец', en: 'range must be [start, end] with whole numbers, start ≤ end' },
  rangeField: { uz: 'Notoʻgʻri oraliq', ru: 'Неверный диапазон', en: 'Invalid range' },
  pageTooLarge: { uz: 'Bir sahifada koʻpi bilan {max} ta yozuv', ru: 'На странице не более {max} записей', en: 'A page holds at most {max} records' },
  pageTooLargeField: { uz: 'Sahifa juda katta', ru: 'Слишком большая страница', en: 'Page too large' },
  sort: { uz: 'sort ["maydon", "ASC" yoki "DESC"] koʻrinishida boʻlishi kerak', ru: 'sort должен быть вида ["поле", "ASC" или "DESC"]', en: 'sort must be ["field", "ASC" or "DESC"]' },
  sortField: { uz: 'Notoʻgʻri saralash', ru: 'Неверная сортировка', en: 'Invalid sort' },
  filter: { uz: 'filter JSON obyekt boʻlishi kerak', ru: 'filter должен быть JSON-объектом', en: 'filter must be a JSON object' },
  filterField: { uz: 'Notoʻgʻri filtr', ru: 'Неверный фильтр', en: 'Invalid filter' },
  nestedList: { uz: '"{key}" filtri qiymat yoki qiymatlar roʻyxatini qabul qiladi, ichma-ich roʻyxat yoki obyektni emas', ru: 'Фильтр «{key}» принимает значение или список значений, а не вложенный список или объект', en: 'Filter "{key}" takes a value or a list of values, not a nested list or object' },
  objectValue: { uz: '"{key}" filtri qiymat yoki qiymatlar roʻyxatini qabul qiladi, obyektni emas', ru: 'Фильтр «{key}» принимает значение или список значений, а не объект', en: 'Filter "{key}" takes a value or a list of values, not an object' },
  invalidValue: { uz: 'Notoʻgʻri qiymat', ru: 'Неверное значение', en: 'Invalid value' },
} as const;

/** The query-string schema every list route declares (for validation and the OpenAPI document). */
export const listQuerySchema = z
  .object({
    range: z.string().optional().describe('JSON [start, end], inclusive, e.g. [0,24]'),
    sort: z.string().optional().describe('JSON [field, "ASC"|"DESC"]'),
    filter: z.string().optional().describe('JSON object; `q` searches, `id` takes a list'),
  })
  .loose();

/**
 * A list's own query schema: the same parameters, with `filter` described field by field (each with its kind, a value
 * or a list) as JSON Schema's `contentMediaType`/`contentSchema`, since the parameter is JSON text. Validation stays
 * `parseListParams`' and the list's (`query/list.ts` `checkFilterValues`); the description is for the document.
 */
export function listQuerySchemaFor(filter: Record<string, unknown>) {
  return listQuerySchema.extend({
    filter: z
      .string()
      .optional()
      .describe('JSON object; `q` searches, `id` takes a list; each field takes a value of its kind or a list of them')
      .meta({ contentMediaType: 'application/json', contentSchema: filter }),
  });
}

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(String(raw));
  } catch {
    throw badRequest(said(TEXTS.notJson, { name }), { [name]: said(TEXTS.notJsonField) });
  }
}

const MAX_PAGE = 1000;

export function parseListParams(query: Record<string, unknown>): ListParams {
  const params: ListParams = { filter: {} };
  const range = parseJson('range', query.range);
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
      throw badRequest(said(TEXTS.range), { range: said(TEXTS.rangeField) });
    }
    const limit = range[1] - range[0] + 1;
    if (limit > MAX_PAGE) throw badRequest(said(TEXTS.pageTooLarge, { max: MAX_PAGE }), { range: said(TEXTS.pageTooLargeField) });
    params.range = { offset: range[0], limit };
  }
  const sort = parseJson('sort', query.sort);
  if (sort !== undefined) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !/^(asc|desc)$/i.test(String(sort[1] ?? 'ASC'))) {
      throw badRequest(said(TEXTS.sort), { sort: said(TEXTS.sortField) });
    }
    params.sort = { field: sort[0], order: String(sort[1] ?? 'ASC').toLowerCase() as 'asc' | 'desc' };
  }
  const filter = parseJson('filter', query.filter);
  if (filter !== undefined) {
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
      throw badRequest(said(TEXTS.filter), { filter: said(TEXTS.filterField) });
    }
    params.filter = checkedFilter(filter as Record<string, unknown>);
  }
  return params;
}

/**
 * Every filter value is a text, a number, true/false, null, or a list of texts, numbers and true/false: what the list's SQL, its resources'
 * own filters and the search can take. Anything else (`{"q":{"toString":1}}`) is refused here, once for every list
 * and export, before any of them turns it into text.
 */
function checkedFilter(filter: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(filter)) {
    if (value === null || isScalar(value)) continue;
    if (Array.isArray(value) && value.every(isScalar)) continue;
    throw badRequest(said(Array.isArray(value) ? TEXTS.nestedList : TEXTS.objectValue, { key }), {
      [key]: said(TEXTS.invalidValue),
    });
  }
  return filter;
}

export function sendList<T>(reply: FastifyReply, resource: string, params: ListParams, total: number, records: T[]) {
  sendRange(reply, resource, params, total, records.length);
  return records;
}

/** The headers of a list whose answer holds `count` records. */
export function sendRange(reply: FastifyReply, resource: string, params: ListParams, total: number, count: number) {
  const start = params.range?.offset ?? 0;
  const end = count ? start + count - 1 : start;
  reply.header('Content-Range', `${resource} ${start}-${end}/${total}`);
  reply.header('X-Total-Count', String(total));
}
