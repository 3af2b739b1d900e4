import { describe, expect, it } from 'vitest';
import type { ApiResponse } from './httpClient';
import { createDataProvider, type Http } from './dataProvider';
import { BULK_LIMIT } from './base';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fake http: records every call; `routes` answers by "METHOD path" (path without the query), else `{id}`. */
function fakeHttp(routes: Record<string, (call: Call) => { json?: unknown; headers?: Record<string, string> }> = {}) {
  const calls: Call[] = [];
  const http: Http = async <T,>(path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body =
      init.body instanceof FormData ? init.body : typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method, path, body };
    calls.push(call);
    const answer = routes[`${method} ${path.split('?')[0]}`]?.(call) ?? { json: { id: 'x' } };
    return { status: 200, headers: new Headers(answer.headers), json: answer.json as T } satisfies ApiResponse<T>;
  };
  return { http, calls };
}

const file = (name = 'a.png') => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
const query = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));
const formOf = (call: Call) => call.body as FormData;

describe('base: the registry mapped onto the irregular paths', () => {
  it('lists in simple-rest dialect on the registry list path and reads the total from Content-Range', async () => {
    const { http, calls } = fakeHttp({
      'GET user/all': () => ({ json: [{ id: 'u1', username: 'a' }], headers: { 'content-range': 'user 0-0/31' } }),
    });
    const dp = createDataProvider(http);
    const res = await dp.getList('user', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'username', order: 'DESC' },
      filter: { q: 'a' },
    });
    expect(res).toEqual({ data: [{ id: 'u1', username: 'a' }], total: 31 });
    expect(calls[0].path.split('?')[0]).toBe('user/all');
    expect(query(calls[0].path)).toEqual({ range: '[10,19]', sort: '["username","DESC"]', filter: '{"q":"a"}' });
  });

  it('pages, sorts and searches itself when the server answered the whole array', async () => {
    const rows = [1, 2, 3, 4].map((n) => ({ id: `r${n}`, name: `Region ${n}` }));
    const { http } = fakeHttp({ 'GET region': () => ({ json: rows }) });
    const res = await createDataProvider(http).getList('region', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'name', order: 'DESC' },
      filter: {},
    });
    expect(res.total).toBe(4);
    expect(res.data.map((r) => r.id)).toEqual(['r4', 'r3']);
  });

  it('reads one record on its own path, or from the list when the resource has none', async () => {
    const { http, calls } = fakeHttp({
      'GET order/o1': () => ({ json: { id: 'o1' } }),
      'GET models': () => ({ json: [{ id: 'g1' }, { id: 'g2' }], headers: { 'x-total-count': '2' } }),
    });
    const dp = createDataProvider(http);
    expect((await dp.getOne('order', { id: 'o1' })).data).toEqual({ id: 'o1' });
    expect((await dp.getOne('permission', { id: 'g1' })).data).toEqual({ id: 'g1' });
    expect(calls.map((c) => c.path.split('?')[0])).toEqual(['order/o1', 'models']);
    expect(query(calls[1].path).filter).toBe('{"id":["g1"]}');
  });

  it('getMany filters by ids and getManyReference by the target', async () => {
    const { http, calls } = fakeHttp({ 'GET place': () => ({ json: [], headers: { 'x-total-count': '0' } }) });
    const dp = createDataProvider(http);
    await dp.getMany('place', { ids: ['p1', 'p2'] });
    await dp.getManyReference('place', {
      target: 'regionId',
      id: 'r1',
      filter: {},
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'name', order: 'ASC' },
    });
    expect(query(calls[0].path).filter).toBe('{"id":["p1","p2"]}');
    expect(query(calls[1].path).filter).toBe('{"regionId":"r1"}');
  });

  it('creates, updates and deletes on the registry paths, sending only declared fields', async () => {
    const { http, calls } = fakeHttp({ 'POST region/add': () => ({ json: { id: 'r1', name: 'Toshkent' } }) });
    const dp = createDataProvider(http);
    const created = await dp.create('region', { data: { nameTranslateId: 't1', name: 'Toshkent', extra: 1 } });
    expect(created.data).toEqual({ id: 'r1', name: 'Toshkent' });
    const previous = { id: 'r1', name: 'Toshkent', nameTranslateId: 't1' };
    await dp.update('region', { id: 'r1', data: { ...previous, nameTranslateId: 't2' }, previousData: previous });
    await dp.delete('region', { id: 'r1', previousData: previous });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', 'region/add', { name: 't1' }],
      ['PATCH', 'region/edit/r1', { name: 't2' }],
      ['DELETE', 'region/delete/r1', undefined],
    ]);
  });

  it('sends a new image of a JSON resource to its image call, and reads the record back when nothing else changed', async () => {
    const { http, calls } = fakeHttp({
      'PATCH cottage-type/edit/image/ct1': () => ({ json: { id: 'ct1', image: 'uploads/images/new.png' } }),
      'GET region/r1': () => ({ json: { id: 'r1', name: 'Fresh' } }),
    });
    const dp = createDataProvider(http);
    const previous = { id: 'ct1', nameTranslateId: 't1', image: 'uploads/images/old.png' };
    const res = await dp.update('cottage-type', {
      id: 'ct1',
      data: { ...previous, image: { rawFile: file() } },
      previousData: previous,
    });
    expect(res.data.image).toBe('uploads/images/new.png');
    expect(formOf(calls[0]).get('image')).toBeInstanceOf(File);

    const same = { id: 'r1', nameTranslateId: 't1' };
    expect((await dp.update('region', { id: 'r1', data: same, previousData: same })).data.name).toBe('Fresh');
    expect(calls.slice(1).map((c) => `${c.method} ${c.path}`)).toEqual(['GET region/r1']);
  });

  it('sends a comfort create as one multipart call with its file', async () => {
    const { http, calls } = fakeHttp();
    await createDataProvider(http).create('comfort', { data: { nameTranslateId: 't1', image: { rawFile: file() } } });
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe('comfort/add');
    expect(formOf(calls[0]).get('name')).toBe('t1');
    expect(formOf(calls[0]).get('image')).toBeInstanceOf(File);
  });
});

describe('base: read shapes ↔ form shapes', () => {
  it('hands wrapped references to forms as id arrays and sends them back as ids', async () => {
    const user = { id: 'u1', username: 'a', roles: [{ role: { id: 'ro1', name: 'ADMIN' } }] };
    const role = { id: 'ro1', name: 'ADMIN', permissions: [{ permission: { id: 'p1', code: 'region.list', name: 'x' } }] };
    const { http, calls } = fakeHttp({
      'GET user/u1': () => ({ json: user }),
      'GET role/ro1': () => ({ json: role }),
      'PATCH user/edit/u1': () => ({ json: user }),
      'PATCH role/edit/ro1': () => ({ json: role }),
    });
    const dp = createDataProvider(http);
    const u = (await dp.getOne('user', { id: 'u1' })).data;
    expect(u.roles).toEqual(['ro1']);
    expect(u.rolesRecords).toEqual(user.roles);
    const r = (await dp.getOne('roles', { id: 'ro1' })).data;
    expect(r.permissions).toEqual(['p1']);

    await dp.update('user', { id: 'u1', data: { ...u, roles: ['ro1', 'ro2'] }, previousData: u });
    expect(formOf(calls[2]).getAll('roles')).toEqual(['ro1', 'ro2']);
    expect(formOf(calls[2]).has('rolesRecords')).toBe(false);
    // A form that still holds the objects as read sends their ids too.
    await dp.update('roles', { id: 'ro1', data: { ...r, permissions: role.permissions, name: 'B' }, previousData: r });
    expect(calls[3].body).toEqual({ name: 'B' });
    await dp.update('roles', { id: 'ro1', data: { ...r, permissions: [{ id: 'p2' }] }, previousData: r });
    expect(calls[4].body).toEqual({ permissions: ['p2'] });
  });

  it("reads a cottage's comforts and types as ids and its coordinates as a location", async () => {
    const cottage = {
      id: 'c1',
      comforts: [{ id: 'cf1', name: 'Pool' }],
      cottageType: [{ id: 'ct1', name: 'Villa' }],
      latitude: 41.3,
      longitude: 69.2,
      images: [],
    };
    const { http } = fakeHttp({ 'GET cottage/c1': () => ({ json: cottage }) });
    const c = (await createDataProvider(http).getOne('cottage', { id: 'c1' })).data;
    expect(c.comforts).toEqual(['cf1']);
    expect(c.cottageType).toEqual(['ct1']);
    expect(c.comfortsRecords).toEqual(cottage.comforts);
    expect(c.location).toEqual({ latitude: 41.3, longitude: 69.2 });
  });

  it('encodes a location in a multipart create as JSON, never "[object Object]"', async () => {
    const { http, calls } = fakeHttp();
    await createDataProvider(http).create('cottage', {
      data: {
        name: 'Dacha',
        price: 10,
        priceWeekend: 12,
        regionId: 'r1',
        placeId: 'p1',
        comforts: ['cf1', 'cf2'],
        location: { latitude: 41.3, longitude: 69.2 },
        mainImage: { rawFile: file('main.png') },
        images: [{ rawFile: file('b.png') }, { rawFile: file('c.png') }],
      },
    });
    const form = formOf(calls[0]);
    expect(calls[0].path).toBe('cottage/add');
    expect(JSON.parse(form.get('location') as string)).toEqual({ latitude: 41.3, longitude: 69.2 });
    expect(form.getAll('comforts')).toEqual(['cf1', 'cf2']);
    expect((form.get('mainImage') as File).name).toBe('main.png');
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['b.png', 'c.png']);
    for (const [, value] of form.entries()) expect(String(value)).not.toContain('[object Object]');
  });

  it("declares a translation's definition, so a generic create sends it and a read gives it back by language", async () => {
    const read = {
      id: 't1',
      code: 'pool',
      definition: [
        { value: 'Hovuz', language: { id: 'l1', code: 'uz' } },
        { value: 'Pool', language: { id: 'l3', code: 'en' } },
      ],
    };
    const { http, calls } = fakeHttp({ 'GET translate/t1': () => ({ json: read }) });
    const dp = createDataProvider(http);
    await dp.create('translate', { data: { code: 'pool', type: 'content', definition: { uz: 'Hovuz', en: 'Pool' } } });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: 'translate',
      body: { code: 'pool', type: 'content', definition: { uz: 'Hovuz', en: 'Pool' } },
    });
    expect((await dp.getOne('translate', { id: 't1' })).data.definition).toEqual({ uz: 'Hovuz', en: 'Pool' });
  });
});

describe('base: bulk calls', () => {
  it("updateMany and deleteMany make one call to the registry's bulk paths", async () => {
    const { http, calls } = fakeHttp();
    const dp = createDataProvider(http);
    expect(await dp.updateMany('cottage', { ids: ['a', 'b'], data: { cottageStatus: 'confirmed', junk: 1 } })).toEqual({
      data: ['a', 'b'],
    });
    expect(await dp.deleteMany('region', { ids: ['r1', 'r2', 'r3'] })).toEqual({ data: ['r1', 'r2', 'r3'] });
    expect(calls).toEqual([
      { method: 'PATCH', path: 'cottage/bulk/edit', body: { ids: ['a', 'b'], data: { cottageStatus: 'confirmed' } } },
      { method: 'POST', path: 'region/bulk/delete', body: { ids: ['r1', 'r2', 'r3'] } },
    ]);
  });

  it('throws a clear error, and sends nothing, when the resource has no bulk call or too many ids', async () => {
    const { http, calls } = fakeHttp();
    const dp = createDataProvider(http);
    await expect(dp.updateMany('region', { ids: ['r1'], data: { name: 't' } })).rejects.toThrow(
      'The region resource has no bulk edit call',
    );
    await expect(dp.deleteMany('permission', { ids: ['p1'] })).rejects.toThrow(
      'The permission resource has no bulk delete call',
    );
    const ids = Array.from({ length: BULK_LIMIT + 1 }, (_, i) => `id${i}`);
    await expect(dp.deleteMany('region', { ids })).rejects.toThrow(`At most ${BULK_LIMIT} records`);
    expect(calls).toEqual([]);
  });
});

describe('lifecycle: per-resource side effects', () => {
  const cottage = {
    id: 'c1',
    name: 'Dacha',
    mainImage: 'uploads/images/main.jpg',
    images: [
      { id: 'i0', image: 'uploads/images/main.jpg', isMainImage: true },
      { id: 'i1', image: 'uploads/images/1.jpg', isMainImage: false },
      { id: 'i2', image: 'uploads/images/2.jpg', isMainImage: false },
    ],
  };

  it("a cottage edit deletes dropped image rows, adds new files, sends the cropped main image, then the fields", async () => {
    const { http, calls } = fakeHttp({ 'PATCH cottage/edit/image/c1': () => ({ json: { id: 'c1', images: ['fresh'] } }) });
    const cropped = new Blob([new Uint8Array([9])], { type: 'image/jpeg' });
    const res = await createDataProvider(http).update('cottage', {
      id: 'c1',
      data: { ...cottage, name: 'Dacha 2', mainImage: cropped, images: [cottage.images[0], cottage.images[2], { rawFile: file('n.png') }] },
      previousData: cottage,
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE cottage/image/delete/i1',
      'POST cottage/image/add',
      'PATCH cottage/edit/c1',
      'PATCH cottage/edit/image/c1',
    ]);
    const added = formOf(calls[1]);
    expect([added.get('cottageId'), added.get('isMainImage'), (added.get('image') as File).name]).toEqual([
      'c1',
      'false',
      'n.png',
    ]);
    expect(calls[2].body).toEqual({ name: 'Dacha 2' });
    const main = formOf(calls[3]).get('image') as File;
    expect([main.name, main.type]).toEqual(['cropped-image.jpg', 'image/jpeg']);
    expect(res.data.images).toEqual(['fresh']);
  });

  it('a cottage edit that keeps its images makes no image call', async () => {
    const { http, calls } = fakeHttp({ 'GET cottage/c1': () => ({ json: cottage }) });
    await createDataProvider(http).update('cottage', { id: 'c1', data: { ...cottage }, previousData: cottage });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET cottage/c1']);
  });

  it("a service edit with a new image sends the kept stored ones again, in the form's order", async () => {
    const service = { id: 's1', nameTranslateId: 't1', images: ['uploads/images/a.jpg', 'uploads/images/b.jpg'] };
    const read: string[] = [];
    const readStored = async (path: string) => {
      read.push(path);
      return file(path.split('/').pop());
    };
    const { http, calls } = fakeHttp();
    const dp = createDataProvider(http, readStored);
    await dp.update('services', {
      id: 's1',
      data: { ...service, images: [{ rawFile: file('new.png') }, 'uploads/images/b.jpg'] },
      previousData: service,
    });
    expect(read).toEqual(['uploads/images/b.jpg']);
    expect(calls[0].path).toBe('services/edit/s1');
    expect(formOf(calls[0]).getAll('images').map((f) => (f as File).name)).toEqual(['new.png', 'b.jpg']);

    // Unchanged images: none travel, the stored ones stay.
    await dp.update('services', { id: 's1', data: { ...service, nameTranslateId: 't2' }, previousData: service });
    expect(formOf(calls[1]).get('name')).toBe('t2');
    expect(formOf(calls[1]).has('images')).toBe(false);

    await expect(dp.update('services', { id: 's1', data: { ...service, images: [] }, previousData: service })).rejects.toThrow(
      'at least one image',
    );
  });
});

describe('extras: the calls beyond CRUD', () => {
  it('use the registry paths', async () => {
    const { http, calls } = fakeHttp({ 'GET models': () => ({ json: [{ id: 'g1' }] }), 'GET user/me': () => ({ json: { id: 'me' } }) });
    const dp = createDataProvider(http);
    expect(await dp.permissionGroups()).toEqual([{ id: 'g1' }]);
    expect(await dp.me()).toEqual({ id: 'me' });
    await dp.activateOrder('o1');
    await dp.moderateCottage('c1', 'confirmed');
    await dp.addPremium('c1', { expireDays: 7, serviceCode: 'top' });
    await dp.endPremium('pl1');
    await dp.addCottageImage('c1', file(), true);
    await dp.editCottageImage('i1', { isMainImage: true });
    await dp.deleteCottageImage('i1');
    await dp.updateImage('comfort', 'cf1', file());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET models',
      'GET user/me',
      'POST order/activate/o1',
      'PATCH cottage/edit/c1',
      'POST cottage/add/premium/c1',
      'DELETE cottage/delete/premium/pl1',
      'POST cottage/image/add',
      'PATCH cottage/image/edit/i1',
      'DELETE cottage/image/delete/i1',
      'PATCH comfort/edit/image/cf1',
    ]);
    expect(calls[3].body).toEqual({ cottageStatus: 'confirmed' });
    expect(calls[4].body).toEqual({ expireDays: 7, serviceCode: 'top' });
    expect(formOf(calls[6]).get('isMainImage')).toBe('true');
    expect(formOf(calls[7]).get('isMainImage')).toBe('true');
    expect(formOf(calls[7]).has('image')).toBe(false);
  });
});
