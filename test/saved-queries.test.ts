/** Saved list queries: per user, shared with the team, validated against the list endpoint's own fields. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { adminId, userWith } from './fixtures';
import { savedQueries, users } from '../src/server/db/schema';

let t: TestContext;
let other: { id: string; username: string; token?: string };
beforeAll(async () => {
  t = await createTestApp();
  // A second admin who may list regions (and nothing about saved queries beyond that).
  other = await userWith(t, ['region.list', 'comfort.list']);
});
afterAll(() => t.close());

const api = '/api/v1';
const query = (q = 'Tosh') => ({ filter: { q }, sort: { field: 'name', order: 'ASC' as const } });

async function save(body: Record<string, unknown>, token?: string | null) {
  return t.api({ method: 'POST', url: `${api}/saved-query/add`, payload: body, token });
}
async function list(resource: string, token?: string | null) {
  return t.api({ method: 'GET', url: `${api}/saved-query?resource=${resource}`, token });
}
async function created(body: Record<string, unknown>, token?: string) {
  const res = await save(body, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; shared: boolean; own: boolean };
}

describe('saved queries', () => {
  it('creates, lists, renames and deletes the caller\'s own query', async () => {
    const columns = { hidden: ['name'], ranks: [1, 0, 2] };
    const res = await save({ resource: 'region', name: '  Tashkent search  ', query: { ...query(), columns } });
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json();
    expect(q).toMatchObject({ resource: 'region', name: 'Tashkent search', shared: false, own: true, query: { ...query(), columns } });
    expect(q.owner.name).toBeTruthy();
    expect(JSON.stringify(q)).not.toMatch(/password/i);

    const listed = await list('region');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((r: { id: string }) => r.id)).toContain(q.id);
    // Another list does not show it.
    expect((await list('comfort')).json().map((r: { id: string }) => r.id)).not.toContain(q.id);

    const renamed = await t.api({ method: 'PATCH', url: `${api}/saved-query/edit/${q.id}`, payload: { name: 'Toshkent' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: q.id, name: 'Toshkent', shared: false });
    expect(new Date(renamed.json().updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(q.updatedAt).getTime());

    const deleted = await t.api({ method: 'DELETE', url: `${api}/saved-query/delete/${q.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().id).toBe(q.id);
    expect((await list('region')).json().map((r: { id: string }) => r.id)).not.toContain(q.id);
    expect((await t.api({ method: 'DELETE', url: `${api}/saved-query/delete/${q.id}` })).statusCode).toBe(404);
    expect((await t.api({ method: 'PATCH', url: `${api}/saved-query/edit/not-a-uuid`, payload: { name: 'x' } })).statusCode).toBe(404);
  });

  it('shows a shared query to a second admin, who cannot change or delete it (403)', async () => {
    const mine = await created({ resource: 'region', name: 'Team view', query: query('Sam') });
    const privateOne = await created({ resource: 'region', name: 'Only mine', query: query('Bux') });
    expect((await list('region', other.token)).json().map((r: { id: string }) => r.id)).not.toContain(mine.id);

    const shared = await t.api({ method: 'PATCH', url: `${api}/saved-query/edit/${mine.id}`, payload: { shared: true } });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().shared).toBe(true);

    const seen = (await list('region', other.token)).json() as { id: string; own: boolean; owner: { name: string } }[];
    const entry = seen.find((r) => r.id === mine.id);
    expect(entry).toMatchObject({ own: false, owner: { id: await adminId(t), name: 'Administrator' } });
    expect(seen.map((r) => r.id)).not.toContain(privateOne.id);

    for (const id of [mine.id, privateOne.id]) {
      const edit = await t.api({ method: 'PATCH', url: `${api}/saved-query/edit/${id}`, payload: { name: 'Mine now', shared: false }, token: other.token });
      expect(edit.statusCode, edit.body).toBe(403);
      const del = await t.api({ method: 'DELETE', url: `${api}/saved-query/delete/${id}`, token: other.token });
      expect(del.statusCode, del.body).toBe(403);
    }
    const [row] = await t.database.db.select().from(savedQueries).where(eq(savedQueries.id, mine.id));
    expect(row).toMatchObject({ name: 'Team view', shared: true });

    // The second admin may keep a query of the same name: names are unique per user.
    await created({ resource: 'region', name: 'Team view', query: query('Sam') }, other.token);
  });

  it('answers 409 for a name the caller already uses on that list, also on rename', async () => {
    await created({ resource: 'comfort', name: 'Pools', query: query('Pool') });
    const dup = await save({ resource: 'comfort', name: ' Pools ', query: query('Other') });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/Pools/);
    // The same name on another list is fine.
    await created({ resource: 'region', name: 'Pools', query: query('Pool') });
    const second = await created({ resource: 'comfort', name: 'Saunas', query: query('Sauna') });
    const rename = await t.api({ method: 'PATCH', url: `${api}/saved-query/edit/${second.id}`, payload: { name: 'Pools' } });
    expect(rename.statusCode).toBe(409);
  });

  it('validates the name: 1 to 64 characters after trimming', async () => {
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      const res = await save({ resource: 'region', name, query: query() });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields).toHaveProperty('name');
    }
    await created({ resource: 'region', name: 'y'.repeat(64), query: query() });
  });

  it('answers 400 for bad JSON, a malformed query, unknown fields and an oversized query — never 500', async () => {
    const badJson = await t.api({ method: 'POST', url: `${api}/saved-query/add`, payload: '{"resource":"region",', headers: { 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);

    const cases: [unknown, string][] = [
      [{ filter: { q: 'x' } }, 'query.sort'],
      [{ filter: 'q=x', sort: { field: 'name', order: 'ASC' } }, 'query.filter'],
      [{ filter: {}, sort: { field: 'name', order: 'UP' } }, 'query.sort.order'],
      [{ ...query(), perPage: 10 }, 'query'],
      [{ filter: { nosuch: 1 }, sort: { field: 'name', order: 'ASC' } }, 'query.filter.nosuch'],
      [{ filter: { q: 'x' }, sort: { field: 'nosuch', order: 'DESC' } }, 'query.sort'],
      [{ filter: { name: { $ne: 1 } }, sort: { field: 'name', order: 'ASC' } }, 'query.filter.name'],
      [{ filter: { constructor: 1 }, sort: { field: 'name', order: 'ASC' } }, 'query.filter.constructor'],
      // A value the database refuses (not a date, not a uuid) is named too.
      [{ filter: { q: 'x', createdAt: 'not a date' }, sort: { field: 'name', order: 'ASC' } }, 'query.filter.createdAt'],
      [{ filter: { id: ['not-a-uuid'] }, sort: { field: 'name', order: 'ASC' } }, 'query.filter.id'],
    ];
    for (const [value, field] of cases) {
      const res = await save({ resource: 'region', name: `bad ${field}`, query: value });
      expect(res.statusCode, `${JSON.stringify(value)} → ${res.body}`).toBe(400);
      const body = res.json();
      expect(Object.keys(body.fields ?? {}).some((k) => k.startsWith(field)), `${field} in ${res.body}`).toBe(true);
      if (field.startsWith('query.filter.')) expect(body.message).toContain(field.slice('query.filter.'.length));
    }

    const big = await save({ resource: 'region', name: 'Huge', query: { filter: { q: 'x'.repeat(9000) }, sort: { field: 'name', order: 'ASC' } } });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/8 kB/);

    const unknownList = await save({ resource: 'nosuch', name: 'x', query: query() });
    expect(unknownList.statusCode).toBe(400);
    expect((await list('nosuch')).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: `${api}/saved-query` })).statusCode).toBe(400);

    const badEdit = await created({ resource: 'region', name: 'To edit', query: query() });
    const edit = await t.api({ method: 'PATCH', url: `${api}/saved-query/edit/${badEdit.id}`, payload: { query: query('x') } });
    expect(edit.statusCode).toBe(400);
    const rows = await t.database.db.select().from(savedQueries).where(eq(savedQueries.name, 'Huge'));
    expect(rows).toEqual([]);
  });

  it('needs <resource>.list: 403 without it, 401 without a token', async () => {
    const comfortsOnly = await userWith(t, ['comfort.list']);
    expect((await list('region', comfortsOnly.token)).statusCode).toBe(403);
    expect((await save({ resource: 'region', name: 'x', query: query() }, comfortsOnly.token)).statusCode).toBe(403);
    expect((await list('comfort', comfortsOnly.token)).statusCode).toBe(200);

    // Someone who may list nothing at all is turned away before the body is read.
    const dashboardOnly = await userWith(t, ['stats.view']);
    expect((await list('region', dashboardOnly.token)).statusCode).toBe(403);
    expect((await save({}, dashboardOnly.token)).statusCode).toBe(403);

    // An owner who may no longer list the resource can no longer change their query either.
    const loser = await userWith(t, ['comfort.list']);
    const [q] = await t.database.db.insert(savedQueries).values({ userId: loser.id, resource: 'region', name: 'Old', query: query() }).returning();
    expect((await t.api({ method: 'DELETE', url: `${api}/saved-query/delete/${q.id}`, token: loser.token })).statusCode).toBe(403);

    expect((await list('region', null)).statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: 'POST', url: `${api}/saved-query/add`, payload: { resource: 'region', name: 'x', query: query() } });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `${api}/saved-query/delete/${q.id}` })).statusCode).toBe(401);
  });

  it('keeps the moderation queue\'s queries apart from the Announcements\', with cottage.list', async () => {
    const waiting = { filter: { q: 'Chorvoq' }, sort: { field: 'createdAt', order: 'DESC' as const } };
    const q = await created({ resource: 'progress-cottages', name: 'Lake side', query: waiting });
    expect((await list('progress-cottages')).json().map((r: { id: string }) => r.id)).toContain(q.id);
    expect((await list('cottage')).json().map((r: { id: string }) => r.id)).not.toContain(q.id);
    // Checked against the cottage list's own fields, and its permission.
    expect((await save({ resource: 'progress-cottages', name: 'Bad', query: { ...waiting, sort: { field: 'colour', order: 'ASC' } } })).statusCode).toBe(400);
    expect((await list('progress-cottages', other.token)).statusCode).toBe(403);
  });

  it('goes with its owner: deleting the user deletes their queries', async () => {
    const gone = await userWith(t, ['region.list']);
    const q = await created({ resource: 'region', name: 'Temporary', query: query(), shared: true }, gone.token);
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    expect((await list('region')).json().map((r: { id: string }) => r.id)).not.toContain(q.id);
  });

  it('is documented in the OpenAPI document under its own tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const [path, method] of [['/api/v1/saved-query', 'get'], ['/api/v1/saved-query/add', 'post'], ['/api/v1/saved-query/edit/{id}', 'patch'], ['/api/v1/saved-query/delete/{id}', 'delete']]) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['savedQuery']);
    }
  });
});
