/**
 * Moderation with a reason (single edit and bulk edit): the owner's personal notification is written with the status
 * change or not at all; and the counts the delete dialog warns with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { catalogue, service, tariff, userWith, type TestUser } from './fixtures';
import { cottages, notifications, orders, premiumPlacements } from '../src/server/db/schema';

let t: TestContext;
let owner: TestUser;
let base: { price: number; priceWeekend: number; regionId: string; placeId: string };

async function cottage(name: string, userId: string | null = owner.id) {
  const [row] = await t.database.db.insert(cottages).values({ ...base, name, userId, cottageStatus: 'progress' }).returning({ id: cottages.id });
  return row.id;
}
const ownerNotices = () => t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
const statusOf = async (id: string) => (await t.database.db.select().from(cottages).where(eq(cottages.id, id)))[0].cottageStatus;

beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  base = { price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
  owner = await userWith(t, [], { name: 'Owner' });
});
afterAll(() => t.close());

describe('PATCH /cottage/edit/:id with a reason', () => {
  it('rejects and tells the owner why, in a personal notification', async () => {
    const id = await cottage('Reasoned hut');
    const res = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, payload: { cottageStatus: 'rejected', reason: 'Photos are blurry' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().cottageStatus).toBe('rejected');
    const notes = (await ownerNotices()).filter((n) => n.message.includes('Reasoned hut'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'personal', userId: owner.id });
    // In Uzbek, the marketplace's default, with the reason as the moderator typed it (docs/decisions.md).
    expect(notes[0].message).toBe('«Reasoned hut» eʼloningiz rad etildi. Sabab: Photos are blurry');
  });

  it('sends nothing without a reason, or when the cottage has no owner', async () => {
    const before = (await t.database.db.select().from(notifications)).length;
    const silent = await cottage('Silent hut');
    expect((await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${silent}`, payload: { cottageStatus: 'confirmed' } })).statusCode).toBe(200);
    const orphan = await cottage('Orphan hut', null);
    expect((await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${orphan}`, payload: { cottageStatus: 'rejected', reason: 'No one reads this' } })).statusCode).toBe(200);
    expect(await statusOf(orphan)).toBe('rejected');
    expect((await t.database.db.select().from(notifications)).length).toBe(before);
  });

  it('refuses a reason without a decision (400) or without cottage.moderate (403), and writes nothing', async () => {
    const id = await cottage('Guarded hut');
    const alone = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, payload: { reason: 'Why not' } });
    expect(alone.statusCode).toBe(400);
    const editor = await userWith(t, ['cottage.edit', 'cottage.show']);
    const denied = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, token: editor.token, payload: { cottageStatus: 'progress', reason: 'Sneaky' } });
    expect(denied.statusCode).toBe(403);
    expect((await ownerNotices()).filter((n) => n.message.includes('Guarded hut'))).toHaveLength(0);
  });
});

describe('PATCH /cottage/bulk/edit with a reason', () => {
  it('moderates all and notifies each owner in one call', async () => {
    const ids = [await cottage('Bulk one'), await cottage('Bulk two')];
    const res = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', payload: { ids, data: { cottageStatus: 'rejected', reason: 'Duplicate listing' } } });
    expect(res.statusCode).toBe(200);
    for (const id of ids) expect(await statusOf(id)).toBe('rejected');
    const notes = (await ownerNotices()).filter((n) => n.message.includes('Duplicate listing'));
    expect(notes.map((n) => n.message).sort()).toEqual([expect.stringContaining('Bulk one'), expect.stringContaining('Bulk two')]);
  });

  it('changes nothing and notifies nobody when one of the cottages fails', async () => {
    const id = await cottage('Bulk failing');
    const res = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', payload: { ids: [id, randomUUID()], data: { cottageStatus: 'rejected', reason: 'Never sent' } } });
    expect(res.statusCode).toBe(404);
    expect(await statusOf(id)).toBe('progress');
    expect((await ownerNotices()).filter((n) => n.message.includes('Never sent'))).toHaveLength(0);
  });
});

describe('GET /cottage/dependents/:id', () => {
  it('counts the orders and placements a delete takes with it, with cottage.show only', async () => {
    const id = await cottage('Busy hut');
    const s = await service(t, 'top');
    const week = await tariff(t, s.id);
    const [order] = await t.database.db.insert(orders).values({ cottageId: id, tariffId: week.id, userId: owner.id }).returning();
    await t.database.db.insert(orders).values({ cottageId: id, tariffId: week.id, userId: owner.id });
    await t.database.db.insert(premiumPlacements).values({ cottageId: id, serviceCode: 'top', orderId: order.id, expireAt: new Date(Date.now() + 86_400_000) });
    const res = await t.api({ method: 'GET', url: `/api/v1/cottage/dependents/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ orders: 2, placements: 1 });
    const lonely = await t.api({ method: 'GET', url: `/api/v1/cottage/dependents/${await cottage('Lonely hut')}` });
    expect(lonely.json()).toEqual({ orders: 0, placements: 0 });
    expect((await t.api({ method: 'GET', url: `/api/v1/cottage/dependents/${randomUUID()}` })).statusCode).toBe(404);
    const lister = await userWith(t, ['cottage.list']);
    expect((await t.api({ method: 'GET', url: `/api/v1/cottage/dependents/${id}`, token: lister.token })).statusCode).toBe(403);
  });
});
