import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, multipart, type TestContext } from './helpers';
import { catalogue, fileExists, imageFile, place, region, translation, userWith } from './fixtures';
import { auditLog, cottageComforts, retiredFiles } from '../src/server/db/schema';
import { sweepDeletedFiles } from '../src/server/plugins/deleted-files';

let t: TestContext;
let c: Awaited<ReturnType<typeof catalogue>>;
const api = '/api/v1';

beforeAll(async () => {
  t = await createTestApp();
  c = await catalogue(t);
});
afterAll(() => t.close());

type Entry = { id: string; action: string; revertOf?: string | null; changes: Record<string, { before: unknown; after: unknown }> };

/** The record's entries, newest first. */
async function entriesOf(resource: string, recordId: string): Promise<Entry[]> {
  const filter = encodeURIComponent(JSON.stringify({ resource, recordId }));
  const res = await t.api({ method: 'GET', url: `${api}/audit?filter=${filter}&sort=${encodeURIComponent('["createdAt","DESC"]')}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const latest = async (resource: string, id: string) => (await entriesOf(resource, id))[0];
const revert = (auditId: string, token?: string) => t.api({ method: 'POST', url: `${api}/audit/revert/${auditId}`, token });

async function comfortWithImage() {
  const form = multipart({ name: await translation(t, `Hammom ${Date.now()}`) }, [imageFile()]);
  const res = await t.api({ method: 'POST', url: `${api}/comfort/add`, ...form });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; image: string; name: string; nameTranslateId: string };
}

async function cottageWith(comfortIds: string[]) {
  const form = multipart(
    { name: 'Revert dacha', price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id, 'comforts[]': comfortIds, 'cottageType[]': [c.types[0].id] },
    [imageFile('mainImage'), imageFile('images')],
  );
  const res = await t.api({ method: 'POST', url: `${api}/cottage/add`, ...form });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('POST audit/revert/{id}', () => {
  it('takes an edit back, audits the revert (revertOf), and reverts the revert', async () => {
    const r = await region(t, 'Before');
    const renamed = await translation(t, 'After');
    expect((await t.api({ method: 'PATCH', url: `${api}/region/edit/${r.id}`, payload: { name: renamed } })).statusCode).toBe(200);
    const edit = await latest('region', r.id);
    const res = await revert(edit.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ revertOf: edit.id, resource: 'region', recordId: r.id, done: 'edit', fields: ['nameTranslateId'] });
    const back = (await t.api({ method: 'GET', url: `${api}/region/${r.id}` })).json();
    expect(back).toMatchObject({ name: 'Before uz', nameTranslateId: r.nameTranslateId });
    const entry = await latest('region', r.id);
    expect(entry).toMatchObject({ action: 'revert', revertOf: edit.id });
    expect(entry.changes.nameTranslateId).toEqual({ before: renamed, after: r.nameTranslateId });

    expect((await revert(entry.id)).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `${api}/region/${r.id}` })).json()).toMatchObject({ name: 'After uz', nameTranslateId: renamed });
  });

  it('takes an image replace back: the earlier file (kept) returns, the newer one is retired', async () => {
    const comfort = await comfortWithImage();
    const replaced = await t.api({ method: 'PATCH', url: `${api}/comfort/edit/image/${comfort.id}`, ...multipart({}, [imageFile()]) });
    expect(replaced.statusCode).toBe(200);
    const newer = replaced.json().image as string;
    const entry = await latest('comfort', comfort.id);
    expect(entry.action).toBe('image');
    const res = await revert(entry.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().fields).toEqual(['image']);
    expect((await t.api({ method: 'GET', url: `${api}/comfort/${comfort.id}` })).json().image).toBe(comfort.image);
    expect(fileExists(t, comfort.image)).toBe(true);
    expect(await t.database.db.select().from(retiredFiles).where(eq(retiredFiles.path, comfort.image))).toHaveLength(0);
    expect(await t.database.db.select().from(retiredFiles).where(eq(retiredFiles.path, newer))).toHaveLength(1);
  });

  it('takes a cottage edit back: its price and its comforts (links) return', async () => {
    const cottage = await cottageWith([c.comforts[0].id]);
    const edited = await t.api({ method: 'PATCH', url: `${api}/cottage/edit/${cottage.id}`, payload: { price: 999, comforts: [c.comforts[1].id, c.comforts[2].id] } });
    expect(edited.statusCode).toBe(200);
    const res = await revert((await latest('cottage', cottage.id)).id);
    expect(res.statusCode).toBe(200);
    expect(res.json().fields.sort()).toEqual(['comforts', 'price']);
    const back = (await t.api({ method: 'GET', url: `${api}/cottage/${cottage.id}` })).json();
    expect(back.price).toBe(100);
    expect(back.comforts.map((x: { id: string }) => x.id)).toEqual([c.comforts[0].id]);
  });

  it('refuses (400, naming them) an edit whose changes a revert cannot put back, such as a password', async () => {
    const someone = await userWith(t, []);
    const edit = await t.api({ method: 'PATCH', url: `${api}/user/edit/${someone.id}`, payload: { name: 'Renamed person', password: 'another-pass-123' } });
    expect(edit.statusCode).toBe(200);
    const res = await revert((await latest('user', someone.id)).id);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: 'Cannot be put back by a revert' });
    expect((await t.api({ method: 'GET', url: `${api}/user/${someone.id}` })).json().name).toBe('Renamed person');
  });

  it('refuses a body it does not take (400), and changes nothing', async () => {
    const r = await region(t, 'Bodiless');
    const renamed = await translation(t, 'Bodiless after');
    expect((await t.api({ method: 'PATCH', url: `${api}/region/edit/${r.id}`, payload: { name: renamed } })).statusCode).toBe(200);
    const edit = await latest('region', r.id);
    for (const payload of [[1], { fields: ['name'] }]) {
      const res = await t.api({ method: 'POST', url: `${api}/audit/revert/${edit.id}`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/takes no body/);
    }
    expect((await latest('region', r.id)).id).toBe(edit.id);
    expect((await t.api({ method: 'POST', url: `${api}/audit/revert/${edit.id}`, payload: {} })).statusCode).toBe(200);
  });

  it('refuses a stale revert with 409 naming the fields changed since', async () => {
    const r = await region(t);
    const second = await translation(t, 'Second');
    const third = await translation(t, 'Third');
    await t.api({ method: 'PATCH', url: `${api}/region/edit/${r.id}`, payload: { name: second } });
    const first = await latest('region', r.id);
    await t.api({ method: 'PATCH', url: `${api}/region/edit/${r.id}`, payload: { name: third } });
    const res = await revert(first.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('nameTranslateId');
    expect(res.json().fields).toEqual({ nameTranslateId: 'Changed since this entry' });
    expect((await t.api({ method: 'GET', url: `${api}/region/${r.id}` })).json().nameTranslateId).toBe(third);
  });

  it('brings a deleted comfort back: its id, translation, image file and links to cottages', async () => {
    const comfort = await comfortWithImage();
    const cottage = await cottageWith([comfort.id, c.comforts[0].id]);
    expect((await t.api({ method: 'DELETE', url: `${api}/comfort/delete/${comfort.id}` })).statusCode).toBe(200);
    // The file is kept (retired) for DELETED_FILES_DAYS; the link went with the comfort.
    expect(fileExists(t, comfort.image)).toBe(true);
    expect(await t.database.db.select().from(cottageComforts).where(eq(cottageComforts.comfortId, comfort.id))).toHaveLength(0);
    const deleted = await latest('comfort', comfort.id);
    expect(deleted.action).toBe('delete');

    const res = await revert(deleted.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().done).toBe('restore');
    const back = await t.api({ method: 'GET', url: `${api}/comfort/${comfort.id}` });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: comfort.id, image: comfort.image, name: comfort.name, nameTranslateId: comfort.nameTranslateId });
    expect(fileExists(t, comfort.image)).toBe(true);
    expect(await t.database.db.select().from(retiredFiles).where(eq(retiredFiles.path, comfort.image))).toHaveLength(0);
    const linked = (await t.api({ method: 'GET', url: `${api}/cottage/${cottage.id}` })).json();
    expect(linked.comforts.map((x: { id: string }) => x.id).sort()).toEqual([comfort.id, c.comforts[0].id].sort());

    // Once back, the delete cannot be reverted twice; reverting the revert deletes it again (its file retired again),
    // after which the delete's entry brings it back once more.
    expect((await revert(deleted.id)).statusCode).toBe(409);
    expect((await revert((await latest('comfort', comfort.id)).id)).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `${api}/comfort/${comfort.id}` })).statusCode).toBe(404);
    expect(await t.database.db.select().from(retiredFiles).where(eq(retiredFiles.path, comfort.image))).toHaveLength(1);
    expect((await revert(deleted.id)).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `${api}/comfort/${comfort.id}` })).json().image).toBe(comfort.image);
  });

  it('brings a deleted cottage back with its images, comforts and types', async () => {
    const cottage = await cottageWith([c.comforts[1].id, c.comforts[2].id]);
    expect((await t.api({ method: 'POST', url: `${api}/cottage/bulk/delete`, payload: { ids: [cottage.id] } })).statusCode).toBe(200);
    for (const image of cottage.images) expect(fileExists(t, image.image)).toBe(true);
    const entry = await latest('cottage', cottage.id);
    expect(entry.action).toBe('bulkDelete');
    expect((await revert(entry.id)).statusCode).toBe(200);
    const back = (await t.api({ method: 'GET', url: `${api}/cottage/${cottage.id}` })).json();
    expect(back.images.map((i: { id: string; image: string }) => [i.id, i.image])).toEqual(cottage.images.map((i: { id: string; image: string }) => [i.id, i.image]));
    expect(back.comforts.map((x: { id: string }) => x.id)).toEqual(cottage.comforts.map((x: { id: string }) => x.id));
    expect(back.cottageType.map((x: { id: string }) => x.id)).toEqual([c.types[0].id]);
    expect(back.mainImage).toBe(cottage.mainImage);
  });

  it('takes a create back by deleting the record, with the delete’s own dependents check', async () => {
    const name = await translation(t, 'Created');
    const created = (await t.api({ method: 'POST', url: `${api}/region/add`, payload: { name } })).json();
    const entry = await latest('region', created.id);
    expect((await revert(entry.id)).json()).toMatchObject({ done: 'delete' });
    expect((await t.api({ method: 'GET', url: `${api}/region/${created.id}` })).statusCode).toBe(404);

    const used = (await t.api({ method: 'POST', url: `${api}/region/add`, payload: { name: await translation(t, 'Used') } })).json();
    await place(t, used.id);
    const refused = await revert((await latest('region', used.id)).id);
    expect(refused.statusCode).toBe(409);
    expect((await t.api({ method: 'GET', url: `${api}/region/${used.id}` })).statusCode).toBe(200);
  });

  it('needs audit.list and the resource’s own permission; 404 for an unknown entry; 400 for a password entry', async () => {
    const r = await region(t);
    await t.api({ method: 'PATCH', url: `${api}/region/edit/${r.id}`, payload: { name: await translation(t, 'Perm') } });
    const edit = await latest('region', r.id);
    const auditor = await userWith(t, ['audit.list', 'region.list']);
    const res = await revert(edit.id, auditor.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('region.edit');
    expect((await revert(edit.id, (await userWith(t, ['region.edit'])).token)).statusCode).toBe(403);
    expect((await revert(edit.id, (await userWith(t, ['audit.list', 'region.edit'])).token)).statusCode).toBe(200);

    expect((await revert('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await revert('not-an-id')).statusCode).toBe(404);
    const [password] = await t.database.db
      .insert(auditLog)
      .values({ resource: 'user', recordId: auditor.id, action: 'password', changes: { password: { before: '[hidden]', after: '[hidden]' } } })
      .returning();
    const refused = await revert(password.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('password');
  });
});

describe('deleted files retention', () => {
  it('the sweep removes files retired longer than DELETED_FILES_DAYS and keeps newer ones', async () => {
    const dir = path.join(t.dataDir, 'uploads', 'images');
    await mkdir(dir, { recursive: true });
    const old = 'uploads/images/retired-old.png';
    const fresh = 'uploads/images/retired-new.png';
    for (const p of [old, fresh]) await writeFile(path.join(t.dataDir, p), 'x');
    await t.database.db.insert(retiredFiles).values([
      { path: old, retiredAt: sql`now() - interval '31 days'` as unknown as Date },
      { path: fresh, retiredAt: sql`now() - interval '29 days'` as unknown as Date },
    ]);
    expect(await sweepDeletedFiles(t.app, 30)).toBe(1);
    expect(fileExists(t, old)).toBe(false);
    expect(fileExists(t, fresh)).toBe(true);
    const left = (await t.database.db.select().from(retiredFiles)).map((r) => r.path);
    expect(left).toContain(fresh);
    expect(left).not.toContain(old);
  });

  it('a delete whose files were swept cannot be reverted (409), and nothing comes back', async () => {
    const comfort = await comfortWithImage();
    expect((await t.api({ method: 'DELETE', url: `${api}/comfort/delete/${comfort.id}` })).statusCode).toBe(200);
    await t.database.db.update(retiredFiles).set({ retiredAt: sql`now() - interval '31 days'` as unknown as Date }).where(eq(retiredFiles.path, comfort.image));
    expect(await sweepDeletedFiles(t.app, 30)).toBe(1);
    expect(fileExists(t, comfort.image)).toBe(false);
    const res = await revert((await latest('comfort', comfort.id)).id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('retention');
    expect((await t.api({ method: 'GET', url: `${api}/comfort/${comfort.id}` })).statusCode).toBe(404);
  });
});
