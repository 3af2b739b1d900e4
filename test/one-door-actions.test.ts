/**
 * The calls beside a record's form pass the record's own edit command (issue #32): a role's two-factor requirement,
 * a cottage's images and its premium placement. Each is refused by the same per-record rule as the form (the same
 * 403 and reason), and what it changes is audited, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, multipart, type TestContext } from './helpers';
import { catalogue, imageFile, userWith } from './fixtures';
import { cottageImages, cottages, userRoles } from '../src/server/db/schema';

let t: TestContext;
let base: { price: number; priceWeekend: number; regionId: string; placeId: string };
const api = '/api/v1';
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  base = { price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
});
afterAll(() => t?.close());

/** The actions of a record's audit entries, newest first. */
async function actionsOf(resource: string, recordId: string): Promise<string[]> {
  const filter = encodeURIComponent(JSON.stringify({ resource, recordId }));
  const res = await t.api({ method: 'GET', url: `${api}/audit?filter=${filter}&sort=${encodeURIComponent('["createdAt","DESC"]')}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { action: string }[]).map((e) => e.action);
}

const newCottage = async (cottageStatus: 'confirmed' | 'progress' = 'confirmed') =>
  (await t.database.db.insert(cottages).values({ ...base, name: `Door ${Math.random().toString(36).slice(2, 8)}`, cottageStatus }).returning({ id: cottages.id }))[0].id;

describe('a role’s two-factor requirement is the role’s edit command', () => {
  it('a role above the caller: 403 with the role form’s own reason, here and on the form; the admin’s change is audited and keeps the version', async () => {
    const editor = await userWith(t, ['role.edit', 'role.list']);
    const target = await userWith(t, ['user.delete']);
    const [{ roleId }] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, target.id));
    const switched = await t.api({ method: 'PUT', url: `${api}/role/${roleId}/two-factor`, token: editor.token, headers: en, payload: { requireTwoFactor: true } });
    expect(switched.statusCode).toBe(403);
    const form = await t.api({ method: 'PATCH', url: `${api}/role/edit/${roleId}`, token: editor.token, headers: en, payload: { name: 'renamed' } });
    expect(form.statusCode).toBe(403);
    // One rule, one reason: the role's edit command says why, whichever door.
    expect(switched.json().message).toBe(form.json().message);
    expect(switched.json().message).toContain('user.delete');

    const version = (await t.api({ method: 'GET', url: `${api}/role/${roleId}` })).headers.etag;
    const set = await t.api({ method: 'PUT', url: `${api}/role/${roleId}/two-factor`, payload: { requireTwoFactor: true } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ requireTwoFactor: true });
    expect((await actionsOf('role', roleId))[0]).toBe('edit');
    // The role form does not carry the flag: its next save is no conflict.
    expect((await t.api({ method: 'GET', url: `${api}/role/${roleId}` })).headers.etag).toBe(version);
  });
});

describe('a cottage’s images and premium placement are the cottage’s edit command', () => {
  it('images: 403 without cottage.edit (add, edit, delete); with it each change is audited on the cottage', async () => {
    const id = await newCottage();
    const reader = await userWith(t, ['cottage.list', 'cottage.show']);
    const add = (token?: string) => t.api({ method: 'POST', url: `${api}/cottage/image/add`, token, ...multipart({ cottageId: id, isMainImage: 'true' }, [imageFile('image')]) });
    expect((await add(reader.token)).statusCode).toBe(403);
    expect(await t.database.db.select().from(cottageImages).where(eq(cottageImages.cottageId, id))).toHaveLength(0);

    const editor = await userWith(t, ['cottage.edit', 'cottage.list', 'cottage.show']);
    const added = await add(editor.token);
    expect(added.statusCode).toBe(201);
    const second = await add(editor.token);
    expect(second.statusCode).toBe(201);
    const image = added.json() as { id: string };
    const edit = (token: string) => t.api({ method: 'PATCH', url: `${api}/cottage/image/edit/${image.id}`, token, ...multipart({ status: 'inactive' }) });
    expect((await edit(reader.token)).statusCode).toBe(403);
    expect((await edit(editor.token)).statusCode).toBe(200);
    expect((await t.api({ method: 'DELETE', url: `${api}/cottage/image/delete/${image.id}`, token: reader.token })).statusCode).toBe(403);
    expect((await t.api({ method: 'DELETE', url: `${api}/cottage/image/delete/${image.id}`, token: editor.token })).statusCode).toBe(200);
    expect(await actionsOf('cottage', id)).toEqual(['imageDelete', 'imageEdit', 'imageAdd', 'imageAdd']);
    // The cottage the body names must exist: its edit command answers 404, never a 500.
    const missing = await t.api({ method: 'POST', url: `${api}/cottage/image/add`, token: editor.token, ...multipart({ cottageId: '3b1f0f3e-1111-4222-8333-444455556666' }, [imageFile('image')]) });
    expect(missing.statusCode).toBe(404);
  });

  it('premium: 403 without cottage.premium, also for a cottage.edit holder; with it the placement and its end are audited', async () => {
    const id = await newCottage();
    const editor = await userWith(t, ['cottage.edit', 'cottage.list']);
    const payload = { expireDays: 3, priority: 2, serviceCode: 'top' };
    expect((await t.api({ method: 'POST', url: `${api}/cottage/add/premium/${id}`, token: editor.token, payload })).statusCode).toBe(403);
    const seller = await userWith(t, ['cottage.premium', 'cottage.list']);
    const placed = await t.api({ method: 'POST', url: `${api}/cottage/add/premium/${id}`, token: seller.token, payload });
    expect(placed.statusCode).toBe(201);
    const ended = await t.api({ method: 'DELETE', url: `${api}/cottage/delete/premium/${placed.json().id}`, token: seller.token });
    expect(ended.statusCode).toBe(200);
    expect(await actionsOf('cottage', id)).toEqual(['premiumEnd', 'premium']);
  });
});
