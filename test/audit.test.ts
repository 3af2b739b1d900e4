import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { adminId, region, translation, userWith } from './fixtures';
import { auditLog } from '../src/server/db/schema';
import { purgeAudit } from '../src/server/repos/audit';

let t: TestContext;
const api = '/api/v1';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Entry = { id: string; userId: string | null; userName: string; sessionId: string | null; resource: string; recordId: string; recordName: string | null; action: string; createdAt: string; changes: Record<string, { before: unknown; after: unknown }> };

async function entriesOf(resource: string, recordId: string): Promise<Entry[]> {
  const filter = encodeURIComponent(JSON.stringify({ resource, recordId }));
  const res = await t.api({ method: 'GET', url: `${api}/audit?filter=${filter}&sort=${encodeURIComponent('["createdAt","ASC"]')}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('audit history of writes', () => {
  it('records a create, an edit (exactly the changed fields, before → after) and a delete, with who and when', async () => {
    const name = await translation(t, 'Audited');
    const created = await t.api({ method: 'POST', url: `${api}/region/add`, payload: { name } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const renamed = await translation(t, 'Renamed');
    expect((await t.api({ method: 'PATCH', url: `${api}/region/edit/${id}`, payload: { name: renamed } })).statusCode).toBe(200);
    expect((await t.api({ method: 'DELETE', url: `${api}/region/delete/${id}` })).statusCode).toBe(200);

    const entries = await entriesOf('region', id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'edit', 'delete']);
    const admin = await adminId(t);
    for (const e of entries) {
      expect(e.userId).toBe(admin);
      expect(e.userName).toBeTruthy();
      expect(e.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(entries[0].changes.name).toEqual({ before: null, after: 'Audited uz' });
    expect(entries[1].changes).toEqual({
      name: { before: 'Audited uz', after: 'Renamed uz' },
      nameTranslateId: { before: name, after: renamed },
    });
    expect(entries[2].changes.name).toEqual({ before: 'Renamed uz', after: null });
    // Named for a person, not by id: the record is gone, so by the name its last change had.
    expect(entries.map((e) => e.recordName)).toEqual(['Audited uz', 'Renamed uz', 'Renamed uz']);
  });

  it("names an existing record as it reads now, in the request's language", async () => {
    const name = await translation(t, 'Named');
    const id = (await t.api({ method: 'POST', url: `${api}/region/add`, payload: { name } })).json().id;
    const named = (await t.api({ method: 'GET', url: `${api}/audit?filter=${encodeURIComponent(JSON.stringify({ recordId: id }))}`, headers: { 'accept-language': 'ru' } })).json();
    expect(named.map((e: Entry) => e.recordName)).toEqual(['Named ru']);
  });

  it('records nothing for a write that fails, nor for an edit that changes nothing', async () => {
    const r = await region(t);
    const before = (await t.database.db.select().from(auditLog)).length;
    // 400: not a translation id; 409: a translation another record uses; 404: no such record.
    expect((await t.api({ method: 'PATCH', url: `${api}/region/edit/${r.id}`, payload: { name: 'nope' } })).statusCode).toBe(400);
    const other = await region(t);
    expect((await t.api({ method: 'PATCH', url: `${api}/region/edit/${r.id}`, payload: { name: other.nameTranslateId } })).statusCode).toBe(409);
    expect((await t.api({ method: 'DELETE', url: `${api}/region/delete/00000000-0000-4000-8000-000000000000` })).statusCode).toBe(404);
    expect((await t.api({ method: 'PATCH', url: `${api}/region/edit/${r.id}`, payload: { name: r.nameTranslateId } })).statusCode).toBe(200);
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
  });

  it('rolls the entry back with a bulk write that fails part way, and records each record of one that succeeds', async () => {
    const a = await region(t);
    const b = await region(t);
    const missing = '00000000-0000-4000-8000-000000000001';
    const before = (await t.database.db.select().from(auditLog)).length;
    expect((await t.api({ method: 'POST', url: `${api}/region/bulk/delete`, payload: { ids: [a.id, missing] } })).statusCode).toBe(404);
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
    expect((await t.api({ method: 'POST', url: `${api}/region/bulk/delete`, payload: { ids: [a.id, b.id] } })).statusCode).toBe(200);
    expect((await entriesOf('region', a.id)).map((e) => e.action)).toEqual(['bulkDelete']);
    expect((await entriesOf('region', b.id)).map((e) => e.action)).toEqual(['bulkDelete']);
  });

  it('never records a password or its hash: a user edit and an own password change show it as hidden', async () => {
    const someone = await userWith(t, ['region.list'], { password: 'first-password-1' });
    const edit = await t.api({ method: 'PATCH', url: `${api}/user/edit/${someone.id}`, payload: { password: 'second-secret-2', name: 'New Name' } });
    expect(edit.statusCode).toBe(200);
    // A new password set by an admin ends the user's sessions: log in again.
    const token = (await t.login(someone.username, 'second-secret-2')).accessToken;
    const own = await t.api({ method: 'POST', url: `${api}/user/me/password`, token, payload: { currentPassword: 'second-secret-2', newPassword: 'third-secret-3' } });
    expect(own.statusCode).toBe(200);
    const entries = await entriesOf('user', someone.id);
    expect(entries.map((e) => e.action)).toEqual(['edit', 'password']);
    expect(entries[0].changes.name).toEqual({ before: someone.username, after: 'New Name' });
    expect(entries[0].changes.password).toEqual({ before: '[hidden]', after: '[hidden]' });
    expect(entries[1].userId).toBe(someone.id);
    const stored = JSON.stringify(await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, someone.id)));
    for (const secret of ['first-password-1', 'second-secret-2', 'third-secret-3', 'scrypt', 'passwordHash']) expect(stored).not.toContain(secret);
  });

  it('records an image replacement as the paths before and after', async () => {
    const name = await translation(t, 'Pictured');
    const { multipart } = await import('./helpers');
    const { imageFile } = await import('./fixtures');
    const created = await t.api({ method: 'POST', url: `${api}/place/add`, ...multipart({ name, regionId: (await region(t)).id }, [imageFile()]) });
    expect(created.statusCode).toBe(201);
    const place = created.json();
    const replaced = await t.api({ method: 'PATCH', url: `${api}/place/edit/image/${place.id}`, ...multipart({}, [imageFile()]) });
    expect(replaced.statusCode).toBe(200);
    const [, image] = await entriesOf('place', place.id);
    expect(image.action).toBe('image');
    expect(image.changes).toEqual({ image: { before: place.image, after: replaced.json().image } });
    expect(String(replaced.json().image)).toMatch(/^uploads\/images\//);
  });
});

describe('audit history of the calls outside the route builder', () => {
  it('records a cottage create with its image paths, its image rows and its premium placement on the cottage', async () => {
    const { multipart } = await import('./helpers');
    const { catalogue, imageFile } = await import('./fixtures');
    const c = await catalogue(t);
    const fields = { name: 'Audit dacha', price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id, cottageStatus: 'confirmed' };
    const created = await t.api({ method: 'POST', url: `${api}/cottage/add`, ...multipart(fields, [imageFile('mainImage')]) });
    expect(created.statusCode).toBe(201);
    const cottage = created.json();
    const added = await t.api({ method: 'POST', url: `${api}/cottage/image/add`, ...multipart({ cottageId: cottage.id }, [imageFile()]) });
    expect(added.statusCode).toBe(201);
    expect((await t.api({ method: 'DELETE', url: `${api}/cottage/image/delete/${added.json().id}` })).statusCode).toBe(200);
    const placed = await t.api({ method: 'POST', url: `${api}/cottage/add/premium/${cottage.id}`, payload: { expireDays: 3, serviceCode: 'top' } });
    expect(placed.statusCode).toBe(201);
    expect((await t.api({ method: 'DELETE', url: `${api}/cottage/delete/premium/${placed.json().id}` })).statusCode).toBe(200);

    const entries = await entriesOf('cottage', cottage.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'imageAdd', 'imageDelete', 'premium', 'premiumEnd']);
    expect(entries[0].changes.mainImage.after).toBe(cottage.mainImage);
    expect(String(cottage.mainImage)).toMatch(/^uploads\/images\//);
    expect(entries[1].changes.image).toEqual({ before: null, after: added.json().image });
    expect(entries[2].changes.image).toEqual({ before: added.json().image, after: null });
    expect((entries[4].changes.premiumPlacement.after as { endedAt: unknown }).endedAt).toBeTruthy();
  });
});

describe('audit history of saved queries', () => {
  it('records their create, rename and delete', async () => {
    const query = { filter: { q: 'x' }, sort: { field: 'name', order: 'ASC' } };
    const made = await t.api({ method: 'POST', url: `${api}/saved-query/add`, payload: { resource: 'region', name: 'Audited query', query } });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    expect((await t.api({ method: 'PATCH', url: `${api}/saved-query/edit/${id}`, payload: { name: 'Renamed query' } })).statusCode).toBe(200);
    expect((await t.api({ method: 'DELETE', url: `${api}/saved-query/delete/${id}` })).statusCode).toBe(200);
    const entries = await entriesOf('savedQuery', id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'edit', 'delete']);
    expect(entries[1].changes).toEqual({ name: { before: 'Audited query', after: 'Renamed query' } });
  });
});

describe('GET audit', () => {
  it('filters by user, resource, record, action and date range, pages on the server, and answers 403 without audit.list', async () => {
    const writer = await userWith(t, ['region.list', 'region.create', 'region.edit']);
    const made = await t.api({ method: 'POST', url: `${api}/region/add`, token: writer.token, payload: { name: await translation(t, 'ByWriter') } });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    await t.api({ method: 'PATCH', url: `${api}/region/edit/${id}`, token: writer.token, payload: { name: await translation(t, 'ByWriter2') } });

    const list = (filter: object, extra = '') => t.api({ method: 'GET', url: `${api}/audit?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}` });
    const byUser = await list({ userId: writer.id });
    expect(byUser.json().map((e: Entry) => e.action).sort()).toEqual(['create', 'edit']);
    expect((await list({ userId: writer.id, action: 'edit' })).json()).toHaveLength(1);
    expect((await list({ resource: 'region', recordId: id, action: ['create', 'edit'] })).json()).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ userId: writer.id, createdAt_gte: today, createdAt_lte: today })).json()).toHaveLength(2);
    expect((await list({ userId: writer.id, createdAt_lte: '2000-01-01' })).json()).toHaveLength(0);
    expect((await list({ userId: writer.id, createdAt_gte: new Date(Date.now() + 60_000).toISOString() })).json()).toHaveLength(0);
    expect((await list({ createdAt_gte: 'not a date' })).statusCode).toBe(400);
    expect((await list({ nope: 1 })).statusCode).toBe(400);

    const page = await list({ userId: writer.id }, `&range=${encodeURIComponent('[0,0]')}&sort=${encodeURIComponent('["createdAt","DESC"]')}`);
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].action).toBe('edit');
    expect(page.headers['content-range']).toBe('audit 0-0/2');

    expect((await t.api({ method: 'GET', url: `${api}/audit`, token: writer.token })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: `${api}/audit`, token: null })).statusCode).toBe(401);
    const reader = await userWith(t, ['audit.list']);
    expect((await t.api({ method: 'GET', url: `${api}/audit`, token: reader.token })).statusCode).toBe(200);
    const csv = await t.api({ method: 'GET', url: `${api}/audit/export?filter=${encodeURIComponent(JSON.stringify({ recordId: id }))}`, token: reader.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('ByWriter uz → ByWriter2 uz');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toContain('/api/v1/audit');
  });
});

describe('retention', () => {
  it('deletes entries older than the retention, at start and on demand', async () => {
    const r = await region(t);
    await t.api({ method: 'DELETE', url: `${api}/region/delete/${r.id}` });
    const [entry] = await entriesOf('region', r.id);
    await t.database.db.update(auditLog).set({ createdAt: sql`now() - interval '40 days'` }).where(eq(auditLog.id, entry.id));
    expect(await purgeAudit(t.database.db, 60)).toBe(0);
    expect(await entriesOf('region', r.id)).toHaveLength(1);

    // A server started with AUDIT_RETENTION_DAYS=30 deletes it when it is ready.
    const { buildApp } = await import('../src/server/app');
    const app = await buildApp({ ...t.config, auditRetentionDays: 30 }, { database: t.database, closeDatabase: false });
    await app.ready();
    await app.close();
    expect(await entriesOf('region', r.id)).toHaveLength(0);
  });
});
