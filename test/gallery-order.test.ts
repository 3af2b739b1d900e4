/**
 * The gallery's order (issue #34): `PUT cottage/image/order/{cottageId}` puts every image of the cottage in a new
 * order, as the cottage's edit command (its permission, audit), and every read of the cottage lists them so: one
 * record, the list's page (built as JSON by the database) and the order's new images going last.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestContext } from './helpers';
import { catalogue, imageFile, userWith } from './fixtures';

const api = '/api/v1';
let t: TestContext;
let cottage: { id: string; images: { id: string; isMainImage: boolean }[] };

beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  const fields = { name: 'Gallery dacha', price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
  const files = [imageFile('mainImage'), imageFile('images'), imageFile('images'), imageFile('images')];
  const created = await t.api({ method: 'POST', url: `${api}/cottage/add`, ...multipart(fields, files) });
  expect(created.statusCode).toBe(201);
  cottage = created.json();
});
afterAll(() => t.close());

const order = (ids: string[], token?: string, id = cottage.id) => t.api({ method: 'PUT', url: `${api}/cottage/image/order/${id}`, payload: { ids }, token });
const readIds = async () => ((await t.api({ method: 'GET', url: `${api}/cottage/${cottage.id}` })).json().images as { id: string }[]).map((i) => i.id);
/** The list's page of this cottage (the JSON the database builds). */
const pageIds = async () => {
  const filter = encodeURIComponent(JSON.stringify({ id: [cottage.id] }));
  const [row] = (await t.api({ method: 'GET', url: `${api}/cottage?range=${encodeURIComponent('[0,9]')}&filter=${filter}` })).json();
  return (row.images as { id: string }[]).map((i) => i.id);
};

describe('the gallery order', () => {
  it('lists the main image first, then the children in the order set; a new image goes last', async () => {
    const ids = cottage.images.map((i) => i.id);
    const [main, a, b, c] = ids;
    expect(cottage.images[0].isMainImage).toBe(true);
    expect(await readIds()).toEqual(ids);

    const res = await order([main, c, a, b]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { id: string }[]).map((i) => i.id)).toEqual([main, c, a, b]);
    expect(res.json()[0]).not.toHaveProperty('position');
    expect(await readIds()).toEqual([main, c, a, b]);
    expect(await pageIds()).toEqual([main, c, a, b]);

    const added = await t.api({ method: 'POST', url: `${api}/cottage/image/add`, ...multipart({ cottageId: cottage.id }, [imageFile()]) });
    expect(added.statusCode).toBe(201);
    expect(await readIds()).toEqual([main, c, a, b, added.json().id]);
  });

  it('is audited on the cottage, before → after', async () => {
    const filter = encodeURIComponent(JSON.stringify({ resource: 'cottage', recordId: cottage.id, action: 'imageOrder' }));
    const entries = (await t.api({ method: 'GET', url: `${api}/audit?filter=${filter}` })).json() as { changes: Record<string, { before: string[]; after: string[] }> }[];
    expect(entries).toHaveLength(1);
    const [main, a, b, c] = cottage.images.map((i) => i.id);
    expect(entries[0].changes.images).toEqual({ before: [main, a, b, c], after: [main, c, a, b] });
  });

  it('refuses a list that is not every image once (400 in the reader’s language), and changes nothing', async () => {
    const now = await readIds();
    const missing = await order(now.slice(1));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.ids).toBeTruthy();
    expect((await order([...now.slice(0, -1), now[0]])).statusCode).toBe(400);
    expect((await order([...now.slice(0, -1), '3b1f0f3e-1111-4222-8333-444455556666'])).statusCode).toBe(400);
    expect((await order(['not-a-uuid'])).statusCode).toBe(400);
    const ru = await t.api({ method: 'PUT', url: `${api}/cottage/image/order/${cottage.id}`, payload: { ids: now.slice(1) }, headers: { 'accept-language': 'ru' } });
    expect(ru.json().message).toMatch(/Изображения дачи изменились/);
    expect(await readIds()).toEqual(now);
  });

  it('needs cottage.edit (401, 403) and a cottage that exists (404)', async () => {
    const now = await readIds();
    expect((await t.app.inject({ method: 'PUT', url: `${api}/cottage/image/order/${cottage.id}`, payload: { ids: now } })).statusCode).toBe(401);
    const reader = await userWith(t, ['cottage.list']);
    expect((await order(now, reader.token)).statusCode).toBe(403);
    expect((await order(now, undefined, '3b1f0f3e-1111-4222-8333-444455556666')).statusCode).toBe(404);
    expect(await readIds()).toEqual(now);
  });
});
