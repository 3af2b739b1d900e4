/** Regions, places, comforts and cottage types: the translated-name resources. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, multipart, type TestContext } from './helpers';
import { bigBlob, jpegWithExif, notAnImage, pngImage } from './images';
import { comforts, cottageComforts, cottages, cottageTypes, places, regions, retiredFiles } from '../src/server/db/schema';
import { fileExists, imageFile, PNG, retired, translation, userWith } from './fixtures';
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = '/api/v1';
const unusedIds = async () => ((await t.api({ method: 'GET', url: `${api}/translate/unused` })).json() as { id: string }[]).map((r) => r.id);
const status = async (id: string) => (await t.api({ method: 'GET', url: `${api}/translate/${id}` })).json().status;

async function newRegion(text = 'Toshkent') {
  const name = await translation(t, text);
  const res = await t.api({ method: 'POST', url: `${api}/region/add`, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function addCottage(regionId: string, placeId: string) {
  const [row] = await t.database.db.insert(cottages).values({ name: 'Dacha', price: 100, priceWeekend: 150, regionId, placeId }).returning();
  return row;
}

describe('regions', () => {
  it('creates from a translation id (201), reads the name in the request language, edits and lists', async () => {
    const name = await translation(t, 'Samarqand');
    const created = await t.api({ method: 'POST', url: `${api}/region/add`, payload: { name } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Samarqand uz', nameTranslateId: name });
    const id = created.json().id;
    const ru = await t.api({ method: 'GET', url: `${api}/region/${id}`, headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(ru.json().name).toBe('Samarqand ru');
    const en = await t.api({ method: 'GET', url: `${api}/region`, headers: { 'accept-language': 'en' } });
    expect(en.json().find((r: { id: string }) => r.id === id).name).toBe('Samarqand en');
    const unknown = await t.api({ method: 'GET', url: `${api}/region/${id}`, headers: { 'accept-language': 'xx-YY' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().name).toBe('Samarqand uz');
    expect(await status(name)).toBe('active');

    const other = await translation(t, 'Buxoro');
    const edited = await t.api({ method: 'PATCH', url: `${api}/region/edit/${id}`, payload: { name: other } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id, name: 'Buxoro uz', nameTranslateId: other });
    expect(await status(name)).toBe('inactive');
    const same = await t.api({ method: 'PATCH', url: `${api}/region/edit/${id}`, payload: { name: other } });
    expect(same.statusCode).toBe(200);
    const empty = await t.api({ method: 'PATCH', url: `${api}/region/edit/${id}`, payload: { name: '' } });
    expect(empty.json().nameTranslateId).toBe(other);
  });

  it('sorts and searches on the translated name, pages with Content-Range', async () => {
    const a = await newRegion('Aaa-region');
    const z = await newRegion('Zzz-region');
    const q = encodeURIComponent(JSON.stringify({ q: '-region ru' }));
    const res = await t.api({ method: 'GET', url: `${api}/region?filter=${q}&sort=["name","DESC"]&range=[0,0]`, headers: { 'accept-language': 'ru' } });
    expect(res.json().map((r: { id: string }) => r.id)).toEqual([z.id]);
    expect(res.headers['content-range']).toBe('region 0-0/2');
    const ids = await t.api({ method: 'GET', url: `${api}/region?filter=${encodeURIComponent(JSON.stringify({ id: [a.id] }))}` });
    expect(ids.json()).toHaveLength(1);
    expect((await t.api({ method: 'GET', url: `${api}/region?filter=${encodeURIComponent(JSON.stringify({ nope: 1 }))}` })).statusCode).toBe(400);
  });

  it('refuses bad, unknown and used translation ids (400/404/409)', async () => {
    const r = await newRegion();
    for (const payload of [{}, { name: 'not-a-uuid' }, { name: 42 }]) {
      const res = await t.api({ method: 'POST', url: `${api}/region/add`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields.name).toBeTruthy();
    }
    const missing = await t.api({ method: 'POST', url: `${api}/region/add`, payload: { name: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.statusCode).toBe(404);
    const used = await t.api({ method: 'POST', url: `${api}/region/add`, payload: { name: r.nameTranslateId } });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/^Translation is already in use/);
    const other = await newRegion('Other');
    const steal = await t.api({ method: 'PATCH', url: `${api}/region/edit/${other.id}`, payload: { name: r.nameTranslateId } });
    expect(steal.statusCode).toBe(409);
    expect((await t.api({ method: 'PATCH', url: `${api}/region/edit/nope`, payload: { name: r.nameTranslateId } })).statusCode).toBe(404);
    const malformed = await t.api({ method: 'POST', url: `${api}/region/add`, headers: { 'content-type': 'application/json' }, payload: '{"name"' });
    expect(malformed.statusCode).toBe(400);
  });

  it('lets only one of two simultaneous requests use the same translation', async () => {
    const name = await translation(t, 'Race');
    const results = await Promise.all([
      t.api({ method: 'POST', url: `${api}/region/add`, payload: { name } }),
      t.api({ method: 'POST', url: `${api}/comfort/add`, ...multipart({ name }, [imageFile()]) }),
      t.api({ method: 'POST', url: `${api}/region/add`, payload: { name } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const [regionUses, comfortUses] = await Promise.all([
      t.database.db.select().from(regions).where(eq(regions.nameTranslateId, name)),
      t.database.db.select().from(comforts).where(eq(comforts.nameTranslateId, name)),
    ]);
    expect(regionUses.length + comfortUses.length).toBe(1);
  });

  it('deletes (answering the record, freeing the translation); 409 while it has places or cottages', async () => {
    const r = await newRegion('Doomed');
    const deleted = await t.api({ method: 'DELETE', url: `${api}/region/delete/${r.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: r.id, name: 'Doomed uz' });
    expect(await unusedIds()).toContain(r.nameTranslateId);
    expect((await t.api({ method: 'DELETE', url: `${api}/region/delete/${r.id}` })).statusCode).toBe(404);

    const busy = await newRegion('Busy');
    const place = (await t.api({ method: 'POST', url: `${api}/place/add`, payload: { name: await translation(t, 'P'), regionId: busy.id } })).json();
    const withPlace = await t.api({ method: 'DELETE', url: `${api}/region/delete/${busy.id}` });
    expect(withPlace.statusCode).toBe(409);
    expect(withPlace.json().message).toMatch(/1 place/);
    await addCottage(busy.id, place.id);
    const withCottage = await t.api({ method: 'DELETE', url: `${api}/region/delete/${busy.id}` });
    expect(withCottage.statusCode).toBe(409);
    expect(withCottage.json().message).toMatch(/1 cottage/);
    expect(await t.database.db.select().from(regions).where(eq(regions.id, busy.id))).toHaveLength(1);
  });
});

describe('places', () => {
  it('creates with multipart (name, regionId, image), carries region and regionId', async () => {
    const r = await newRegion('Toshkent viloyati');
    const name = await translation(t, 'Chorvoq');
    const res = await t.api({ method: 'POST', url: `${api}/place/add`, ...multipart({ name, regionId: r.id }, [imageFile()]) });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Chorvoq uz', nameTranslateId: name, regionId: r.id, region: { id: r.id, name: 'Toshkent viloyati uz' } });
    expect(fileExists(t, body.image)).toBe(true);
    const ru = await t.api({ method: 'GET', url: `${api}/place?filter=${encodeURIComponent(JSON.stringify({ regionId: r.id }))}`, headers: { 'accept-language': 'ru' } });
    expect(ru.json()).toEqual([expect.objectContaining({ id: body.id, name: 'Chorvoq ru', region: { id: r.id, name: 'Toshkent viloyati ru' } })]);
    const noImage = await t.api({ method: 'POST', url: `${api}/place/add`, payload: { name: await translation(t, 'Bo‘stonliq'), regionId: r.id } });
    expect(noImage.statusCode).toBe(201);
    expect(noImage.json().image).toBeNull();
  });

  it('validates the region (400 / 404) and leaves no file behind', async () => {
    const before = await t.uploadedFiles();
    const name = await translation(t, 'Nowhere');
    const badRegion = await t.api({ method: 'POST', url: `${api}/place/add`, ...multipart({ name, regionId: 'x' }, [imageFile()]) });
    expect(badRegion.statusCode).toBe(400);
    expect(badRegion.json().fields.regionId).toBeTruthy();
    const unknownRegion = await t.api({ method: 'POST', url: `${api}/place/add`, ...multipart({ name, regionId: '00000000-0000-4000-8000-000000000000' }, [imageFile()]) });
    expect(unknownRegion.statusCode).toBe(404);
    const r = await newRegion();
    const usedName = await t.api({ method: 'POST', url: `${api}/place/add`, ...multipart({ name: r.nameTranslateId, regionId: r.id }, [imageFile()]) });
    expect(usedName.statusCode).toBe(409);
    const twoImages = await t.api({
      method: 'POST',
      url: `${api}/place/add`,
      ...multipart({ name, regionId: r.id }, [
        imageFile('image', PNG, 'a.png'),
        imageFile('image', PNG, 'b.png'),
      ]),
    });
    expect(twoImages.statusCode).toBe(400);
    const wrongField = await t.api({ method: 'POST', url: `${api}/place/add`, ...multipart({ name, regionId: r.id }, [imageFile('photo', PNG, 'a.png')]) });
    expect(wrongField.statusCode).toBe(400);
    expect(await t.uploadedFiles()).toEqual(before);
  });

  it('edits the name and region, replaces the image, refuses to move a place with cottages, deletes', async () => {
    const r1 = await newRegion('R1');
    const r2 = await newRegion('R2');
    const created = (await t.api({ method: 'POST', url: `${api}/place/add`, ...multipart({ name: await translation(t, 'Pl'), regionId: r1.id }, [imageFile()]) })).json();
    const moved = await t.api({ method: 'PATCH', url: `${api}/place/edit/${created.id}`, payload: { regionId: r2.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().region).toEqual({ id: r2.id, name: 'R2 uz' });
    const img = await t.api({ method: 'PATCH', url: `${api}/place/edit/image/${created.id}`, ...multipart({}, [imageFile('image', await jpegWithExif(), 'photo.jpg')]) });
    expect(img.statusCode, img.body).toBe(200);
    expect(img.json().image).toMatch(/\.jpg$/);
    expect(await retired(t, created.image)).toBe(true);
    const meta = await sharp(await readFile(path.join(t.dataDir, img.json().image))).metadata();
    expect(meta.exif).toBeUndefined();

    const cottage = await addCottage(r2.id, created.id);
    const refuse = await t.api({ method: 'PATCH', url: `${api}/place/edit/${created.id}`, payload: { regionId: r1.id } });
    expect(refuse.statusCode).toBe(409);
    const blocked = await t.api({ method: 'DELETE', url: `${api}/place/delete/${created.id}` });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/1 cottage/);
    await t.database.db.delete(cottages).where(eq(cottages.id, cottage.id));
    const deleted = await t.api({ method: 'DELETE', url: `${api}/place/delete/${created.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(await retired(t, img.json().image)).toBe(true);
    expect(await t.database.db.select().from(places).where(eq(places.id, created.id))).toHaveLength(0);
  });
});

describe('comforts', () => {
  it('a comfort from an unused translation takes it out of translate/unused; deleting the comfort brings it back', async () => {
    const name = await translation(t, 'Wi-Fi');
    expect(await unusedIds()).toContain(name);
    const created = await t.api({ method: 'POST', url: `${api}/comfort/add`, ...multipart({ name }, [imageFile()]) });
    expect(created.statusCode, created.body).toBe(201);
    const comfort = created.json();
    expect(comfort).toMatchObject({ name: 'Wi-Fi uz', nameTranslateId: name, image: expect.stringMatching(/^uploads\/images\/.+\.png$/) });
    expect(await unusedIds()).not.toContain(name);
    expect(await status(name)).toBe('active');
    const used = (await t.api({ method: 'GET', url: `${api}/translate/${name}` })).json().usedBy;
    expect(used).toEqual({ resource: 'comfort', id: comfort.id, field: 'name', name: 'Wi-Fi uz' });

    const refuse = await t.api({ method: 'DELETE', url: `${api}/translate/${name}` });
    expect(refuse.statusCode).toBe(409);
    expect(refuse.json().message).toMatch(/^Used by the name of comfort “Wi-Fi uz”/);

    const deleted = await t.api({ method: 'DELETE', url: `${api}/comfort/delete/${comfort.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: comfort.id, name: 'Wi-Fi uz' });
    expect(await retired(t, comfort.image)).toBe(true);
    expect(await unusedIds()).toContain(name);
    expect((await t.api({ method: 'DELETE', url: `${api}/translate/${name}` })).statusCode).toBe(200);
  });

  it('needs an image (400), refuses a text file named .jpg (415) and a 6 MB upload (413), leaving no file', async () => {
    const before = await t.uploadedFiles();
    const name = await translation(t, 'Sauna');
    const noImage = await t.api({ method: 'POST', url: `${api}/comfort/add`, payload: { name } });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().fields.image).toBeTruthy();
    const text = await t.api({ method: 'POST', url: `${api}/comfort/add`, ...multipart({ name }, [imageFile('image', notAnImage, 'sauna.jpg')]) });
    expect(text.statusCode).toBe(415);
    const big = await t.api({ method: 'POST', url: `${api}/comfort/add`, ...multipart({ name }, [imageFile('image', bigBlob(6 * 1024 * 1024), 'big.jpg')]) });
    expect(big.statusCode).toBe(413);
    const badName = await t.api({ method: 'POST', url: `${api}/comfort/add`, ...multipart({ name: 'x' }, [imageFile()]) });
    expect(badName.statusCode).toBe(400);
    expect(await t.uploadedFiles()).toEqual(before);
    expect(await status(name)).toBe('inactive');
  });

  it('edits the name, replaces the image, unlinks cottages on delete', async () => {
    const c = (await t.api({ method: 'POST', url: `${api}/comfort/add`, ...multipart({ name: await translation(t, 'Pool') }, [imageFile()]) })).json();
    const other = await translation(t, 'Big pool');
    const edited = await t.api({ method: 'PATCH', url: `${api}/comfort/edit/${c.id}`, payload: { name: other } });
    expect(edited.json()).toMatchObject({ name: 'Big pool uz', image: c.image });
    const noFile = await t.api({ method: 'PATCH', url: `${api}/comfort/edit/image/${c.id}`, ...multipart({}) });
    expect(noFile.statusCode).toBe(400);
    const text = await t.api({ method: 'PATCH', url: `${api}/comfort/edit/image/${c.id}`, ...multipart({}, [imageFile('image', notAnImage, 'x.png')]) });
    expect(text.statusCode).toBe(415);
    expect(fileExists(t, c.image)).toBe(true);
    const replaced = await t.api({ method: 'PATCH', url: `${api}/comfort/edit/image/${c.id}`, ...multipart({}, [imageFile('image', await pngImage(40, 40))]) });
    expect(replaced.statusCode).toBe(200);
    expect(await retired(t, c.image)).toBe(true);
    expect(fileExists(t, replaced.json().image)).toBe(true);

    const r = await newRegion();
    const p = (await t.api({ method: 'POST', url: `${api}/place/add`, payload: { name: await translation(t, 'P2'), regionId: r.id } })).json();
    const cottage = await addCottage(r.id, p.id);
    await t.database.db.insert(cottageComforts).values({ cottageId: cottage.id, comfortId: c.id });
    expect((await t.api({ method: 'DELETE', url: `${api}/comfort/delete/${c.id}` })).statusCode).toBe(200);
    expect(await t.database.db.select().from(cottageComforts).where(eq(cottageComforts.cottageId, cottage.id))).toHaveLength(0);
    expect(await t.database.db.select().from(comforts).where(eq(comforts.id, c.id))).toHaveLength(0);
    expect(await retired(t, replaced.json().image)).toBe(true);
  });
});

describe('cottage types', () => {
  it('creates with hidePrice from a multipart string, edits the flag, image optional', async () => {
    const res = await t.api({ method: 'POST', url: `${api}/cottage-type/add`, ...multipart({ name: await translation(t, 'Mosque'), hidePrice: 'true' }, [imageFile()]) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Mosque uz', hidePrice: true });
    const plain = await t.api({ method: 'POST', url: `${api}/cottage-type/add`, payload: { name: await translation(t, 'Dacha') } });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ hidePrice: false, image: null });
    const edited = await t.api({ method: 'PATCH', url: `${api}/cottage-type/edit/${plain.json().id}`, payload: { hidePrice: true } });
    expect(edited.json().hidePrice).toBe(true);
    const bad = await t.api({ method: 'PATCH', url: `${api}/cottage-type/edit/${plain.json().id}`, payload: { hidePrice: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    const filtered = await t.api({ method: 'GET', url: `${api}/cottage-type?filter=${encodeURIComponent(JSON.stringify({ hidePrice: true }))}` });
    expect(filtered.json().every((r: { hidePrice: boolean }) => r.hidePrice)).toBe(true);
    const img = await t.api({ method: 'PATCH', url: `${api}/cottage-type/edit/image/${plain.json().id}`, ...multipart({}, [imageFile()]) });
    expect(img.statusCode).toBe(200);
    expect(fileExists(t, img.json().image)).toBe(true);
    const del = await t.api({ method: 'DELETE', url: `${api}/cottage-type/delete/${plain.json().id}` });
    expect(del.statusCode).toBe(200);
    expect(await retired(t, img.json().image)).toBe(true);
    expect(await t.database.db.select().from(cottageTypes).where(eq(cottageTypes.id, plain.json().id))).toHaveLength(0);
  });
});

describe('permissions and disk', () => {
  it('answers 401 without a token and 403 without the permission', async () => {
    for (const [method, url] of [
      ['GET', 'region'],
      ['POST', 'place/add'],
      ['PATCH', 'comfort/edit/00000000-0000-4000-8000-000000000000'],
      ['DELETE', 'cottage-type/delete/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await t.api({ method, url: `${api}/${url}`, token: null, payload: {} })).statusCode, url).toBe(401);
    }
    const reader = (await userWith(t, ['region.list', 'comfort.list'])).token;
    expect((await t.api({ method: 'GET', url: `${api}/region`, token: reader })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `${api}/place`, token: reader })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: `${api}/region/00000000-0000-4000-8000-000000000000`, token: reader })).statusCode).toBe(403);
    expect((await t.api({ method: 'POST', url: `${api}/region/add`, token: reader, payload: { name: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(403);
    expect((await t.api({ method: 'PATCH', url: `${api}/comfort/edit/image/00000000-0000-4000-8000-000000000000`, token: reader, ...multipart({}) })).statusCode).toBe(403);
  });

  it('the uploads folder holds exactly the images of live records and of deleted ones still kept', async () => {
    const live = [
      ...(await t.database.db.select({ image: places.image }).from(places)),
      ...(await t.database.db.select({ image: comforts.image }).from(comforts)),
      ...(await t.database.db.select({ image: cottageTypes.image }).from(cottageTypes)),
      ...(await t.database.db.select({ image: retiredFiles.path }).from(retiredFiles)),
    ]
      .map((r) => r.image)
      .filter((p): p is string => Boolean(p))
      .sort();
    expect(await t.uploadedFiles()).toEqual(live);
  });
});
