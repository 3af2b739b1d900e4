import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { parseListParams } from '../http/list-params';

describe('parseListParams', () => {
  it('turns simple-rest parameters into a page, a sort and a filter', () => {
    expect(parseListParams({ range: '[10,19]', sort: '["name","DESC"]', filter: '{"q":"tosh","id":["a","b"]}' })).toEqual({
      range: { offset: 10, limit: 10 },
      sort: { field: 'name', order: 'desc' },
      filter: { q: 'tosh', id: ['a', 'b'] },
    });
  });
  it('means "everything" without range', () => {
    expect(parseListParams({})).toEqual({ filter: {} });
  });
  it.each([
    [{ range: '[5,1]' }],
    [{ range: '[0,5000]' }],
    [{ range: 'nope' }],
    [{ sort: '["name","SIDEWAYS"]' }],
    [{ filter: '[1,2]' }],
    [{ filter: '{"q":' }],
    [{ filter: '{"q":{"toString":1}}' }],
    [{ filter: '{"roles":{"valueOf":1}}' }],
    [{ filter: '{"id":[{"toString":1}]}' }],
    [{ filter: '{"name":[["a"]]}' }],
  ])('rejects %j with a 400', (query) => {
    try {
      parseListParams(query);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).statusCode).toBe(400);
    }
  });
});
