/**
 * The desk's Undo (issue #25): the caller's own latest decision, within a minute, with nothing changed since — status
 * back, the owner's notice deleted, the claim back to the caller; 409 otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { catalogue, userWith, type TestUser } from './fixtures';
import { auditLog, cottageClaims, cottages, notifications } from '../src/server/db/schema';

let t: TestContext;
let base: { price: number; priceWeekend: number; regionId: string; placeId: string };
let owner: TestUser;
let a: TestUser;
let b: TestUser;

async function queued(name: string) {
  const [row] = await t.database.db.insert(cottages).values({ ...base, name, userId: owner.id, cottageStatus: 'progress' }).returning({ id: cottages.id });
  return row.id;
}
const decide = (mod: TestUser, id: string, cottageStatus: string, reason?: string) =>
  t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${id}`, token: mod.token, payload: { cottageStatus, ...(reason ? { reason } : {}) } });
const undo = (mod: TestUser, id: string) => t.api({ method: 'POST', url: `/api/v1/cottage/undo/${id}`, token: mod.token });
const notices = (name: string) =>
  t.database.db.select().from(notifications).where(and(eq(notifications.userId, owner.id), sql`${notifications.message} like ${`«${name}»%`}`));
const statusOf = async (id: string) => (await t.database.db.select().from(cottages).where(eq(cottages.id, id)))[0].cottageStatus;

beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  base = { price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
  owner = await userWith(t, [], { name: 'Owner' });
  const codes = ['cottage.moderate', 'cottage.list', 'cottage.show', 'cottage.edit'];
  a = await userWith(t, codes, { name: 'Aziz' });
  b = await userWith(t, codes, { name: 'Bekzod' });
});
afterAll(() => t.close());

describe('POST /cottage/undo/:id', () => {
  it('takes the own rejection back: status, the owner’s notice, the claim; audited; not twice', async () => {
    const id = await queued('Undone hut');
    await t.api({ method: 'POST', url: '/api/v1/cottage/claim', token: a.token });
    const other = await queued('Kept hut');
    // Another decision's notice (same owner, another cottage) stays.
    expect((await decide(a, other, 'rejected', 'Blurry')).statusCode).toBe(200);
    expect((await decide(a, id, 'rejected', 'Blurry')).statusCode).toBe(200);
    expect(await notices('Undone hut')).toHaveLength(1);
    expect(await t.database.db.select().from(cottageClaims).where(eq(cottageClaims.cottageId, id))).toHaveLength(0);

    const res = await undo(a, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, cottageStatus: 'progress', claim: { userId: a.id, userName: 'Aziz' } });
    expect(await statusOf(id)).toBe('progress');
    expect(await notices('Undone hut')).toHaveLength(0);
    expect(await notices('Kept hut')).toHaveLength(1);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.recordId, id), eq(auditLog.action, 'undo')));
    expect(entry.userId).toBe(a.id);
    expect(entry.changes.cottageStatus).toEqual({ before: 'rejected', after: 'progress' });
    expect(entry.changes.ownerNotification).toEqual({ before: '«Undone hut» eʼloningiz rad etildi. Sabab: Blurry', after: null });

    const again = await undo(a, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/nothing to undo/);
  });

  it('takes back a bulk decision too', async () => {
    const id = await queued('Bulk undone');
    const res = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', token: a.token, payload: { ids: [id], data: { cottageStatus: 'confirmed', reason: 'Fine' } } });
    expect(res.statusCode).toBe(200);
    expect((await undo(a, id)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('progress');
    expect(await notices('Bulk undone')).toHaveLength(0);
  });

  it('refuses after the window, after another change, and someone else’s decision', async () => {
    const late = await queued('Late hut');
    expect((await decide(a, late, 'confirmed')).statusCode).toBe(200);
    await t.database.db.update(auditLog).set({ createdAt: sql`now() - interval '61 seconds'` }).where(eq(auditLog.recordId, late));
    const tooLate = await undo(a, late);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toMatch(/older than 60 seconds/);
    expect(await statusOf(late)).toBe('confirmed');

    const changed = await queued('Changed hut');
    expect((await decide(a, changed, 'rejected', 'No')).statusCode).toBe(200);
    const edit = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${changed}`, token: b.token, payload: { description: 'Edited since' } });
    expect(edit.statusCode).toBe(200);
    expect((await undo(a, changed)).statusCode).toBe(409);
    expect(await statusOf(changed)).toBe('rejected');
    expect(await notices('Changed hut')).toHaveLength(1);

    const theirs = await queued('Their hut');
    expect((await decide(b, theirs, 'confirmed')).statusCode).toBe(200);
    expect((await undo(a, theirs)).statusCode).toBe(409);
    expect((await undo(b, theirs)).statusCode).toBe(200);
  });

  it('two Undos of one decision at once: one takes it back, the other is refused; a colleague’s decision racing an Undo is never overwritten', async () => {
    const id = await queued('Twice undone');
    expect((await decide(a, id, 'rejected', 'Blurry')).statusCode).toBe(200);
    const statuses = (await Promise.all([undo(a, id), undo(a, id)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.recordId, id), eq(auditLog.action, 'undo')))).toHaveLength(1);

    for (let round = 0; round < 5; round++) {
      const raced = await queued(`Raced hut ${round}`);
      expect((await decide(a, raced, 'rejected', 'No')).statusCode).toBe(200);
      const [undone, decided] = await Promise.all([undo(a, raced), decide(b, raced, 'confirmed')]);
      expect(decided.statusCode).toBe(200);
      // Whichever came second saw the other: B's decision stands unless A's Undo came first and B then decided on it.
      if (undone.statusCode === 200) expect(await statusOf(raced)).toBe('confirmed');
      else expect([undone.statusCode, await statusOf(raced)]).toEqual([409, 'confirmed']);
    }
  });

  it('401 without a token, 403 without cottage.moderate, 404 for no cottage', async () => {
    const id = await queued('Guarded undo');
    expect((await t.api({ method: 'POST', url: `/api/v1/cottage/undo/${id}`, token: null })).statusCode).toBe(401);
    const editor = await userWith(t, ['cottage.edit', 'cottage.show']);
    expect((await undo(editor, id)).statusCode).toBe(403);
    expect((await undo(a, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
