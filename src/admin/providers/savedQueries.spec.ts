import { describe, expect, it } from 'vitest';
import { createSavedQueriesApi } from './savedQueries';

/** Records the calls the module makes and answers `answer`. */
function recorder(answer: unknown = null) {
  const calls: { path: string; method: string; body?: unknown }[] = [];
  const http = async <T,>(path: string, init: RequestInit = {}) => {
    calls.push({ path, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    return { status: 200, headers: new Headers(), json: answer as T };
  };
  return { calls, api: createSavedQueriesApi(http) };
}

describe('saved-query calls', () => {
  it('lists per admin route, escaping it, and answers [] for an empty body', async () => {
    const { calls, api } = recorder(null);
    expect(await api.list('cottage-type')).toEqual([]);
    expect(calls).toEqual([{ path: 'saved-query?resource=cottage-type', method: 'GET', body: undefined }]);
    await api.list('a&b');
    expect(calls[1].path).toBe('saved-query?resource=a%26b');
  });

  it('creates, renames/shares and deletes on the paths of the convention', async () => {
    const { calls, api } = recorder({ id: 'x' });
    const query = { filter: { q: 'a' }, sort: { field: 'name', order: 'ASC' as const } };
    await api.create({ resource: 'region', name: 'A', query, shared: true });
    await api.update('id-1', { name: 'B', shared: false });
    await api.remove('id/2');
    expect(calls).toEqual([
      { path: 'saved-query/add', method: 'POST', body: { resource: 'region', name: 'A', query, shared: true } },
      { path: 'saved-query/edit/id-1', method: 'PATCH', body: { name: 'B', shared: false } },
      { path: 'saved-query/delete/id%2F2', method: 'DELETE', body: undefined },
    ]);
  });
});
