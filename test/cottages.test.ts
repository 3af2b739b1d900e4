import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/sql';
import { signalsSettled } from '../src/server/routes/cottage-signals';
import { createTestApp, multipart, type TestContext } from './helpers';
import { bigBlob, notAnImage } from './images';
import { catalogue, imageFile, retired, userWith } from './fixtures';
import { cottageComforts, cottageImages, cottages } from '../src/server/db/schema';

let t: TestContext;
let c: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  t = await createTestApp();
  c = await catalogue(t);
});
afterAll(() => t.close());

function cottageForm(overrides: Record<string, string | number | string[] | undefined> = {}, files = [imageFile('mainImage'), imageFile('images'), imageFile('images')]) {
  return multipart(
    {
      name: 'Chorvoq dacha',
      description: 'By the lake',
      price: 1200000,
      priceWeekend: 1500000,
      regionId: c.region.id,
      placeId: c.place.id,
      'comforts[]': c.comforts.map((x) => x.id),
      'cottageType[]': c.types.map((x) => x.id),
      latitude: 41.6262,
      longitude: 70.0133,
      ...overrides,
    },
    files,
  );
}

async function create(overrides = {}, files?: ReturnType<typeof imageFile>[], token?: string) {
  const form = cottageForm(overrides, files);
  return t.api({ method: 'POST', url: '/api/v1/cottage/add', ...form, token });
}

describe('POST /cottage/add', () => {
  it('creates a cottage with its images, types, comforts and coordinates (201, full record)', async () => {
    const before = await t.uploadedFiles();
    const res = await create();
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Chorvoq dacha',
      description: 'By the lake',
      price: 1200000,
      priceWeekend: 1500000,
      latitude: 41.6262,
      longitude: 70.0133,
      cottageStatus: 'progress',
      status: 'active',
      regionId: c.region.id,
      region: { id: c.region.id, name: 'Toshkent viloyati uz' },
      placeId: c.place.id,
      place: { id: c.place.id, name: 'Chorvoq uz', regionId: c.region.id },
      premiumCottages: [],
    });
    expect(body.images).toHaveLength(3);
    expect(body.images.filter((i: { isMainImage: boolean }) => i.isMainImage)).toHaveLength(1);
    expect(body.mainImage).toBe(body.images.find((i: { isMainImage: boolean }) => i.isMainImage).image);
    expect(body.comforts.map((x: { id: string }) => x.id).sort()).toEqual(c.comforts.map((x) => x.id).sort());
    expect(body.cottageType.map((x: { id: string }) => x.id)).toEqual(c.types.map((x) => x.id));
    expect(body.cottageType[1]).toMatchObject({ name: 'Mosque uz', hidePrice: true });
    const after = await t.uploadedFiles();
    expect(after.length - before.length).toBe(3);
    for (const image of body.images) expect(after).toContain(image.image);

    const ru = await t.api({ method: 'GET', url: `/api/v1/cottage/${body.id}`, headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(ru.statusCode).toBe(200);
    expect(ru.json()).toMatchObject({ region: { name: 'Toshkent viloyati ru' }, place: { name: 'Chorvoq ru' }, latitude: 41.6262, longitude: 70.0133 });
    expect(ru.json().comforts.map((x: { name: string }) => x.name).sort()).toEqual(['Pool ru', 'Sauna ru', 'Wi-Fi ru']);
  });

  it('accepts a main image alone, a single comfort as a plain field and no coordinates', async () => {
    const res = await create({ 'comforts[]': undefined, 'cottageType[]': undefined, comforts: c.comforts[0].id, latitude: '', longitude: undefined }, [imageFile('mainImage')]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ latitude: null, longitude: null, cottageType: [] });
    expect(res.json().comforts).toHaveLength(1);
    expect(res.json().images).toHaveLength(1);
    expect(res.json().images[0].isMainImage).toBe(true);
  });

  it('rejects bad input with 4xx and leaves no file behind', async () => {
    const before = await t.uploadedFiles();
    const noMain = await create({}, [imageFile('images')]);
    expect(noMain.statusCode).toBe(400);
    expect(noMain.json().fields.mainImage).toBeTruthy();

    const wrongPlace = await create({ placeId: c.otherPlace.id });
    expect(wrongPlace.statusCode).toBe(400);
    expect(wrongPlace.json().message).toMatch(/does not belong/);

    const unknownComfort = await create({ 'comforts[]': ['7b0c6f9e-3a2d-4f1e-9c8b-1a2b3c4d5e6f'] });
    expect(unknownComfort.statusCode).toBe(404);

    const badFields = await create({ price: 'cheap', regionId: 'nope', name: '' });
    expect(badFields.statusCode).toBe(400);
    expect(Object.keys(badFields.json().fields)).toEqual(expect.arrayContaining(['price', 'regionId', 'name']));

    const badLatitude = await create({ latitude: 123 });
    expect(badLatitude.statusCode).toBe(400);

    const fake = await create({}, [imageFile('mainImage'), imageFile('images', notAnImage, 'x.png')]);
    expect(fake.statusCode).toBe(415);

    const big = await create({}, [imageFile('mainImage'), imageFile('images', bigBlob(6 * 1024 * 1024), 'big.png')]);
    expect(big.statusCode).toBe(413);

    const strayField = await create({}, [imageFile('mainImage'), imageFile('avatar')]);
    expect(strayField.statusCode).toBe(400);

    expect(await t.uploadedFiles()).toEqual(before);
  });

  it('needs cottage.create (403) and a token (401); setting a moderation status needs cottage.moderate', async () => {
    expect((await create({}, undefined, '')).statusCode).toBe(401);
    const reader = await userWith(t, ['cottage.list']);
    expect((await create({}, undefined, reader.token)).statusCode).toBe(403);
    const creator = await userWith(t, ['cottage.create', 'cottage.show']);
    expect((await create({ cottageStatus: 'confirmed' }, undefined, creator.token)).statusCode).toBe(403);
    const ok = await create({}, undefined, creator.token);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().userId).toBe(creator.id);
    const moderated = await create({ cottageStatus: 'confirmed' });
    expect(moderated.json().cottageStatus).toBe('confirmed');
  });
});

describe('GET /cottage', () => {
  let cheap: string;
  let dear: string;
  beforeAll(async () => {
    cheap = (await create({ name: 'Cheap hut', price: 100, priceWeekend: 150, 'comforts[]': [c.comforts[0].id], 'cottageType[]': [c.types[0].id] })).json().id;
    dear = (
      await create({
        name: 'Dear villa',
        description: 'with a sauna',
        price: 9000,
        priceWeekend: 9900,
        regionId: c.otherRegion.id,
        placeId: c.otherPlace.id,
        'comforts[]': [c.comforts[2].id],
        'cottageType[]': [c.types[1].id],
      })
    ).json().id;
    await t.database.db.update(cottages).set({ cottageStatus: 'rejected', status: 'inactive' }).where(eq(cottages.id, dear));
  });

  const list = async (query: Record<string, unknown>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const res = await t.api({ method: 'GET', url: `/api/v1/cottage?${qs}` });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const ids = (res: { json(): { id: string }[] }) => res.json().map((x) => x.id);

  it('returns a bare array, newest first, with paging headers when a range is given', async () => {
    const all = await list({});
    expect(Array.isArray(all.json())).toBe(true);
    expect(ids(all)[0]).toBe(dear);
    const page = await list({ range: [0, 1], sort: ['price', 'ASC'] });
    expect(page.json()).toHaveLength(2);
    expect(page.headers['content-range']).toMatch(/^cottage 0-1\/\d+$/);
    expect(Number(page.headers['x-total-count'])).toBe(all.json().length);
    expect(ids(page)[0]).toBe(cheap);
  });

  it('filters by statuses, region, place, type, comfort, price range and q', async () => {
    expect(ids(await list({ filter: { cottageStatus: 'rejected' } }))).toEqual([dear]);
    expect(ids(await list({ filter: { status: 'inactive' } }))).toEqual([dear]);
    expect(ids(await list({ filter: { regionId: c.otherRegion.id } }))).toEqual([dear]);
    expect(ids(await list({ filter: { placeId: c.otherPlace.id } }))).toEqual([dear]);
    expect(ids(await list({ filter: { cottageType: c.types[1].id, cottageStatus: 'rejected' } }))).toEqual([dear]);
    expect(ids(await list({ filter: { comfort: [c.comforts[2].id], q: 'villa' } }))).toEqual([dear]);
    expect(ids(await list({ filter: { price_gte: 50, price_lte: 150 } }))).toEqual([cheap]);
    expect(ids(await list({ filter: { q: 'SAUNA' } }))).toEqual([dear]);
    const byComfort = ids(await list({ filter: { comfort: c.comforts[0].id } }));
    expect(byComfort).toContain(cheap);
    expect(byComfort).not.toContain(dear);
  });

  it('understands the original query parameters', async () => {
    expect(ids(await list({ minPrice: '50', maxPrice: '150' }))).toEqual([cheap]);
    expect(ids(await list({ cottageStatus: 'rejected', sortField: 'price', sortOrder: 'desc' }))).toEqual([dear]);
    expect(ids(await list({ cottageTypes: `${c.types[1].id}`, status: 'inactive' }))).toEqual([dear]);
  });

  it('sorts by translated region name', async () => {
    const res = await list({ sort: ['region', 'DESC'], filter: { id: [cheap, dear] } });
    expect(ids(res)).toEqual([cheap, dear]);
  });

  it('answers 400 for bad filters, never 500', async () => {
    for (const query of [
      { filter: { price_gte: 'abc' } },
      { filter: { cottageType: 'not-an-id' } },
      { filter: { nonsense: 1 } },
      { filter: '{bad json' },
      { sort: ['password', 'ASC'] },
      { sortField: 'price', sortOrder: 'sideways' },
    ]) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      const res = await t.api({ method: 'GET', url: `/api/v1/cottage?${qs}` });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    const badRegion = await t.api({ method: 'GET', url: `/api/v1/cottage?filter=${encodeURIComponent('{"regionId":"x"}')}` });
    expect(badRegion.statusCode).toBe(400);
  });

  it('needs cottage.list and answers 404 for an unknown cottage', async () => {
    const { token } = await userWith(t, ['stats.view']);
    expect((await t.api({ method: 'GET', url: '/api/v1/cottage', token })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: '/api/v1/cottage', token: null })).statusCode).toBe(401);
    expect((await t.api({ method: 'GET', url: '/api/v1/cottage/3b1f0f3e-1111-4222-8333-444455556666' })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: '/api/v1/cottage/zzz' })).statusCode).toBe(404);
  });
});

describe('PATCH /cottage/edit/:id', () => {
  let original: Record<string, unknown> & { id: string };
  beforeAll(async () => {
    original = (await create({ name: 'Edit me' })).json();
  });
  const edit = (payload: unknown, token?: string, id = original.id) => t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, payload: payload as object, token });

  it('changes only the price when only the price is sent', async () => {
    const res = await edit({ price: 777 });
    expect(res.statusCode).toBe(200);
    // The risk and signal kinds are recomputed after each write (the owner's burst of cottages here), not edited.
    const { updatedAt: _a, price: _p, risk: _r, signalKinds: _k, ...rest } = res.json();
    const { updatedAt: _b, price: _q, risk: _s, signalKinds: _l, ...before } = original;
    expect(res.json().price).toBe(777);
    expect(rest).toEqual(JSON.parse(JSON.stringify(before)));
  });

  it('writes the cottage row once per edit, its version moved with the change (16 indexes are written per row version)', async () => {
    const before = (await t.api({ method: 'GET', url: `/api/v1/cottage/${original.id}` })).json();
    await signalsSettled(t.app.db);
    // Counts the row's versions written by the edit's own transaction: a trigger of this test's database only.
    const run = (statement: string) => t.database.db.execute(sql.raw(statement));
    await run('create table row_writes (n int)');
    await run('create function count_row_write() returns trigger language plpgsql as $$ begin insert into row_writes values (1); return null; end $$');
    await run(`create trigger count_row_write after update on cottage for each row when (new.id = '${original.id}') execute function count_row_write()`);
    try {
      const res = await edit({ price: 778, version: before.updatedAt });
      expect(res.statusCode, res.body).toBe(200);
      expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
      const [{ n }] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from row_writes`));
      expect(n).toBe(1);
    } finally {
      await signalsSettled(t.app.db);
      for (const statement of ['drop trigger count_row_write on cottage', 'drop function count_row_write()', 'drop table row_writes']) await run(statement);
    }
  });

  it('treats empty values as absent and accepts the misspelt lattitude', async () => {
    const res = await edit({ name: '', description: null, comforts: [], cottageType: [], lattitude: 40.1, latitude: '', longitude: '' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Edit me', description: 'By the lake', latitude: 40.1, longitude: 70.0133 });
    expect(body.comforts).toHaveLength(3);
    expect(body.cottageType).toHaveLength(2);
  });

  it('reads a form-encoded edit like a JSON one', async () => {
    const res = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${original.id}`, ...multipart({ priceWeekend: 999 }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().priceWeekend).toBe(999);
    const bad = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${original.id}`, ...multipart({ priceWeekend: 'lots' }) });
    expect(bad.statusCode).toBe(400);
  });

  it('accepts the registry\'s location object', async () => {
    const res = await edit({ location: { latitude: 41.5, longitude: 70.1 } });
    expect(res.json()).toMatchObject({ latitude: 41.5, longitude: 70.1 });
    expect((await edit({ location: { latitude: 200 } })).statusCode).toBe(400);
    const made = await create({ latitude: undefined, longitude: undefined, location: JSON.stringify({ latitude: 40.5, longitude: 68.9 }) });
    expect(made.json()).toMatchObject({ latitude: 40.5, longitude: 68.9 });
  });

  it('replaces links when lists are sent and moves the cottage to another region and place', async () => {
    const res = await edit({ comforts: [c.comforts[1].id], cottageType: [c.types[1].id], regionId: c.otherRegion.id, placeId: c.otherPlace.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().comforts.map((x: { id: string }) => x.id)).toEqual([c.comforts[1].id]);
    expect(res.json().cottageType.map((x: { id: string }) => x.id)).toEqual([c.types[1].id]);
    expect(res.json()).toMatchObject({ regionId: c.otherRegion.id, placeId: c.otherPlace.id });
    const links = await t.database.db.select().from(cottageComforts).where(eq(cottageComforts.cottageId, original.id));
    expect(links).toHaveLength(1);
  });

  it('rejects a place outside the region, unknown links and bad values', async () => {
    expect((await edit({ placeId: c.place.id })).statusCode).toBe(400);
    expect((await edit({ regionId: c.region.id })).statusCode).toBe(400);
    expect((await edit({ comforts: ['7b0c6f9e-3a2d-4f1e-9c8b-1a2b3c4d5e6f'] })).statusCode).toBe(404);
    expect((await edit({ price: -5 })).statusCode).toBe(400);
    expect((await edit({ cottageStatus: 'approved' })).statusCode).toBe(400);
    expect((await edit({ comforts: 'oops' })).statusCode).toBe(400);
    const malformed = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${original.id}`, headers: { 'content-type': 'application/json' }, payload: '{"price":' });
    expect(malformed.statusCode).toBe(400);
    expect((await edit({ price: 5 }, undefined, '3b1f0f3e-1111-4222-8333-444455556666')).statusCode).toBe(404);
  });

  it('needs cottage.moderate to change cottageStatus', async () => {
    const editor = await userWith(t, ['cottage.edit']);
    const denied = await edit({ cottageStatus: 'confirmed' }, editor.token);
    expect(denied.statusCode).toBe(403);
    expect((await edit({ price: 800 }, editor.token)).statusCode).toBe(200);
    const moderator = await userWith(t, ['cottage.edit', 'cottage.moderate']);
    const res = await edit({ cottageStatus: 'confirmed', status: 'inactive' }, moderator.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cottageStatus: 'confirmed', status: 'inactive', price: 800 });
    expect((await edit({ price: 1 }, (await userWith(t, ['cottage.list'])).token)).statusCode).toBe(403);
  });
});

describe('cottage images', () => {
  let cottage: { id: string; images: { id: string; image: string; isMainImage: boolean }[] };
  beforeAll(async () => {
    cottage = (await create({ name: 'Pictures' })).json();
  });
  const mainOf = async () => (await t.database.db.select().from(cottageImages).where(eq(cottageImages.cottageId, cottage.id))).filter((i) => i.isMainImage);

  it('adds an image (201) and making it main demotes the other', async () => {
    const form = multipart({ cottageId: cottage.id, isMainImage: 'true' }, [imageFile('image')]);
    const res = await t.api({ method: 'POST', url: '/api/v1/cottage/image/add', ...form });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ cottageId: cottage.id, isMainImage: true, status: 'active' });
    expect(await t.uploadedFiles()).toContain(res.json().image);
    const mains = await mainOf();
    expect(mains.map((m) => m.id)).toEqual([res.json().id]);
    const plain = await t.api({ method: 'POST', url: '/api/v1/cottage/image/add', ...multipart({ cottageId: cottage.id, isMainImage: 'false' }, [imageFile('image')]) });
    expect(plain.json().isMainImage).toBe(false);
    const read = (await t.api({ method: 'GET', url: `/api/v1/cottage/${cottage.id}` })).json();
    expect(read.mainImage).toBe(res.json().image);
    expect(read.images).toHaveLength(5);
  });

  it('edits an image: replaces the file, sets status, can become main', async () => {
    const target = cottage.images.find((i) => !i.isMainImage)!;
    const form = multipart({ status: 'inactive', isMainImage: 'true' }, [imageFile('image')]);
    const res = await t.api({ method: 'PATCH', url: `/api/v1/cottage/image/edit/${target.id}`, ...form });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, status: 'inactive', isMainImage: true });
    const files = await t.uploadedFiles();
    expect(files).toContain(res.json().image);
    expect(files).not.toContain(target.image);
    expect((await mainOf()).map((m) => m.id)).toEqual([target.id]);
    const demote = await t.api({ method: 'PATCH', url: `/api/v1/cottage/image/edit/${target.id}`, ...multipart({ isMainImage: 'false' }) });
    expect(demote.statusCode).toBe(400);
  });

  it('deleting the main image promotes another and removes the file', async () => {
    const [main] = await mainOf();
    const res = await t.api({ method: 'DELETE', url: `/api/v1/cottage/image/delete/${main.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(main.id);
    expect(await t.uploadedFiles()).not.toContain(main.image);
    const mains = await mainOf();
    expect(mains).toHaveLength(1);
    expect(mains[0].status).toBe('active');
  });

  it('replaces the main image through cottage/edit/image/:id', async () => {
    const [main] = await mainOf();
    const res = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/image/${cottage.id}`, ...multipart({}, [imageFile('image')]) });
    expect(res.statusCode).toBe(200);
    expect(res.json().mainImage).not.toBe(main.image);
    expect(await retired(t, main.image)).toBe(true);
  });

  it('answers 4xx for bad image calls', async () => {
    const noFile = await t.api({ method: 'POST', url: '/api/v1/cottage/image/add', ...multipart({ cottageId: cottage.id }) });
    expect(noFile.statusCode).toBe(400);
    const unknown = await t.api({ method: 'POST', url: '/api/v1/cottage/image/add', ...multipart({ cottageId: '3b1f0f3e-1111-4222-8333-444455556666' }, [imageFile('image')]) });
    expect(unknown.statusCode).toBe(404);
    const badId = await t.api({ method: 'POST', url: '/api/v1/cottage/image/add', ...multipart({ cottageId: 'x' }, [imageFile('image')]) });
    expect(badId.statusCode).toBe(400);
    const fake = await t.api({ method: 'POST', url: '/api/v1/cottage/image/add', ...multipart({ cottageId: cottage.id }, [imageFile('image', notAnImage)]) });
    expect(fake.statusCode).toBe(415);
    expect((await t.api({ method: 'DELETE', url: '/api/v1/cottage/image/delete/3b1f0f3e-1111-4222-8333-444455556666' })).statusCode).toBe(404);
    expect((await t.api({ method: 'PATCH', url: '/api/v1/cottage/image/edit/nope', ...multipart({ status: 'active' }) })).statusCode).toBe(404);
    const reader = await userWith(t, ['cottage.list']);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/cottage/image/delete/${cottage.images[0].id}`, token: reader.token })).statusCode).toBe(403);
  });
});

describe('DELETE /cottage/delete/:id', () => {
  it('deletes the cottage, its rows and its files', async () => {
    const made = (await create({ name: 'Doomed' })).json();
    const reader = await userWith(t, ['cottage.list']);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/cottage/delete/${made.id}`, token: reader.token })).statusCode).toBe(403);
    const res = await t.api({ method: 'DELETE', url: `/api/v1/cottage/delete/${made.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(made.id);
    // Kept (retired) for DELETED_FILES_DAYS, so a revert can bring them back.
    for (const image of made.images) expect(await retired(t, image.image)).toBe(true);
    expect(await t.database.db.select().from(cottageImages).where(eq(cottageImages.cottageId, made.id))).toHaveLength(0);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/cottage/delete/${made.id}` })).statusCode).toBe(404);
  });
});
