import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { catalogue, service, tariff, userWith } from './fixtures';
import { cottages, orders, premiumPlacements } from '../src/server/db/schema';

let t: TestContext;
let confirmed: string;
let pending: string;
let buyer: { id: string; username: string };
let weekTariff: { id: string; days: number };
let serviceId: string;

async function makeOrder(cottageId = confirmed, values: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(orders).values({ cottageId, tariffId: weekTariff.id, userId: buyer.id, ...values }).returning();
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  const base = { priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
  [{ id: confirmed }, { id: pending }] = await t.database.db
    .insert(cottages)
    .values([
      { ...base, name: 'Lake house', price: 100, cottageStatus: 'confirmed', rating: 4.4 },
      { ...base, name: 'Waiting hut', price: 90, cottageStatus: 'progress' },
    ])
    .returning({ id: cottages.id });
  buyer = await userWith(t, [], { name: 'Aziz Karimov' });
  const s = await service(t, 'top', 'Top');
  serviceId = s.id;
  weekTariff = await tariff(t, s.id, 7, 50000, 'One week');
});
afterAll(() => t.close());

describe('GET /order/all/for/admin', () => {
  it('lists orders with cottage, user and tariff with its service, translated', async () => {
    const order = await makeOrder();
    const res = await t.api({ method: 'GET', url: '/api/v1/order/all/for/admin', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const found = res.json().find((o: { id: string }) => o.id === order.id);
    expect(found).toMatchObject({
      status: 'inactive',
      orderStatus: 'progress',
      cottage: { id: confirmed, name: 'Lake house', rating: 4.4 },
      user: { id: buyer.id, name: 'Aziz Karimov', username: buyer.username },
      tariff: { id: weekTariff.id, type: 'One week en', days: 7, price: 50000, service_id: serviceId, service: { id: serviceId, name: 'Top en', serviceCode: 'top' } },
      premium: null,
    });
    const one = await t.api({ method: 'GET', url: `/api/v1/order/${order.id}`, headers: { 'accept-language': 'ru' } });
    expect(one.json().tariff.type).toBe('One week ru');
  });

  it('filters by both statuses and pages', async () => {
    const done = await makeOrder(confirmed, { status: 'active', orderStatus: 'success' });
    const filter = encodeURIComponent(JSON.stringify({ status: 'active', orderStatus: 'success' }));
    const res = await t.api({ method: 'GET', url: `/api/v1/order/all/for/admin?filter=${filter}&range=[0,9]` });
    expect(res.json().map((o: { id: string }) => o.id)).toEqual([done.id]);
    expect(res.headers['x-total-count']).toBe('1');
    const q = await t.api({ method: 'GET', url: `/api/v1/order/all/for/admin?filter=${encodeURIComponent('{"q":"aziz"}')}` });
    expect(q.json().length).toBeGreaterThanOrEqual(2);
    const bad = await t.api({ method: 'GET', url: `/api/v1/order/all/for/admin?filter=${encodeURIComponent('{"cottageId":"nope"}')}` });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by activated, cottage, user and tariff, and searches cottage names (the order screen’s filters)', async () => {
    const other = await userWith(t, [], { name: 'Bobur Other' });
    const placed = await makeOrder(confirmed, { premiumActivatedAt: new Date(), userId: other.id });
    const inHut = await makeOrder(pending);
    const ids = async (filter: object) =>
      (await t.api({ method: 'GET', url: `/api/v1/order/all/for/admin?filter=${encodeURIComponent(JSON.stringify(filter))}` }))
        .json()
        .map((o: { id: string }) => o.id);
    expect(await ids({ activated: true })).toEqual([placed.id]);
    expect(await ids({ activated: 'true' })).toEqual([placed.id]);
    const notActivated = await ids({ activated: 'false' });
    expect(notActivated).toContain(inHut.id);
    expect(notActivated).not.toContain(placed.id);
    expect(await ids({ cottageId: pending })).toEqual([inHut.id]);
    expect(await ids({ userId: other.id })).toEqual([placed.id]);
    const byTariff = await ids({ tariffId: weekTariff.id });
    expect(byTariff).toEqual(expect.arrayContaining([placed.id, inHut.id]));
    expect(await ids({ q: 'waiting' })).toEqual([inHut.id]);
    expect(await ids({ q: 'bobur' })).toEqual([placed.id]);
  });

  it('needs order.list', async () => {
    const { token } = await userWith(t, ['cottage.list']);
    expect((await t.api({ method: 'GET', url: '/api/v1/order/all/for/admin', token })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: '/api/v1/order/all/for/admin', token: null })).statusCode).toBe(401);
  });
});

describe('PATCH /order/update/:id', () => {
  it('changes the two statuses and nothing else; answers the record', async () => {
    const order = await makeOrder();
    const res = await t.api({ method: 'PATCH', url: `/api/v1/order/update/${order.id}`, payload: { orderId: order.id, status: 'active', orderStatus: 'cancelled' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, status: 'active', orderStatus: 'cancelled', cottageId: confirmed });
    const half = await t.api({ method: 'PATCH', url: `/api/v1/order/update/${order.id}`, payload: { orderStatus: 'success' } });
    expect(half.json()).toMatchObject({ status: 'active', orderStatus: 'success' });
  });

  it('rejects bad values (400), unknown orders (404) and callers without order.edit (403)', async () => {
    const order = await makeOrder();
    expect((await t.api({ method: 'PATCH', url: `/api/v1/order/update/${order.id}`, payload: { orderStatus: 'paid' } })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url: `/api/v1/order/update/${order.id}`, payload: { status: 3 } })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url: '/api/v1/order/update/3b1f0f3e-1111-4222-8333-444455556666', payload: { status: 'active' } })).statusCode).toBe(404);
    const { token } = await userWith(t, ['order.list']);
    expect((await t.api({ method: 'PATCH', url: `/api/v1/order/update/${order.id}`, payload: { status: 'active' }, token })).statusCode).toBe(403);
  });
});

describe('DELETE /order/delete/:id', () => {
  it('deletes and answers the record; 404 afterwards', async () => {
    const order = await makeOrder();
    const res = await t.api({ method: 'DELETE', url: `/api/v1/order/delete/${order.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(order.id);
    expect(await t.database.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(0);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/order/delete/${order.id}` })).statusCode).toBe(404);
    const { token } = await userWith(t, ['order.list']);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/order/delete/${order.id}`, token })).statusCode).toBe(403);
  });
});

describe('Active Pre: POST /order/activate/:id', () => {
  it('creates one placement for the tariff, records it on the order, and a second click stacks nothing', async () => {
    const order = await makeOrder();
    const first = await t.api({ method: 'POST', url: `/api/v1/order/activate/${order.id}` });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body.premiumActivatedAt).toBeTruthy();
    expect(body.status).toBe('active');
    expect(body.premium).toMatchObject({ cottageId: confirmed, orderId: order.id, serviceCode: 'top', priority: 4, tariffId: weekTariff.id });
    const days = (new Date(body.premium.expireAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const again = await t.api({ method: 'POST', url: `/api/v1/order/activate/${order.id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().premium.id).toBe(body.premium.id);
    const parallel = await Promise.all([1, 2, 3].map(() => t.api({ method: 'POST', url: `/api/v1/order/activate/${order.id}` })));
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.database.db.select().from(premiumPlacements).where(eq(premiumPlacements.orderId, order.id));
    expect(rows).toHaveLength(1);

    const cottage = (await t.api({ method: 'GET', url: `/api/v1/cottage/${confirmed}` })).json();
    expect(cottage.premiumCottages.map((p: { id: string }) => p.id)).toContain(body.premium.id);
  });

  it('parallel first clicks still make one placement', async () => {
    const order = await makeOrder();
    const results = await Promise.all([1, 2, 3, 4].map(() => t.api({ method: 'POST', url: `/api/v1/order/activate/${order.id}` })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(await t.database.db.select().from(premiumPlacements).where(eq(premiumPlacements.orderId, order.id))).toHaveLength(1);
  });

  it('refuses a cottage that is not confirmed (409), unknown orders (404), callers without order.activate (403)', async () => {
    const order = await makeOrder(pending);
    const res = await t.api({ method: 'POST', url: `/api/v1/order/activate/${order.id}` });
    expect(res.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.premiumActivatedAt).toBeNull();
    expect((await t.api({ method: 'POST', url: '/api/v1/order/activate/3b1f0f3e-1111-4222-8333-444455556666' })).statusCode).toBe(404);
    const { token } = await userWith(t, ['order.list', 'order.edit']);
    expect((await t.api({ method: 'POST', url: `/api/v1/order/activate/${order.id}`, token })).statusCode).toBe(403);
  });
});

describe('POST /cottage/add/premium/:cottageId', () => {
  const place = (cottageId: string, payload: object, token?: string) =>
    t.api({ method: 'POST', url: `/api/v1/cottage/add/premium/${cottageId}`, payload, token });

  it('places a confirmed cottage until now + expireDays; the cottage shows it', async () => {
    const res = await place(confirmed, { expireDays: 3, priority: 5, serviceCode: 'recommended' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ cottageId: confirmed, priority: 5, serviceCode: 'recommended', orderId: null, endedAt: null });
    const days = (new Date(res.json().expireAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    const cottage = (await t.api({ method: 'GET', url: `/api/v1/cottage/${confirmed}` })).json();
    expect(cottage.premiumCottages.map((p: { id: string }) => p.id)).toContain(res.json().id);

    const ended = await t.api({ method: 'DELETE', url: `/api/v1/cottage/delete/premium/${res.json().id}` });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().endedAt).toBeTruthy();
    const after = (await t.api({ method: 'GET', url: `/api/v1/cottage/${confirmed}` })).json();
    expect(after.premiumCottages.map((p: { id: string }) => p.id)).not.toContain(res.json().id);
  });

  it('takes the original panel\'s priority (the cottage rating, as text) and rounds it', async () => {
    const res = await place(confirmed, { expireDays: '2', priority: '4.1', serviceCode: 'top' });
    expect(res.statusCode).toBe(201);
    expect(res.json().priority).toBe(4);
  });

  it('with an orderId it is that order\'s Active Pre: once only', async () => {
    const order = await makeOrder();
    const first = await place(confirmed, { expireDays: 7, priority: 2, serviceCode: 'top', orderId: order.id });
    expect(first.statusCode).toBe(201);
    const second = await place(confirmed, { expireDays: 7, priority: 2, serviceCode: 'top', orderId: order.id });
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(await t.database.db.select().from(premiumPlacements).where(eq(premiumPlacements.orderId, order.id))).toHaveLength(1);
    const other = await makeOrder();
    expect((await place(pending, { expireDays: 7, serviceCode: 'top', orderId: other.id })).statusCode).toBe(400);
  });

  it('rejects unconfirmed cottages (409), bad bodies (400), unknown cottages (404), callers without cottage.premium (403)', async () => {
    expect((await place(pending, { expireDays: 3, serviceCode: 'top' })).statusCode).toBe(409);
    expect((await place(confirmed, { expireDays: 0, serviceCode: 'top' })).statusCode).toBe(400);
    expect((await place(confirmed, { expireDays: 2.5, serviceCode: 'top' })).statusCode).toBe(400);
    expect((await place(confirmed, { expireDays: 3, serviceCode: 'top', priority: -1 })).statusCode).toBe(400);
    expect((await place(confirmed, { expireDays: 3, serviceCode: 'gold' })).statusCode).toBe(400);
    expect((await place(confirmed, {})).statusCode).toBe(400);
    expect((await place('3b1f0f3e-1111-4222-8333-444455556666', { expireDays: 3, serviceCode: 'top' })).statusCode).toBe(404);
    expect((await place('nope', { expireDays: 3, serviceCode: 'top' })).statusCode).toBe(404);
    expect((await t.api({ method: 'DELETE', url: '/api/v1/cottage/delete/premium/nope' })).statusCode).toBe(404);
    const { token } = await userWith(t, ['cottage.edit']);
    expect((await place(confirmed, { expireDays: 3, serviceCode: 'top' }, token)).statusCode).toBe(403);
  });
});
