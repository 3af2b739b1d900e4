/**
 * Optimistic concurrency (DESIGN §8 "Concurrent edits"): GET one gives the version as an ETag; a write that names an
 * older version (`If-Match` or body `version`) answers 409 with the current record and writes nothing; one that names
 * the current version, or none, goes through; of two parallel edits from one version exactly one wins and nothing of
 * the winner is lost. For a catalogue resource (region), cottages (edit, moderation, image), orders and a bulk edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, multipart, type TestContext } from './helpers';
import { catalogue, imageFile, region, service, tariff, translation } from './fixtures';
import { cottages, languages, orders, regions } from '../src/server/db/schema';
import { signalsSettled } from '../src/server/routes/cottage-signals';

let t: TestContext;
let base: { price: number; priceWeekend: number; regionId: string; placeId: string };
let tariffId: string;

async function cottage(name: string) {
  const [row] = await t.database.db.insert(cottages).values({ ...base, name, cottageStatus: 'progress' }).returning({ id: cottages.id });
  return row.id;
}
async function order() {
  const id = await cottage(`Ordered ${Math.random()}`);
  const [row] = await t.database.db.insert(orders).values({ cottageId: id, tariffId }).returning({ id: orders.id });
  return row.id;
}
/** The stored row, once the signals an earlier write owes are stored (they follow its answer and set risk). */
const storedCottage = async (id: string) => {
  await signalsSettled(t.app.db);
  return (await t.database.db.select().from(cottages).where(eq(cottages.id, id)))[0];
};
const storedRegion = async (id: string) => (await t.database.db.select().from(regions).where(eq(regions.id, id)))[0];
const storedOrder = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

async function getOne(path: string) {
  const res = await t.api({ method: 'GET', url: `/api/v1/${path}` });
  expect(res.statusCode).toBe(200);
  return { etag: String(res.headers.etag), record: res.json() as Record<string, unknown> & { updatedAt: string } };
}

beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  base = { price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
  const s = await service(t);
  tariffId = (await tariff(t, s.id)).id;
});
afterAll(() => t.close());

describe('GET one', () => {
  it('gives the version as a weak ETag and as updatedAt', async () => {
    const r = await region(t);
    const { etag, record } = await getOne(`region/${r.id}`);
    expect(etag).toMatch(/^W\/"\d+"$/);
    expect(etag).toBe(`W/"${new Date(record.updatedAt).getTime()}"`);
    const id = await cottage('Tagged');
    const got = await getOne(`cottage/${id}`);
    expect(got.etag).toBe(`W/"${new Date(got.record.updatedAt).getTime()}"`);
  });
});

describe('region edit', () => {
  it('a stale If-Match answers 409 with the current record and writes nothing', async () => {
    const r = await region(t);
    const { etag: stale } = await getOne(`region/${r.id}`);
    const first = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, headers: { 'if-match': stale }, payload: { name: await translation(t, 'First') } });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).not.toBe(stale);
    const before = await storedRegion(r.id);
    const late = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, headers: { 'if-match': stale }, payload: { name: await translation(t, 'Late') } });
    expect(late.statusCode).toBe(409);
    const body = late.json();
    expect(body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(body.message).toMatch(/changed/);
    expect(body.current).toMatchObject({ id: r.id, name: 'First uz', nameTranslateId: before.nameTranslateId, updatedAt: before.updatedAt.toISOString() });
    expect(await storedRegion(r.id)).toEqual(before);
  });

  it('the current version (ETag, updatedAt or body version) goes through and moves the version on', async () => {
    const r = await region(t);
    const { etag, record } = await getOne(`region/${r.id}`);
    const a = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, headers: { 'if-match': etag }, payload: { name: await translation(t, 'A') } });
    expect(a.statusCode).toBe(200);
    expect(new Date(a.json().updatedAt).getTime()).toBeGreaterThan(new Date(record.updatedAt).getTime());
    const b = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, headers: { 'if-match': a.json().updatedAt }, payload: { name: await translation(t, 'B') } });
    expect(b.statusCode).toBe(200);
    const c = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, payload: { name: await translation(t, 'C'), version: b.json().updatedAt } });
    expect(c.statusCode).toBe(200);
    expect(c.json().name).toBe('C uz');
    const stale = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, payload: { name: await translation(t, 'D'), version: b.json().updatedAt } });
    expect(stale.statusCode).toBe(409);
  });

  it('no version behaves as before (last write wins), and a garbage If-Match is a 400', async () => {
    const r = await region(t);
    const { record } = await getOne(`region/${r.id}`);
    const res = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, payload: { name: await translation(t, 'Plain') } });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Plain uz');
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThan(new Date(record.updatedAt).getTime());
    const star = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, headers: { 'if-match': '*' }, payload: { name: await translation(t, 'Star') } });
    expect(star.statusCode).toBe(200);
    const bad = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, headers: { 'if-match': 'yesterday-ish' }, payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('an edit that changes nothing keeps the version', async () => {
    const r = await region(t);
    const { etag } = await getOne(`region/${r.id}`);
    const res = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, headers: { 'if-match': etag }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(etag);
  });

  it('two parallel edits from one version: one 200, one 409, the stored record is the winner', async () => {
    const r = await region(t);
    const { etag } = await getOne(`region/${r.id}`);
    const names = [await translation(t, 'Left'), await translation(t, 'Right')];
    const results = await Promise.all(
      names.map((name) => t.api({ method: 'PATCH', url: `/api/v1/region/edit/${r.id}`, headers: { 'if-match': etag }, payload: { name } })),
    );
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((x) => x.statusCode === 200)!.json();
    const loser = results.find((x) => x.statusCode === 409)!.json();
    expect(loser.current).toEqual(winner);
    expect((await storedRegion(r.id)).nameTranslateId).toBe(winner.nameTranslateId);
  });
});

describe('cottage edit, moderation and image', () => {
  it('two parallel edits from one version: one wins and is kept whole', async () => {
    const id = await cottage('Race');
    const { etag } = await getOne(`cottage/${id}`);
    const bodies = [
      { name: 'Left hut', price: 111 },
      { name: 'Right hut', price: 222 },
    ];
    const results = await Promise.all(bodies.map((payload) => t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, headers: { 'if-match': etag }, payload })));
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    const won = bodies[results.findIndex((x) => x.statusCode === 200)];
    const stored = await storedCottage(id);
    expect({ name: stored.name, price: stored.price }).toEqual(won);
    const conflict = results.find((x) => x.statusCode === 409)!.json();
    expect(conflict.current).toMatchObject({ id, ...won, updatedAt: stored.updatedAt.toISOString() });
  });

  it('a stale version is refused for the body field too, and nothing is written', async () => {
    const id = await cottage('Stale');
    const { record } = await getOne(`cottage/${id}`);
    expect((await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, payload: { price: 300, version: record.updatedAt } })).statusCode).toBe(200);
    const before = await storedCottage(id);
    const res = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, payload: { price: 400, version: record.updatedAt } });
    expect(res.statusCode).toBe(409);
    expect(res.json().current.price).toBe(300);
    expect(await storedCottage(id)).toEqual(before);
  });

  it('moderation (cottageStatus) from a stale version answers 409; from the current one it confirms', async () => {
    const id = await cottage('Moderated');
    const { etag } = await getOne(`cottage/${id}`);
    expect((await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, headers: { 'if-match': etag }, payload: { cottageStatus: 'rejected' } })).statusCode).toBe(200);
    const stale = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, headers: { 'if-match': etag }, payload: { cottageStatus: 'confirmed' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.cottageStatus).toBe('rejected');
    expect((await storedCottage(id)).cottageStatus).toBe('rejected');
    const fresh = await getOne(`cottage/${id}`);
    const ok = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, headers: { 'if-match': fresh.etag }, payload: { cottageStatus: 'confirmed' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().cottageStatus).toBe('confirmed');
  });

  it('replacing the main image checks If-Match and moves the version on', async () => {
    const id = await cottage('Pictured');
    const { etag } = await getOne(`cottage/${id}`);
    const form = () => multipart({}, [imageFile()]);
    const first = form();
    const ok = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/image/${id}`, payload: first.payload, headers: { ...first.headers, 'if-match': etag } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).not.toBe(etag);
    const again = form();
    const stale = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/image/${id}`, payload: again.payload, headers: { ...again.headers, 'if-match': etag } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.mainImage).toBe(ok.json().mainImage);
  });
});

describe('order status', () => {
  it('a stale version answers 409 and changes nothing; the current one and none go through', async () => {
    const id = await order();
    const { etag } = await getOne(`order/${id}`);
    const first = await t.api({ method: 'PATCH', url: `/api/v1/order/update/${id}`, headers: { 'if-match': etag }, payload: { orderStatus: 'success' } });
    expect(first.statusCode).toBe(200);
    const stale = await t.api({ method: 'PATCH', url: `/api/v1/order/update/${id}`, headers: { 'if-match': etag }, payload: { orderStatus: 'cancelled' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id, orderStatus: 'success' });
    expect((await storedOrder(id)).orderStatus).toBe('success');
    const plain = await t.api({ method: 'PATCH', url: `/api/v1/order/update/${id}`, payload: { orderStatus: 'cancelled' } });
    expect(plain.statusCode).toBe(200);
    expect((await storedOrder(id)).orderStatus).toBe('cancelled');
  });

  it('two parallel status changes from one version: one 200, one 409', async () => {
    const id = await order();
    const { etag } = await getOne(`order/${id}`);
    const results = await Promise.all(
      (['success', 'cancelled'] as const).map((orderStatus) =>
        t.api({ method: 'PATCH', url: `/api/v1/order/update/${id}`, headers: { 'if-match': etag }, payload: { orderStatus } }),
      ),
    );
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect((await storedOrder(id)).orderStatus).toBe(results.find((x) => x.statusCode === 200)!.json().orderStatus);
  });
});

describe('bulk edit', () => {
  it('per-id versions: a stale one refuses the whole call with that record current; none or current ones go through', async () => {
    const [a, b] = [await cottage('Bulk A'), await cottage('Bulk B')];
    const va = (await getOne(`cottage/${a}`)).record.updatedAt;
    const vb = (await getOne(`cottage/${b}`)).record.updatedAt;
    expect((await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${b}`, payload: { price: 555 } })).statusCode).toBe(200);
    const stale = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', payload: { ids: [a, b], data: { cottageStatus: 'confirmed' }, versions: { [a]: va, [b]: vb } } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ statusCode: 409, fields: { id: b }, current: { id: b, price: 555 } });
    expect((await storedCottage(a)).cottageStatus).toBe('progress');
    expect((await storedCottage(b)).cottageStatus).toBe('progress');
    const fresh = (await getOne(`cottage/${b}`)).record.updatedAt;
    const ok = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', payload: { ids: [a, b], data: { cottageStatus: 'confirmed' }, versions: { [a]: va, [b]: fresh } } });
    expect(ok.statusCode).toBe(200);
    expect((await storedCottage(b)).cottageStatus).toBe('confirmed');
    expect((await storedCottage(a)).updatedAt.getTime()).toBeGreaterThan(new Date(va).getTime());
    const plain = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', payload: { ids: [a], data: { cottageStatus: 'rejected' } } });
    expect(plain.statusCode).toBe(200);
  });
});

describe('whatever the client sends (issue 21, item 8)', () => {
  let next = 0;
  /** A language: a record react-admin's standard providers can send back whole (JSON, fields it ignores stripped). */
  async function language() {
    const code = `q${'abcdefghijklmnopqrstuvwxyz'[next++]}`;
    const [row] = await t.database.db.insert(languages).values({ code, title: `Tongue ${code}` }).returning();
    return row.id;
  }
  const patch = (id: string, payload: object, headers: Record<string, string> = {}) =>
    t.api({ method: 'PATCH', url: `/api/v1/language/${id}`, headers, payload });
  const stored = async (id: string) => (await t.database.db.select().from(languages).where(eq(languages.id, id)))[0];

  it('a whole record sent back with a stale updatedAt answers 409 and overwrites nothing', async () => {
    const id = await language();
    const { record: mine } = await getOne(`language/${id}`);
    const { record: theirs } = await getOne(`language/${id}`);
    expect((await patch(id, { ...theirs, title: 'Their title' })).statusCode).toBe(200);
    const before = await stored(id);
    const late = await patch(id, { ...mine, title: 'My title' });
    expect(late.statusCode).toBe(409);
    expect(late.json().current).toMatchObject({ id, title: 'Their title' });
    expect(await stored(id)).toEqual(before);
    // With the version it now reads, the same save goes through.
    const again = await patch(id, { ...late.json().current, title: 'My title' });
    expect(again.statusCode).toBe(200);
    expect(again.json().title).toBe('My title');
  });

  it('two saves with the same updatedAt at the same instant: one 200, one 409', async () => {
    const id = await language();
    const { record } = await getOne(`language/${id}`);
    const results = await Promise.all(['Left', 'Right'].map((title) => patch(id, { ...record, title })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = results.find((r) => r.statusCode === 200)!.json();
    expect((await stored(id)).title).toBe(won.title);
  });

  it('If-Unmodified-Since: the Last-Modified read goes through, an earlier date answers 409, a non-date 400', async () => {
    const id = await language();
    const got = await t.api({ method: 'GET', url: `/api/v1/language/${id}` });
    const lastModified = String(got.headers['last-modified']);
    expect(new Date(lastModified).getTime()).toBe(Math.floor(new Date(got.json().updatedAt).getTime() / 1000) * 1000);
    expect((await patch(id, { title: 'Unmodified' }, { 'if-unmodified-since': lastModified })).statusCode).toBe(200);
    const before = await stored(id);
    const old = new Date(Date.now() - 3600_000).toUTCString();
    const stale = await patch(id, { title: 'Too late' }, { 'if-unmodified-since': old });
    expect(stale.statusCode).toBe(409);
    expect(await stored(id)).toEqual(before);
    const bad = await patch(id, { title: 'Bad' }, { 'if-unmodified-since': 'last tuesday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/If-Unmodified-Since/);
  });

  it('a multipart form names its version with its own version or updatedAt field', async () => {
    const id = await language();
    const { record } = await getOne(`language/${id}`);
    expect((await patch(id, { title: 'Moved on' })).statusCode).toBe(200);
    for (const field of ['updatedAt', 'version']) {
      const res = await t.api({ method: 'PATCH', url: `/api/v1/language/${id}`, ...multipart({ title: 'Form', [field]: record.updatedAt }) });
      expect(res.statusCode, field).toBe(409);
    }
    const current = (await getOne(`language/${id}`)).record.updatedAt;
    const ok = await t.api({ method: 'PATCH', url: `/api/v1/language/${id}`, ...multipart({ title: 'Form', updatedAt: current }) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().title).toBe('Form');
  });

  it('the original clients, which send no version, behave as before: last write wins', async () => {
    const id = await language();
    expect((await patch(id, { title: 'One' })).statusCode).toBe(200);
    expect((await patch(id, { title: 'Two' })).statusCode).toBe(200);
    expect((await stored(id)).title).toBe('Two');
  });
});
