import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { userWith } from './fixtures';
import { rolePermissions, roles } from '../src/server/db/schema';
import { PERMISSION_CODES } from '../src/shared/permissions';

let t: TestContext;
let permissionIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const models = (await t.api({ method: 'GET', url: '/api/v1/models' })).json();
  permissionIds = Object.fromEntries(models.flatMap((g: { permission: { code: string; id: string }[] }) => g.permission.map((p) => [p.code, p.id])));
});
afterAll(() => t.close());

describe('GET /models', () => {
  it('lists every permission of the catalogue grouped by resource', async () => {
    const res = await t.api({ method: 'GET', url: '/api/v1/models' });
    expect(res.statusCode).toBe(200);
    const groups = res.json();
    const codes = groups.flatMap((g: { permission: { code: string }[] }) => g.permission.map((p) => p.code));
    expect(codes.sort()).toEqual([...PERMISSION_CODES].sort());
    const role = groups.find((g: { name: string }) => g.name === 'role');
    expect(role.permission[0]).toEqual({ id: expect.any(String), code: 'role.list', name: expect.any(String), modelId: role.id });
  });
  it('names groups and permissions in the accept-language, with the same fields', async () => {
    const read = async (lang: string) => {
      const groups = (await t.api({ method: 'GET', url: '/api/v1/models', headers: { 'accept-language': lang } })).json();
      const cottage = groups.find((g: { name: string }) => g.name === 'cottage');
      const byCode = (code: string) => cottage.permission.find((p: { code: string }) => p.code === code);
      return { label: cottage.label, list: byCode('cottage.list'), moderate: byCode('cottage.moderate').name };
    };
    const [uz, ru, en] = [await read('uz'), await read('ru'), await read('en')];
    expect([uz.label, ru.label, en.label]).toEqual(['Kottejlar', 'Коттеджи', 'Cottages']);
    expect([uz.list.name, ru.list.name, en.list.name]).toEqual(['Roʻyxat · Kottejlar', 'Список · Коттеджи', 'List · Cottages']);
    expect([uz.moderate, ru.moderate, en.moderate]).toEqual(['Kottejlarni tasdiqlash yoki rad etish', 'Подтверждать и отклонять коттеджи', 'Confirm or reject cottages']);
    expect(Object.keys(ru.list).sort()).toEqual(['code', 'id', 'modelId', 'name']);
    expect(ru.list.id).toBe(en.list.id);
  });
  it('answers 401 without a token', async () => {
    expect((await t.api({ method: 'GET', url: '/api/v1/models', token: null })).statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('creates, reads, edits and deletes a role', async () => {
    const created = await t.api({ method: 'POST', url: '/api/v1/role/add', payload: { name: 'Moderator', permissions: [permissionIds['cottage.list'], permissionIds['cottage.moderate']] } });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role.permissions.map((p: { permission: { code: string } }) => p.permission.code).sort()).toEqual(['cottage.list', 'cottage.moderate']);

    const one = await t.api({ method: 'GET', url: `/api/v1/role/${role.id}` });
    expect(one.json().name).toBe('Moderator');
    // The permissions' names follow accept-language, like GET /models; the record keeps its fields.
    const inRussian = await t.api({ method: 'GET', url: `/api/v1/role/${role.id}`, headers: { 'accept-language': 'ru' } });
    expect(inRussian.json().permissions.map((p: { permission: { name: string } }) => p.permission.name).sort()).toEqual(['Подтверждать и отклонять коттеджи', 'Список · Коттеджи']);
    expect(Object.keys(inRussian.json().permissions[0].permission).sort()).toEqual(['code', 'id', 'name']);
    const listed = await t.api({ method: 'GET', url: '/api/v1/role?filter={"q":"Moderator"}', headers: { 'accept-language': 'uz' } });
    const mine = listed.json().find((r: { id: string }) => r.id === role.id);
    expect(mine.permissions.map((p: { permission: { name: string } }) => p.permission.name)).toContain('Roʻyxat · Kottejlar');

    // An empty name and empty permissions change nothing.
    const untouched = await t.api({ method: 'PATCH', url: `/api/v1/role/edit/${role.id}`, payload: { name: '', permissions: [] } });
    expect(untouched.json().permissions).toHaveLength(2);
    const edited = await t.api({ method: 'PATCH', url: `/api/v1/role/edit/${role.id}`, payload: { name: 'Moderators', permissions: [permissionIds['order.list']] } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().name).toBe('Moderators');
    expect(edited.json().permissions.map((p: { permission: { code: string } }) => p.permission.code)).toEqual(['order.list']);

    const deleted = await t.api({ method: 'DELETE', url: `/api/v1/role/delete/${role.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.select().from(roles).where(eq(roles.id, role.id))).toHaveLength(0);
    expect(await t.database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).toHaveLength(0);
  });

  it('pages, sorts and searches with Content-Range and X-Total-Count', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma']) await t.api({ method: 'POST', url: '/api/v1/role/add', payload: { name, permissions: [] } });
    const res = await t.api({ method: 'GET', url: `/api/v1/role?range=${encodeURIComponent('[0,1]')}&sort=${encodeURIComponent('["name","DESC"]')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(4);
    expect(res.headers['content-range']).toBe(`roles 0-1/${total}`);
    // Roles are listed oldest first by default (SUPER-ADMIN, Alpha, …): only a sort that is applied puts Gamma second.
    expect(res.json().map((r: { name: string }) => r.name)).toEqual(['SUPER-ADMIN', 'Gamma']);
    const ascending = await t.api({ method: 'GET', url: `/api/v1/role?range=${encodeURIComponent('[0,1]')}&sort=${encodeURIComponent('["name","ASC"]')}` });
    expect(ascending.json().map((r: { name: string }) => r.name)).toEqual(['Alpha', 'Beta']);

    const search = await t.api({ method: 'GET', url: `/api/v1/role?filter=${encodeURIComponent('{"q":"amm"}')}` });
    expect(search.json().map((r: { name: string }) => r.name)).toEqual(['Gamma']);
    const bare = await t.api({ method: 'GET', url: '/api/v1/role' });
    expect(Array.isArray(bare.json())).toBe(true);
    expect(bare.json().length).toBe(total);
  });

  it('refuses duplicates, unknown permissions, bad ids and bad list parameters with 4xx', async () => {
    expect((await t.api({ method: 'POST', url: '/api/v1/role/add', payload: { name: 'SUPER-ADMIN', permissions: [] } })).statusCode).toBe(409);
    expect((await t.api({ method: 'POST', url: '/api/v1/role/add', payload: { name: 'X', permissions: ['3f0e4a52-1111-4c4c-9a9a-000000000000'] } })).statusCode).toBe(404);
    expect((await t.api({ method: 'POST', url: '/api/v1/role/add', payload: { name: '', permissions: 'all' } })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: '/api/v1/role/not-a-uuid' })).statusCode).toBe(404);
    expect((await t.api({ method: 'PATCH', url: '/api/v1/role/edit/3f0e4a52-1111-4c4c-9a9a-000000000000', payload: { name: 'Y' } })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: '/api/v1/role?range=oops' })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: `/api/v1/role?filter=${encodeURIComponent('{"createdAt":"x"}')}` })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: `/api/v1/role?filter=${encodeURIComponent('{"id":["not-a-uuid"]}')}` })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: `/api/v1/role?sort=${encodeURIComponent('["password","ASC"]')}` })).statusCode).toBe(400);
  });

  it('protects SUPER-ADMIN', async () => {
    const all = (await t.api({ method: 'GET', url: '/api/v1/role' })).json();
    const sa = all.find((r: { name: string }) => r.name === 'SUPER-ADMIN');
    expect(sa.permissions).toHaveLength(PERMISSION_CODES.length);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/role/delete/${sa.id}` })).statusCode).toBe(409);
    expect((await t.api({ method: 'PATCH', url: `/api/v1/role/edit/${sa.id}`, payload: { permissions: [permissionIds['role.list']] } })).statusCode).toBe(409);
  });

  it('answers 403 to a user whose role lacks role.list, and stops privilege escalation', async () => {
    const { token } = await userWith(t, ['order.list', 'role.create']);
    const list = await t.api({ method: 'GET', url: '/api/v1/role', token });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toMatch(/permission/);
    const escalate = await t.api({ method: 'POST', url: '/api/v1/role/add', token, payload: { name: 'mine', permissions: [permissionIds['user.delete']] } });
    expect(escalate.statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: '/api/v1/role', token: null })).statusCode).toBe(401);
  });

  it('refuses to rename, trim or delete a role holding a permission the caller lacks', async () => {
    const strong = (await t.api({ method: 'POST', url: '/api/v1/role/add', payload: { name: 'Strong', permissions: [permissionIds['user.delete'], permissionIds['role.list']] } })).json();
    const { token } = await userWith(t, ['role.list', 'role.edit', 'role.delete']);
    const rename = await t.api({ method: 'PATCH', url: `/api/v1/role/edit/${strong.id}`, token, payload: { name: 'Weak' } });
    expect(rename.statusCode).toBe(403);
    const trim = await t.api({ method: 'PATCH', url: `/api/v1/role/edit/${strong.id}`, token, payload: { permissions: [permissionIds['role.list']] } });
    expect(trim.statusCode).toBe(403);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/role/delete/${strong.id}`, token })).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, strong.id));
    expect(row.name).toBe('Strong');
    // A role within reach stays editable.
    const own = (await t.api({ method: 'POST', url: '/api/v1/role/add', payload: { name: 'Listing', permissions: [permissionIds['role.list']] } })).json();
    expect((await t.api({ method: 'PATCH', url: `/api/v1/role/edit/${own.id}`, token, payload: { name: 'Listing 2' } })).statusCode).toBe(200);
  });
});
