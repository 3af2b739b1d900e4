import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, multipart, ADMIN, type TestContext } from './helpers';
import { jpegWithExif, notAnImage, bigBlob } from './images';
import { sessions, users } from '../src/server/db/schema';
import sharp from 'sharp';
import { imageFile, PNG, retired, userWith } from './fixtures';

let t: TestContext;
let superAdminRoleId: string;
let plainRoleId: string;

beforeAll(async () => {
  t = await createTestApp();
  const roleList = (await t.api({ method: 'GET', url: '/api/v1/role' })).json();
  superAdminRoleId = roleList.find((r: { name: string }) => r.name === 'SUPER-ADMIN').id;
  const models = (await t.api({ method: 'GET', url: '/api/v1/models' })).json();
  const userList = models.find((g: { name: string }) => g.name === 'user').permission.find((p: { code: string }) => p.code === 'user.list');
  plainRoleId = (await t.api({ method: 'POST', url: '/api/v1/role/add', payload: { name: 'Viewer', permissions: [userList.id] } })).json().id;
});
afterAll(() => t.close());

const SECRET_KEYS = /password|hash/i;
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(SECRET_KEYS);
  expect(body).not.toContain('scrypt$');
}

describe('POST user/add', () => {
  it('creates a user with roles and never returns the password', async () => {
    const res = await t.api({ method: 'POST', url: '/api/v1/user/add', payload: { username: 'dilnoza', password: 'strong-pass-1', phone: '+998 90 123-45-67', roles: [plainRoleId] } });
    expect(res.statusCode).toBe(201);
    expectNoSecrets(res.body);
    expect(res.json()).toMatchObject({ username: 'dilnoza', phone: '998901234567', balance: 0, email: null, roles: [{ role: { id: plainRoleId, name: 'Viewer' } }] });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'dilnoza'));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('strong-pass-1');
  });

  it('refuses duplicates (409) and bad input (400)', async () => {
    expect((await t.api({ method: 'POST', url: '/api/v1/user/add', payload: { username: 'dilnoza', password: 'another-pass' } })).statusCode).toBe(409);
    expect((await t.api({ method: 'POST', url: '/api/v1/user/add', payload: { username: 'other', password: 'another-pass', phone: '998901234567' } })).statusCode).toBe(409);
    const bad = await t.api({ method: 'POST', url: '/api/v1/user/add', payload: { username: 'x y', password: 'short', phone: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['password', 'phone', 'username']);
    expect((await t.api({ method: 'POST', url: '/api/v1/user/add', payload: { username: 'z', password: 'long-enough', roles: ['3f0e4a52-1111-4c4c-9a9a-000000000000'] } })).statusCode).toBe(404);
  });
});

describe('GET user/all, user/me, user/{id}', () => {
  it('lists users with roles and without secrets, and pages', async () => {
    const res = await t.api({ method: 'GET', url: `/api/v1/user/all?range=${encodeURIComponent('[0,0]')}&sort=${encodeURIComponent('["username","ASC"]')}` });
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res.body);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0].username).toBe('admin');
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const filtered = await t.api({ method: 'GET', url: `/api/v1/user/all?filter=${encodeURIComponent(JSON.stringify({ roles: plainRoleId }))}` });
    expect(filtered.json().map((u: { username: string }) => u.username)).toEqual(['dilnoza']);
  });

  it('answers the caller with their permissions', async () => {
    const me = await t.api({ method: 'GET', url: '/api/v1/user/me' });
    expect(me.statusCode).toBe(200);
    expectNoSecrets(me.body.replace(/"permissions"/, '"perms"'));
    expect(me.json().username).toBe(ADMIN.username);
    expect(me.json().permissions).toContain('user.delete');
  });

  it('reads one user and answers 404 for unknown ids', async () => {
    const list = (await t.api({ method: 'GET', url: '/api/v1/user/all' })).json();
    const one = await t.api({ method: 'GET', url: `/api/v1/user/${list[0].id}` });
    expect(one.json().id).toBe(list[0].id);
    expect((await t.api({ method: 'GET', url: '/api/v1/user/3f0e4a52-1111-4c4c-9a9a-000000000000' })).statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 without user.list', async () => {
    expect((await t.api({ method: 'GET', url: '/api/v1/user/all', token: null })).statusCode).toBe(401);
    const { token: accessToken } = await userWith(t, ['order.list'], { username: 'orders', password: 'orders-pass' });
    expect((await t.api({ method: 'GET', url: '/api/v1/user/all', token: accessToken })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: '/api/v1/user/me', token: accessToken })).statusCode).toBe(200);
  });

  it('does not let a user without any permission log in', async () => {
    await t.api({ method: 'POST', url: '/api/v1/user/add', payload: { username: 'renter', password: 'renter-pass' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload: { username: 'renter', password: 'renter-pass' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH user/edit/{id}', () => {
  const userId = async (username: string) => (await t.database.db.select().from(users).where(eq(users.username, username)))[0].id;

  it('edits fields by multipart, keeps the password when empty, replaces all roles', async () => {
    const id = await userId('dilnoza');
    const before = (await t.database.db.select().from(users).where(eq(users.id, id)))[0].passwordHash;
    const form = multipart({ name: 'Dilnoza K.', password: '', phone: '901112233', 'roles[]': [superAdminRoleId, plainRoleId], username: 'dilnoza' });
    const res = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${id}`, ...form });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dilnoza K.', phone: '901112233' });
    expect(res.json().roles.map((r: { role: { id: string } }) => r.role.id).sort()).toEqual([superAdminRoleId, plainRoleId].sort());
    const after = (await t.database.db.select().from(users).where(eq(users.id, id)))[0].passwordHash;
    expect(after).toBe(before);
  });

  it('stores an avatar re-encoded without metadata, keeps the old one retired on replace (for a revert)', async () => {
    const id = await userId('dilnoza');
    const first = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${id}`, ...multipart({}, [imageFile('image', await jpegWithExif(), 'me.jpg', 'image/jpeg')]) });
    expect(first.statusCode).toBe(200);
    const path1 = first.json().image;
    expect(path1).toMatch(/^uploads\/images\/[\w-]+\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: `/${path1}` });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    const second = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${id}`, ...multipart({}, [imageFile('image', PNG, 'me.png')]) });
    expect(await t.uploadedFiles()).toEqual([path1, second.json().image].sort());
    expect(await retired(t, path1)).toBe(true);
  });

  it('refuses a non-image (415), an oversized file (413), and leaves no file behind', async () => {
    const id = await userId('dilnoza');
    const before = await t.uploadedFiles();
    const text = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${id}`, ...multipart({ name: 'Changed?' }, [imageFile('image', notAnImage, 'photo.jpg', 'image/jpeg')]) });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/not an image/);
    const big = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${id}`, ...multipart({}, [imageFile('image', bigBlob(6 * 1024 * 1024), 'big.png')]) });
    expect(big.statusCode).toBe(413);
    expect(await t.uploadedFiles()).toEqual(before);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row.name).toBe('Dilnoza K.');
  });

  it('changing the password ends the user’s sessions', async () => {
    const id = await userId('orders');
    const pair = await t.login('orders', 'orders-pass');
    const res = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${id}`, payload: { password: 'fresh-ledger-pass' } });
    expect(res.statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/api/v1/user/me', token: pair.accessToken })).statusCode).toBe(455);
    const open = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    await t.login('orders', 'fresh-ledger-pass');
  });

  it('answers 409 for a taken username and for removing the last SUPER-ADMIN, 400 for bad values, 404 for unknown ids', async () => {
    const id = await userId('orders');
    expect((await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${id}`, payload: { username: 'admin' } })).statusCode).toBe(409);
    expect((await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${id}`, payload: { phone: 'call me' } })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url: '/api/v1/user/edit/3f0e4a52-1111-4c4c-9a9a-000000000000', payload: { name: 'x' } })).statusCode).toBe(404);
    // dilnoza holds SUPER-ADMIN too; take it from her, then the admin is the last one.
    const dilnoza = await userId('dilnoza');
    expect((await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${dilnoza}`, payload: { roles: [plainRoleId] } })).statusCode).toBe(200);
    const adminId = await userId('admin');
    const res = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${adminId}`, payload: { roles: [plainRoleId] } });
    expect(res.statusCode).toBe(409);
  });
});

describe('DELETE user/delete/{id}', () => {
  it('deletes a user and their avatar', async () => {
    const created = (await t.api({ method: 'POST', url: '/api/v1/user/add', payload: { username: 'temp', password: 'short-stay-pass-1' } })).json();
    const withImage = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${created.id}`, ...multipart({}, [imageFile('image', PNG, 'a.png')]) });
    const image = withImage.json().image;
    expect(await t.uploadedFiles()).toContain(image);
    const res = await t.api({ method: 'DELETE', url: `/api/v1/user/delete/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('temp');
    expect(await t.database.db.select().from(users).where(eq(users.id, created.id))).toHaveLength(0);
    expect(await t.uploadedFiles()).not.toContain(image);
  });

  it('refuses to delete yourself or the last SUPER-ADMIN', async () => {
    const me = (await t.api({ method: 'GET', url: '/api/v1/user/me' })).json();
    const res = await t.api({ method: 'DELETE', url: `/api/v1/user/delete/${me.id}` });
    expect(res.statusCode).toBe(409);
    expect((await t.api({ method: 'DELETE', url: '/api/v1/user/delete/3f0e4a52-1111-4c4c-9a9a-000000000000' })).statusCode).toBe(404);
  });
});

describe('managing users who hold more', () => {
  it('refuses (403) to edit or delete a user holding a permission the caller lacks, so user.edit cannot take over an admin', async () => {
    const manager = await userWith(t, ['user.list', 'user.show', 'user.edit', 'user.delete']);
    const clerk = await userWith(t, ['user.list']);
    const [{ id: admin }] = await t.database.db.select().from(users).where(eq(users.username, ADMIN.username));
    const takeover = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${admin}`, token: manager.token, payload: { password: 'taken-over-123' } });
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().message).toMatch(/permission you do not hold/);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload: { username: ADMIN.username, password: 'taken-over-123' } })).statusCode).toBe(401);
    const demote = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${admin}`, token: manager.token, payload: { roles: [plainRoleId] } });
    expect(demote.statusCode).toBe(403);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/user/delete/${admin}`, token: manager.token })).statusCode).toBe(403);
    // A user within the caller's permissions, and the caller themselves, stay manageable.
    expect((await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${clerk.id}`, token: manager.token, payload: { name: 'Clerk' } })).statusCode).toBe(200);
    expect((await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${manager.id}`, token: manager.token, payload: { name: 'Me' } })).statusCode).toBe(200);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/user/delete/${clerk.id}`, token: manager.token })).statusCode).toBe(200);
  });
});

describe('passwords set by an admin', () => {
  it('refuses a weak password on create and edit, in the request language', async () => {
    const weak = await t.api({ method: 'POST', url: '/api/v1/user/add', headers: { 'accept-language': 'en' }, payload: { username: 'weakling', password: 'Password1!' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toMatch(/too common/);
    const named = await t.api({ method: 'POST', url: '/api/v1/user/add', headers: { 'accept-language': 'ru' }, payload: { username: 'jasur.k', password: 'Jasur.K-secret' } });
    expect(named.statusCode).toBe(400);
    expect(named.json().fields.password).toBe('Пароль не должен содержать имя пользователя.');
    const created = await t.api({ method: 'POST', url: '/api/v1/user/add', payload: { username: 'strong.one', password: 'plum-kettle-orbit-7' } });
    expect(created.statusCode).toBe(201);
    const edit = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${created.json().id}`, payload: { password: 'qwerty123' } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields.password).toBeDefined();
  });

  it('refuses a change of one’s own password here (Profile asks for the current one), and keeps other own edits', async () => {
    const manager = await userWith(t, ['user.edit', 'user.list', 'user.show']);
    const own = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${manager.id}`, token: manager.token, headers: { 'accept-language': 'en' }, payload: { password: 'plum-kettle-orbit-7' } });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/Profile/);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload: { username: manager.username, password: manager.password } })).statusCode).toBe(201);
    const name = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${manager.id}`, token: manager.token, payload: { name: 'Renamed', password: '' } });
    expect(name.statusCode).toBe(200);
  });
});
