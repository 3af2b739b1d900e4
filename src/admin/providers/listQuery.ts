/**
 * react-admin list parameters ↔ the API's simple-rest query (`range`, `sort`, `filter`), and the same parameters
 * applied in the browser when a server answers with the whole array (no Content-Range): the original backend did.
 */
import type { GetListParams } from 'react-admin';

export type Row = Record<string, unknown> & { id: string | number };

export function listQuery(params: Partial<GetListParams>): string {
  const query = new URLSearchParams();
  const { page, perPage } = params.pagination ?? {};
  if (page && perPage) query.set('range', JSON.stringify([(page - 1) * perPage, page * perPage - 1]));
  if (params.sort?.field) query.set('sort', JSON.stringify([params.sort.field, params.sort.order]));
  const filter = params.filter ?? {};
  if (Object.keys(filter).length > 0) query.set('filter', JSON.stringify(filter));
  const qs = query.toString();
  return qs ? `?${qs}` : '';
}

/** The total a paginating server reports, or undefined when it did not paginate. */
export function totalFromHeaders(headers: Headers): number | undefined {
  const count = headers.get('x-total-count');
  if (count !== null && /^\d+$/.test(count)) return Number(count);
  const range = headers.get('content-range');
  const total = range?.split('/').pop();
  return total && /^\d+$/.test(total) ? Number(total) : undefined;
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).toLocaleLowerCase();
}

function matches(row: Row, filter: Record<string, unknown>, searchFields: readonly string[]): boolean {
  return Object.entries(filter).every(([key, wanted]) => {
    if (wanted === undefined || wanted === '') return true;
    if (key === 'q') {
      const needle = text(wanted);
      const fields = searchFields.length > 0 ? searchFields : Object.keys(row);
      return fields.some((f) => text(row[f]).includes(needle));
    }
    if (Array.isArray(wanted)) return wanted.map(String).includes(String(row[key]));
    return String(row[key]) === String(wanted);
  });
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return text(a).localeCompare(text(b), undefined, { numeric: true });
}

/** Filters, sorts and cuts one page out of a complete list. */
export function applyListParams(
  rows: Row[],
  params: Partial<GetListParams>,
  searchFields: readonly string[] = [],
): { data: Row[]; total: number } {
  const filtered = rows.filter((row) => matches(row, params.filter ?? {}, searchFields));
  const { field, order } = params.sort ?? { field: '', order: 'ASC' };
  if (field) {
    const sign = order === 'DESC' ? -1 : 1;
    filtered.sort((a, b) => sign * compare(a[field], b[field]));
  }
  const { page, perPage } = params.pagination ?? {};
  const data = page && perPage ? filtered.slice((page - 1) * perPage, page * perPage) : filtered;
  return { data, total: filtered.length };
}
