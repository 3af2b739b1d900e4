import { describe, expect, it } from 'vitest';
import { applyListParams, listQuery, totalFromHeaders } from './listQuery';

const rows = [
  { id: 1, name: 'Toshkent', n: 10 },
  { id: 2, name: 'andijon', n: 2 },
  { id: 3, name: 'Buxoro', n: 33 },
];

describe('listQuery', () => {
  it('writes simple-rest range, sort and filter', () => {
    const qs = listQuery({ pagination: { page: 2, perPage: 10 }, sort: { field: 'name', order: 'DESC' }, filter: { q: 'a' } });
    const params = new URLSearchParams(qs.slice(1));
    expect(params.get('range')).toBe('[10,19]');
    expect(params.get('sort')).toBe('["name","DESC"]');
    expect(params.get('filter')).toBe('{"q":"a"}');
  });
  it('writes nothing when there is nothing to ask', () => {
    expect(listQuery({})).toBe('');
  });
});

describe('totalFromHeaders', () => {
  it('reads X-Total-Count, then Content-Range, else undefined', () => {
    expect(totalFromHeaders(new Headers({ 'x-total-count': '42' }))).toBe(42);
    expect(totalFromHeaders(new Headers({ 'content-range': 'region 0-9/57' }))).toBe(57);
    expect(totalFromHeaders(new Headers())).toBeUndefined();
  });
});

describe('applyListParams (a server that answered with everything)', () => {
  it('searches the declared fields case-insensitively', () => {
    expect(applyListParams(rows, { filter: { q: 'TOSH' } }, ['name']).data.map((r) => r.id)).toEqual([1]);
  });
  it('filters by a list of ids and by equality', () => {
    expect(applyListParams(rows, { filter: { id: ['2', 3] } }).data.map((r) => r.id)).toEqual([2, 3]);
    expect(applyListParams(rows, { filter: { n: 33 } }).data.map((r) => r.id)).toEqual([3]);
  });
  it('sorts text without regard to case and numbers as numbers', () => {
    const byName = applyListParams(rows, { sort: { field: 'name', order: 'ASC' } }).data.map((r) => r.id);
    expect(byName).toEqual([2, 3, 1]);
    const byN = applyListParams(rows, { sort: { field: 'n', order: 'DESC' } }).data.map((r) => r.id);
    expect(byN).toEqual([3, 1, 2]);
  });
  it('cuts one page and reports the full total', () => {
    const page = applyListParams(rows, { pagination: { page: 2, perPage: 2 }, sort: { field: 'id', order: 'ASC' } });
    expect(page).toEqual({ data: [rows[2]], total: 3 });
  });
});
