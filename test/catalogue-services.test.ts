/** Services and tariffs, including `tariff/disable`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, multipart, type TestContext } from './helpers';
import { bigBlob, notAnImage, pngImage } from './images';
import { cottages, orders, premiumPlacements, services, tariffs } from '../src/server/db/schema';
import { fileExists, imageFile, PNG, place, region, retired, translation, userWith } from './fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = '/api/v1';
const status = async (id: string) => (await t.api({ method: 'GET', url: `${api}/translate/${id}` })).json().status;
const files = async (n: number) => Promise.all(Array.from({ length: n }, async (_, i) => imageFile('images', await pngImage(10 + i, 10), `s${i}.png`)));

async function newService(code: 'top' | 'recommended' = 'top', text = 'Top', imageCount = 2) {
  const name = await translation(t, text);
  const description = await translation(t, `${text} description`);
  const res = await t.api({ method: 'POST', url: `${api}/services/add`, ...multipart({ name, description, code }, await files(imageCount)) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function newTariff(serviceId: string, days: number | string = 7, price: number | string = 50000, text = 'Week') {
  const res = await t.api({
    method: 'POST',
    url: `${api}/tariff/add`,
    payload: { days, price, service_id: serviceId, type: await translation(t, text), description: await translation(t, `${text} description`) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function newCottage() {
  const r = await region(t, 'R');
  const p = await place(t, r.id, 'P');
  const [cottage] = await t.database.db.insert(cottages).values({ name: 'C', price: 1, priceWeekend: 1, regionId: r.id, placeId: p.id }).returning();
  return cottage;
}

describe('services', () => {
  it('creates with multipart images[] and code, reads serviceCode, images and translated texts', async () => {
    const s = await newService('recommended', 'Recommend', 3);
    expect(s).toMatchObject({ name: 'Recommend uz', description: 'Recommend description uz', serviceCode: 'recommended', tariffs: [] });
    expect(s.images).toHaveLength(3);
    for (const p of s.images) expect(fileExists(t, p)).toBe(true);
    const ru = await t.api({ method: 'GET', url: `${api}/services/${s.id}`, headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(ru.json()).toMatchObject({ name: 'Recommend ru', description: 'Recommend description ru' });
    expect(await status(s.nameTranslateId)).toBe('active');
    expect(await status(s.descriptionTranslateId)).toBe('active');
    const list = await t.api({ method: 'GET', url: `${api}/services?filter=${encodeURIComponent(JSON.stringify({ serviceCode: 'recommended' }))}` });
    expect(list.json().map((r: { id: string }) => r.id)).toContain(s.id);
    const bracket = await t.api({
      method: 'POST',
      url: `${api}/services/add`,
      ...multipart({ name: await translation(t, 'B'), description: await translation(t, 'Bd'), code: 'top' }, [imageFile('images[]', PNG, 'x.png')]),
    });
    expect(bracket.statusCode, bracket.body).toBe(201);
    expect(bracket.json().images).toHaveLength(1);
  });

  it('rejects bad input (400, 404, 409, 413, 415) without leaving files or claiming translations', async () => {
    const before = await t.uploadedFiles();
    const name = await translation(t, 'N');
    const description = await translation(t, 'D');
    const post = (fields: Record<string, string>, fs: { field: string; filename: string; content: Buffer }[] = []) =>
      t.api({ method: 'POST', url: `${api}/services/add`, ...multipart(fields, fs) });
    expect((await post({ name, description })).statusCode).toBe(400);
    expect((await post({ name, description, code: 'gold' })).statusCode).toBe(400);
    expect((await post({ name: 'x', description, code: 'top' })).statusCode).toBe(400);
    expect((await post({ name, description: name, code: 'top' })).statusCode).toBe(409);
    expect((await post({ name, description: '00000000-0000-4000-8000-000000000000', code: 'top' }, await files(1))).statusCode).toBe(404);
    expect((await post({ name, description, code: 'top' }, await files(11))).statusCode).toBe(400);
    const textAmong = [...(await files(2)), imageFile('images', notAnImage, 'evil.jpg')];
    expect((await post({ name, description, code: 'top' }, textAmong)).statusCode).toBe(415);
    expect((await post({ name, description, code: 'top' }, [imageFile('images', bigBlob(6 * 1024 * 1024), 'big.png')])).statusCode).toBe(413);
    const taken = await newService();
    const used = await post({ name: taken.nameTranslateId, description, code: 'top' }, await files(1));
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/^Translation is already in use/);
    expect(await t.uploadedFiles()).toEqual([...before, ...taken.images].sort());
    expect(await status(name)).toBe('inactive');
  });

  it('edits: empty fields change nothing, the same ids are fine, new images replace the old ones', async () => {
    const s = await newService('top', 'Edit me', 2);
    const same = await t.api({ method: 'PATCH', url: `${api}/services/edit/${s.id}`, ...multipart({ name: s.nameTranslateId, description: '' }) });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ nameTranslateId: s.nameTranslateId, descriptionTranslateId: s.descriptionTranslateId, images: s.images });
    const swapped = await t.api({
      method: 'PATCH',
      url: `${api}/services/edit/${s.id}`,
      ...multipart({ name: s.descriptionTranslateId, description: s.nameTranslateId }),
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json()).toMatchObject({ name: 'Edit me description uz', description: 'Edit me uz' });

    const newName = await translation(t, 'Renamed');
    const replaced = await t.api({ method: 'PATCH', url: `${api}/services/edit/${s.id}`, ...multipart({ name: newName }, await files(1)) });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ name: 'Renamed uz', serviceCode: 'top' });
    expect(replaced.json().images).toHaveLength(1);
    for (const p of s.images) expect(await retired(t, p)).toBe(true);
    expect(fileExists(t, replaced.json().images[0])).toBe(true);
    expect(await status(s.descriptionTranslateId)).toBe('inactive');

    const other = await newService();
    const steal = await t.api({ method: 'PATCH', url: `${api}/services/edit/${s.id}`, ...multipart({ name: other.nameTranslateId }, await files(1)) });
    expect(steal.statusCode).toBe(409);
    expect(fileExists(t, replaced.json().images[0])).toBe(true);
    const json = await t.api({ method: 'PATCH', url: `${api}/services/edit/${s.id}`, payload: { code: 'recommended' } });
    expect(json.json().serviceCode).toBe('recommended');
    expect((await t.api({ method: 'PATCH', url: `${api}/services/edit/nope`, payload: {} })).statusCode).toBe(404);
  });

  it('deletes a service without tariffs (files removed, translations freed); 409 with tariffs', async () => {
    const s = await newService('top', 'Bye');
    const tariff = await newTariff(s.id);
    const blocked = await t.api({ method: 'DELETE', url: `${api}/services/delete/${s.id}` });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/1 tariff/);
    expect((await t.api({ method: 'GET', url: `${api}/services/${s.id}` })).json().tariffs).toEqual([
      expect.objectContaining({ id: tariff.id, type: 'Week uz', days: 7, price: 50000, service_id: s.id }),
    ]);
    expect((await t.api({ method: 'DELETE', url: `${api}/tariff/delete/${tariff.id}` })).statusCode).toBe(200);
    const deleted = await t.api({ method: 'DELETE', url: `${api}/services/delete/${s.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: s.id, name: 'Bye uz' });
    for (const p of s.images) expect(await retired(t, p)).toBe(true);
    expect(await status(s.nameTranslateId)).toBe('inactive');
    expect(await t.database.db.select().from(services).where(eq(services.id, s.id))).toHaveLength(0);
    expect((await t.api({ method: 'DELETE', url: `${api}/services/delete/${s.id}` })).statusCode).toBe(404);
  });
});

describe('tariffs', () => {
  it('creates from numbers or digit strings, reads with service {id, name, serviceCode}', async () => {
    const s = await newService('top', 'Svc');
    const a = await newTariff(s.id, 7, 50000);
    expect(a).toMatchObject({ type: 'Week uz', description: 'Week description uz', days: 7, price: 50000, service_id: s.id, service: { id: s.id, name: 'Svc uz', serviceCode: 'top' } });
    const b = await newTariff(s.id, '30', '150000', 'Month');
    expect(b).toMatchObject({ days: 30, price: 150000 });
    const ru = await t.api({ method: 'GET', url: `${api}/tariff?sort=["price","DESC"]&filter=${encodeURIComponent(JSON.stringify({ service_id: s.id }))}`, headers: { 'accept-language': 'ru' } });
    expect(ru.json().map((r: { type: string }) => r.type)).toEqual(['Month ru', 'Week ru']);
    expect(ru.json()[0].service.name).toBe('Svc ru');
    expect(await status(a.typeTranslateId)).toBe('active');
  });

  it('rejects bad numbers, unknown services and used translations', async () => {
    const s = await newService();
    const type = await translation(t, 'T');
    const description = await translation(t, 'TD');
    const base = { days: 7, price: 100, service_id: s.id, type, description };
    for (const change of [{ days: 0 }, { days: 1.5 }, { days: 'seven' }, { price: -1 }, { price: '12abc' }, { days: null }, { type: 'x' }, { service_id: 'x' }, { price: 1e12 }]) {
      const res = await t.api({ method: 'POST', url: `${api}/tariff/add`, payload: { ...base, ...change } });
      expect(res.statusCode, JSON.stringify(change) + res.body).toBe(400);
    }
    expect((await t.api({ method: 'POST', url: `${api}/tariff/add`, payload: { ...base, service_id: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);
    expect((await t.api({ method: 'POST', url: `${api}/tariff/add`, payload: { ...base, description: type } })).statusCode).toBe(409);
    expect((await t.api({ method: 'POST', url: `${api}/tariff/add`, payload: { ...base, type: s.nameTranslateId } })).statusCode).toBe(409);
    expect(await t.database.db.select().from(tariffs).where(eq(tariffs.typeTranslateId, type))).toHaveLength(0);
  });

  it('edits days, price and description; absent fields change nothing; deletes; 409 with orders', async () => {
    const s = await newService();
    const tr = await newTariff(s.id, 7, 100);
    const edited = await t.api({ method: 'PATCH', url: `${api}/tariff/edit/${tr.id}`, payload: { days: '14', price: 200 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ days: 14, price: 200, typeTranslateId: tr.typeTranslateId, descriptionTranslateId: tr.descriptionTranslateId });
    const newDescription = await translation(t, 'Two weeks');
    const described = await t.api({ method: 'PATCH', url: `${api}/tariff/edit/${tr.id}`, payload: { description: newDescription, days: '' } });
    expect(described.json()).toMatchObject({ description: 'Two weeks uz', days: 14 });
    expect(await status(tr.descriptionTranslateId)).toBe('inactive');
    expect((await t.api({ method: 'PATCH', url: `${api}/tariff/edit/${tr.id}`, payload: { price: -5 } })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url: `${api}/tariff/edit/00000000-0000-4000-8000-000000000000`, payload: { price: 5 } })).statusCode).toBe(404);

    const cottage = await newCottage();
    await t.database.db.insert(orders).values({ cottageId: cottage.id, tariffId: tr.id });
    const blocked = await t.api({ method: 'DELETE', url: `${api}/tariff/delete/${tr.id}` });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/1 order/);
    await t.database.db.delete(orders).where(eq(orders.tariffId, tr.id));
    const deleted = await t.api({ method: 'DELETE', url: `${api}/tariff/delete/${tr.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: tr.id, days: 14 });
    expect(await status(newDescription)).toBe('inactive');
  });

  it('tariff/disable ends the active placement of that cottage bought with that tariff; 404 when none', async () => {
    const s = await newService('top');
    const tr = await newTariff(s.id);
    const cottage = await newCottage();
    const day = 24 * 3600 * 1000;
    const [active] = await t.database.db
      .insert(premiumPlacements)
      .values({ cottageId: cottage.id, serviceCode: 'top', tariffId: tr.id, expireAt: new Date(Date.now() + 7 * day) })
      .returning();
    await t.database.db.insert(premiumPlacements).values({ cottageId: cottage.id, serviceCode: 'top', tariffId: tr.id, expireAt: new Date(Date.now() - day) });

    const bad = await t.api({ method: 'DELETE', url: `${api}/tariff/disable`, payload: { cottageId: 'x', tariffId: tr.id } });
    expect(bad.statusCode).toBe(400);
    const missing = await t.api({ method: 'DELETE', url: `${api}/tariff/disable`, payload: { cottageId: cottage.id } });
    expect(missing.statusCode).toBe(400);
    const other = await t.api({ method: 'DELETE', url: `${api}/tariff/disable`, payload: { cottageId: cottage.id, tariffId: '00000000-0000-4000-8000-000000000000' } });
    expect(other.statusCode).toBe(404);

    const res = await t.api({ method: 'DELETE', url: `${api}/tariff/disable`, payload: { cottageId: cottage.id, tariffId: tr.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: active.id, cottageId: cottage.id, tariffId: tr.id, endedAt: expect.any(String) });
    const [row] = await t.database.db.select().from(premiumPlacements).where(eq(premiumPlacements.id, active.id));
    expect(row.endedAt).toBeInstanceOf(Date);
    const again = await t.api({ method: 'DELETE', url: `${api}/tariff/disable`, payload: { cottageId: cottage.id, tariffId: tr.id } });
    expect(again.statusCode).toBe(404);

    const [viaQuery] = await t.database.db
      .insert(premiumPlacements)
      .values({ cottageId: cottage.id, serviceCode: 'top', tariffId: tr.id, expireAt: new Date(Date.now() + day) })
      .returning();
    const query = await t.api({ method: 'DELETE', url: `${api}/tariff/disable?cottageId=${cottage.id}&tariffId=${tr.id}` });
    expect(query.statusCode).toBe(200);
    expect(query.json().id).toBe(viaQuery.id);
  });

  it('answers 401 and 403 (disable needs tariff.disable)', async () => {
    expect((await t.api({ method: 'GET', url: `${api}/tariff`, token: null })).statusCode).toBe(401);
    expect((await t.api({ method: 'GET', url: `${api}/services`, token: null })).statusCode).toBe(401);
    expect((await t.api({ method: 'DELETE', url: `${api}/tariff/disable`, token: null, payload: {} })).statusCode).toBe(401);
    const editor = (await userWith(t, ['tariff.list', 'tariff.edit', 'tariff.delete'])).token;
    expect((await t.api({ method: 'GET', url: `${api}/tariff`, token: editor })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `${api}/services`, token: editor })).statusCode).toBe(403);
    expect((await t.api({ method: 'POST', url: `${api}/tariff/add`, token: editor, payload: {} })).statusCode).toBe(403);
    expect((await t.api({ method: 'POST', url: `${api}/services/add`, token: editor, ...multipart({}) })).statusCode).toBe(403);
    const disable = await t.api({
      method: 'DELETE',
      url: `${api}/tariff/disable`,
      token: editor,
      payload: { cottageId: '00000000-0000-4000-8000-000000000000', tariffId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(disable.statusCode).toBe(403);
  });
});
