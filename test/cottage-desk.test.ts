/**
 * The desk's data (issue #25): `GET cottage/desk/{id}` (medians, owner, their cottages and history, nothing secret) and
 * the rejection reason templates (`moderation-reason`: CRUD with `cottage.moderate`, validation, audit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { catalogue, userWith, type TestUser } from './fixtures';
import { auditLog, cottageCottageTypes, cottages, moderationReasons } from '../src/server/db/schema';
import { MODERATION_REASONS_MAX } from '../src/shared/schemas/moderation-reason';

let t: TestContext;
let mod: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  mod = await userWith(t, ['cottage.moderate', 'cottage.list', 'cottage.show', 'cottage.edit'], { name: 'Aziz' });
  viewer = await userWith(t, ['cottage.list', 'cottage.show']);
});
afterAll(() => t.close());

describe('GET /cottage/desk/:id', () => {
  it('gives the medians of region and types, the owner, their cottages and decisions, nothing secret', async () => {
    const c = await catalogue(t);
    const [dacha, mosque] = c.types;
    const owner = await userWith(t, [], { name: 'Owner Olim' });
    const db = t.database.db;
    const add = async (name: string, price: number, cottageStatus: string, types: string[], regionId = c.region.id, placeId = c.place.id, userId: string | null = null) => {
      const [row] = await db.insert(cottages).values({ name, price, priceWeekend: price + 50, regionId, placeId, cottageStatus, userId }).returning({ id: cottages.id });
      if (types.length) await db.insert(cottageCottageTypes).values(types.map((cottageTypeId, position) => ({ cottageId: row.id, cottageTypeId, position })));
      return row.id;
    };
    await add('A', 100, 'confirmed', [dacha.id]);
    await add('B', 200, 'confirmed', [dacha.id]);
    await add('C', 300, 'confirmed', [dacha.id]);
    await add('D', 1000, 'confirmed', [mosque.id]);
    await add('Far', 5000, 'confirmed', [mosque.id], c.otherRegion.id, c.otherPlace.id);
    await add('Refused', 9999, 'rejected', [dacha.id, mosque.id]);
    const older = await add('Owner older', 400, 'progress', [], c.region.id, c.place.id, owner.id);
    const id = await add('Owner newest', 700, 'progress', [dacha.id, mosque.id], c.region.id, c.place.id, owner.id);
    const decided = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${older}`, token: mod.token, payload: { cottageStatus: 'rejected', reason: 'Bad photos' } });
    expect(decided.statusCode).toBe(200);

    const res = await t.api({ method: 'GET', url: `/api/v1/cottage/desk/${id}`, token: mod.token, headers: { 'accept-language': 'ru' } });
    expect(res.statusCode, res.body).toBe(200);
    const desk = res.json();
    expect(desk.medians.region).toEqual({ price: 250, priceWeekend: 300, count: 4 });
    expect(desk.medians.types).toEqual([
      { id: dacha.id, name: 'Dacha ru', price: 200, priceWeekend: 250, count: 3 },
      { id: mosque.id, name: 'Mosque ru', price: 3000, priceWeekend: 3050, count: 2 },
    ]);
    expect(desk.owner).toEqual({ id: owner.id, name: 'Owner Olim', phone: null, createdAt: expect.any(String) });
    expect(desk.ownerCottages).toEqual([{ id: older, name: 'Owner older', cottageStatus: 'rejected', createdAt: expect.any(String) }]);
    expect(desk.history).toEqual([
      { cottageId: older, cottageName: 'Owner older', action: 'edit', cottageStatus: 'rejected', reason: 'Bad photos', at: expect.any(String), byName: 'Aziz' },
    ]);
    expect(res.body).not.toMatch(/password|hash|token|secret/i);

    // An undo shows in the history too; the notice it withdrew no longer gives the decision a reason.
    expect((await t.api({ method: 'POST', url: `/api/v1/cottage/undo/${older}`, token: mod.token })).statusCode).toBe(200);
    const after = (await t.api({ method: 'GET', url: `/api/v1/cottage/desk/${id}`, token: mod.token })).json();
    expect(after.history.map((h: { action: string; cottageStatus: string; reason: string | null }) => [h.action, h.cottageStatus, h.reason])).toEqual([
      ['undo', 'progress', null],
      ['edit', 'rejected', null],
    ]);
    expect(after.medians.types[0].name).toBe('Dacha uz');
  });

  it('without an owner, and the guards', async () => {
    const c = await catalogue(t);
    const [row] = await t.database.db.insert(cottages).values({ name: 'Lonely', price: 1, priceWeekend: 1, regionId: c.region.id, placeId: c.place.id }).returning({ id: cottages.id });
    const res = await t.api({ method: 'GET', url: `/api/v1/cottage/desk/${row.id}`, token: mod.token });
    expect(res.json()).toMatchObject({ medians: { region: { price: null, priceWeekend: null, count: 0 }, types: [] }, owner: null, ownerCottages: [], history: [] });
    expect((await t.api({ method: 'GET', url: `/api/v1/cottage/desk/${row.id}`, token: viewer.token })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: `/api/v1/cottage/desk/${row.id}`, token: null })).statusCode).toBe(401);
    expect((await t.api({ method: 'GET', url: '/api/v1/cottage/desk/00000000-0000-4000-8000-000000000000', token: mod.token })).statusCode).toBe(404);
  });
});

describe('moderation-reason', () => {
  const url = '/api/v1/moderation-reason';
  it('starts with the seeded templates, in order, each in three languages', async () => {
    const res = await t.api({ method: 'GET', url, token: mod.token });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.map((r: { position: number }) => r.position)).toEqual([...list.map((r: { position: number }) => r.position)].sort((a, b) => a - b));
    for (const r of list) for (const lang of ['uz', 'ru', 'en']) expect(r[lang].length).toBeGreaterThan(0);
    expect(list[0].uz).toContain('ʻ');
  });

  it('creates (last by default), edits, deletes, audited', async () => {
    const created = await t.api({ method: 'POST', url: `${url}/add`, token: mod.token, payload: { uz: 'Telefon raqami yoʻq', ru: 'Нет номера телефона', en: 'No phone number' } });
    expect(created.statusCode, created.body).toBe(201);
    const r = created.json();
    const list = (await t.api({ method: 'GET', url, token: mod.token })).json();
    expect(list.at(-1).id).toBe(r.id);
    const edited = await t.api({ method: 'PATCH', url: `${url}/edit/${r.id}`, token: mod.token, payload: { en: 'The phone number is missing', position: 0 } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ en: 'The phone number is missing', ru: 'Нет номера телефона', position: 0 });
    expect((await t.api({ method: 'GET', url, token: mod.token })).json()[0].id).toBe(r.id);
    expect((await t.api({ method: 'GET', url: `${url}/${r.id}`, token: mod.token })).json().en).toBe('The phone number is missing');
    expect((await t.api({ method: 'DELETE', url: `${url}/delete/${r.id}`, token: mod.token })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `${url}/${r.id}`, token: mod.token })).statusCode).toBe(404);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'moderationReason'), eq(auditLog.recordId, r.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'edit']);
  });

  it('refuses bad input with 400 naming the field, and 404/403/401', async () => {
    const ok = { uz: 'a', ru: 'b', en: 'c' };
    const bad = [{ ...ok, uz: '' }, { ru: 'b', en: 'c' }, { ...ok, en: 'x'.repeat(501) }, { ...ok, position: 1.5 }, { ...ok, position: 'first' }, { ...ok, extra: 1 }, { ...ok, ru: '   ' }];
    for (const payload of bad) {
      const res = await t.api({ method: 'POST', url: `${url}/add`, token: mod.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.api({ method: 'POST', url: `${url}/add`, token: mod.token, payload: { ...ok, en: 'x'.repeat(500) } })).statusCode).toBe(201);
    const some = (await t.api({ method: 'GET', url, token: mod.token })).json()[0].id;
    expect((await t.api({ method: 'PATCH', url: `${url}/edit/${some}`, token: mod.token, payload: { uz: '' } })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url: `${url}/edit/00000000-0000-4000-8000-000000000000`, token: mod.token, payload: { uz: 'x' } })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: `${url}/nope`, token: mod.token })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url, token: viewer.token })).statusCode).toBe(403);
    expect((await t.api({ method: 'POST', url: `${url}/add`, token: viewer.token, payload: ok })).statusCode).toBe(403);
    expect((await t.api({ method: 'DELETE', url: `${url}/delete/${some}`, token: viewer.token })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url, token: null })).statusCode).toBe(401);
  });

  it(`refuses a template beyond ${MODERATION_REASONS_MAX} with 409, and takes one again after a delete`, async () => {
    const have = (await t.api({ method: 'GET', url, token: mod.token })).json().length as number;
    const filler = Array.from({ length: MODERATION_REASONS_MAX - have }, (_, i) => ({ uz: `Filler ${i}`, ru: `Filler ${i}`, en: `Filler ${i}`, position: 1000 + i }));
    await t.database.db.insert(moderationReasons).values(filler);
    const ok = { uz: 'a', ru: 'b', en: 'c' };
    const refused = await t.api({ method: 'POST', url: `${url}/add`, token: mod.token, payload: ok });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(new RegExp(`already ${MODERATION_REASONS_MAX} reason templates`));
    const [one] = await t.database.db.select().from(moderationReasons).where(eq(moderationReasons.en, 'Filler 0'));
    expect((await t.api({ method: 'DELETE', url: `${url}/delete/${one.id}`, token: mod.token })).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: `${url}/add`, token: mod.token, payload: ok })).statusCode).toBe(201);
    await t.database.db.delete(moderationReasons).where(like(moderationReasons.en, 'Filler %'));
  });
});
