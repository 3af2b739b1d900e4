/**
 * One door for every write (issue #32): a revert runs the resource's own commands and rules as the caller, so it never
 * does what the caller could not do directly. Each case repeats a step of the review that got through, and beside it
 * the direct request, which gets the same 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { adminId, catalogue, userWith } from './fixtures';
import { cottages, roles, userRoles } from '../src/server/db/schema';

let t: TestContext;
let permissionIds: Record<string, string>;
let base: { price: number; priceWeekend: number; regionId: string; placeId: string };
const api = '/api/v1';

beforeAll(async () => {
  t = await createTestApp();
  const models = (await t.api({ method: 'GET', url: `${api}/models` })).json();
  permissionIds = Object.fromEntries(models.flatMap((g: { permission: { code: string; id: string }[] }) => g.permission.map((p) => [p.code, p.id])));
  const c = await catalogue(t);
  base = { price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
});
afterAll(() => t.close());

/** The newest audit entry of a record. */
async function latestEntry(resource: string, recordId: string): Promise<{ id: string; action: string }> {
  const filter = encodeURIComponent(JSON.stringify({ resource, recordId }));
  const res = await t.api({ method: 'GET', url: `${api}/audit?filter=${filter}&sort=${encodeURIComponent('["createdAt","DESC"]')}` });
  expect(res.statusCode).toBe(200);
  return res.json()[0];
}
const revert = (entryId: string, token: string, lang = 'en') =>
  t.api({ method: 'POST', url: `${api}/audit/revert/${entryId}`, token, headers: { 'accept-language': lang } });

async function roleWith(codes: string[]) {
  const res = await t.api({ method: 'POST', url: `${api}/role/add`, payload: { name: `door_${Math.random().toString(36).slice(2, 9)}`, permissions: codes.map((c) => permissionIds[c]) } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string };
}
const giveRole = (userId: string, roleId: string) => t.database.db.insert(userRoles).values({ userId, roleId });
const membersOf = async (roleId: string) => (await t.database.db.select().from(userRoles).where(eq(userRoles.roleId, roleId))).map((r) => r.userId).sort();
const roleExists = async (roleId: string) => (await t.database.db.select().from(roles).where(eq(roles.id, roleId))).length === 1;

describe('revert of a role’s delete', () => {
  it('refuses (403) a caller who could not grant the role’s permissions: a demoted user cannot restore his own role', async () => {
    const powerful = await roleWith(['user.delete', 'cottage.moderate', 'role.list']);
    const demoted = await userWith(t, ['audit.list', 'role.create', 'role.list']);
    await giveRole(demoted.id, powerful.id);
    expect((await t.api({ method: 'DELETE', url: `${api}/role/delete/${powerful.id}` })).statusCode).toBe(200);
    const { accessToken } = await t.login(demoted.username, demoted.password);

    const entry = await latestEntry('role', powerful.id);
    const res = await revert(entry.id, accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/cannot grant a permission you do not hold \((user\.delete|cottage\.moderate)\)/);
    expect(await roleExists(powerful.id)).toBe(false);
    expect(await membersOf(powerful.id)).toEqual([]);
    // The same request through the form's door: 403 too.
    const direct = await t.api({ method: 'POST', url: `${api}/role/add`, token: accessToken, payload: { name: 'again', permissions: [permissionIds['user.delete']] } });
    expect(direct.statusCode).toBe(403);
    // And the refusal is in the caller's language.
    expect((await revert(entry.id, accessToken, 'ru')).json().message).toContain('Нельзя выдать право');
  });

  it('brings the role back without the members the caller could not give it to, and names them', async () => {
    const plain = await roleWith(['cottage.list']);
    const caller = await userWith(t, ['audit.list', 'role.create', 'role.list', 'user.edit', 'user.list', 'cottage.list']);
    const reachable = await userWith(t, []);
    const above = await userWith(t, ['user.delete']);
    await giveRole(reachable.id, plain.id);
    await giveRole(above.id, plain.id);
    expect((await t.api({ method: 'DELETE', url: `${api}/role/delete/${plain.id}` })).statusCode).toBe(200);

    const res = await revert((await latestEntry('role', plain.id)).id, caller.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().done).toBe('restore');
    expect(res.json().leftOut).toEqual([expect.stringContaining(above.username)]);
    expect(res.json().leftOut[0]).not.toContain(reachable.username);
    expect(await membersOf(plain.id)).toEqual([reachable.id]);
    // Directly, giving that role to the user above him is refused too.
    const direct = await t.api({ method: 'PATCH', url: `${api}/user/edit/${above.id}`, token: caller.token, payload: { name: 'x' } });
    expect(direct.statusCode).toBe(403);
  });

  it('a caller without user.edit brings the role back without any member', async () => {
    const plain = await roleWith(['region.list']);
    const caller = await userWith(t, ['audit.list', 'role.create', 'role.list', 'region.list']);
    const member = await userWith(t, []);
    await giveRole(member.id, plain.id);
    expect((await t.api({ method: 'DELETE', url: `${api}/role/delete/${plain.id}` })).statusCode).toBe(200);
    const res = await revert((await latestEntry('role', plain.id)).id, caller.token, 'uz');
    expect(res.statusCode).toBe(200);
    expect(res.json().leftOut).toEqual([expect.stringContaining(member.username)]);
    expect(res.json().leftOut[0]).toContain('Rol ushbu foydalanuvchilarsiz tiklandi');
    expect(await roleExists(plain.id)).toBe(true);
    expect(await membersOf(plain.id)).toEqual([]);
  });
});

describe('revert of an edit runs the form’s per-record rules', () => {
  it('a user.edit holder cannot put a SUPER-ADMIN’s name back (403), as he cannot change it directly', async () => {
    const admin = await adminId(t);
    const before = (await t.api({ method: 'GET', url: `${api}/user/${admin}` })).json().name;
    expect((await t.api({ method: 'PATCH', url: `${api}/user/edit/${admin}`, payload: { name: 'Renamed boss' } })).statusCode).toBe(200);
    const editor = await userWith(t, ['audit.list', 'user.edit', 'user.list']);
    const res = await revert((await latestEntry('user', admin)).id, editor.token);
    expect(res.statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: `${api}/user/${admin}` })).json().name).toBe('Renamed boss');
    const direct = await t.api({ method: 'PATCH', url: `${api}/user/edit/${admin}`, token: editor.token, payload: { name: 'Mine now' } });
    expect(direct.statusCode).toBe(403);
    // The admin himself may: the rule is the caller's reach, not the revert.
    expect((await revert((await latestEntry('user', admin)).id, await t.login().then((l) => l.accessToken))).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `${api}/user/${admin}` })).json().name).toBe(before);
  });

  it('a role.edit holder cannot switch off the two-factor requirement of a role above him (403)', async () => {
    const above = await roleWith(['user.delete', 'role.list']);
    expect((await t.api({ method: 'PUT', url: `${api}/role/${above.id}/two-factor`, payload: { requireTwoFactor: true } })).statusCode).toBe(200);
    const editor = await userWith(t, ['audit.list', 'role.edit', 'role.list']);
    const res = await revert((await latestEntry('role', above.id)).id, editor.token);
    expect(res.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, above.id));
    expect(row.requireTwoFactor).toBe(true);
    const direct = await t.api({ method: 'PUT', url: `${api}/role/${above.id}/two-factor`, token: editor.token, payload: { requireTwoFactor: false } });
    expect(direct.statusCode).toBe(403);
  });

  it('a cottage.edit holder without cottage.moderate cannot re-confirm a rejected cottage (403)', async () => {
    const [row] = await t.database.db.insert(cottages).values({ ...base, name: 'Door dacha', cottageStatus: 'confirmed' }).returning({ id: cottages.id });
    expect((await t.api({ method: 'PATCH', url: `${api}/cottage/edit/${row.id}`, payload: { cottageStatus: 'rejected' } })).statusCode).toBe(200);
    const editor = await userWith(t, ['audit.list', 'cottage.edit', 'cottage.list']);
    const res = await revert((await latestEntry('cottage', row.id)).id, editor.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('cottage.moderate');
    const status = async () => (await t.database.db.select().from(cottages).where(eq(cottages.id, row.id)))[0].cottageStatus;
    expect(await status()).toBe('rejected');
    const direct = await t.api({ method: 'PATCH', url: `${api}/cottage/edit/${row.id}`, token: editor.token, payload: { cottageStatus: 'confirmed' } });
    expect(direct.statusCode).toBe(403);
    // Other fields of the same kind of entry still revert for him: the rule is about the decision only.
    expect((await t.api({ method: 'PATCH', url: `${api}/cottage/edit/${row.id}`, payload: { price: 555 } })).statusCode).toBe(200);
    expect((await revert((await latestEntry('cottage', row.id)).id, editor.token)).statusCode).toBe(200);
    expect(await status()).toBe('rejected');
  });
});

describe('revert of a cottage’s delete', () => {
  const deleted = async (status: 'confirmed' | 'rejected') => {
    const [row] = await t.database.db.insert(cottages).values({ ...base, name: `Gone ${status}`, cottageStatus: status }).returning({ id: cottages.id });
    expect((await t.api({ method: 'DELETE', url: `${api}/cottage/delete/${row.id}` })).statusCode).toBe(200);
    return row.id;
  };
  const statusOf = async (id: string) => (await t.database.db.select().from(cottages).where(and(eq(cottages.id, id))))[0]?.cottageStatus;

  it('a cottage.create holder brings it back for review (progress), and is told so', async () => {
    const id = await deleted('confirmed');
    const creator = await userWith(t, ['audit.list', 'cottage.create', 'cottage.list']);
    const res = await revert((await latestEntry('cottage', id)).id, creator.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().leftOut).toEqual([expect.stringContaining('cottage.moderate')]);
    expect(await statusOf(id)).toBe('progress');
    // Directly, he cannot create a confirmed cottage either.
    const direct = await t.api({ method: 'PATCH', url: `${api}/cottage/edit/${id}`, token: creator.token, payload: { cottageStatus: 'confirmed' } });
    expect(direct.statusCode).toBe(403);
  });

  it('a moderator brings it back as it was', async () => {
    const id = await deleted('confirmed');
    const moderator = await userWith(t, ['audit.list', 'cottage.create', 'cottage.moderate', 'cottage.list']);
    const res = await revert((await latestEntry('cottage', id)).id, moderator.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().leftOut).toEqual([]);
    expect(await statusOf(id)).toBe('confirmed');
  });
});

describe('bulk writes pass the same door', () => {
  it('a bulk delete runs each record’s delete rules: all or nothing, the record above the caller named', async () => {
    const low = await userWith(t, []);
    const above = await userWith(t, ['user.delete', 'user.edit']);
    const deleter = await userWith(t, ['user.delete', 'user.list']);
    const res = await t.api({ method: 'POST', url: `${api}/user/bulk/delete`, token: deleter.token, payload: { ids: [low.id, above.id] } });
    expect(res.statusCode).toBe(403);
    expect(res.json().fields.id).toBe(above.id);
    const left = await t.api({ method: 'GET', url: `${api}/user/${low.id}` });
    expect(left.statusCode).toBe(200);
  });

  it('a bulk edit is audited per record and told to the open panels once, through the unit of work', async () => {
    const ids: string[] = [];
    for (const name of ['Bulk a', 'Bulk b']) {
      const [row] = await t.database.db.insert(cottages).values({ ...base, name, cottageStatus: 'progress' }).returning({ id: cottages.id });
      ids.push(row.id);
    }
    const res = await t.api({ method: 'PATCH', url: `${api}/cottage/bulk/edit`, payload: { ids, data: { cottageStatus: 'confirmed' } } });
    expect(res.statusCode).toBe(200);
    for (const id of ids) expect((await latestEntry('cottage', id)).action).toBe('bulkEdit');
    const editor = await userWith(t, ['cottage.edit', 'cottage.list']);
    const refused = await t.api({ method: 'PATCH', url: `${api}/cottage/bulk/edit`, token: editor.token, payload: { ids, data: { cottageStatus: 'rejected' } } });
    expect(refused.statusCode).toBe(403);
  });
});
