/** The command palette's search (`GET /search`, issue #34): each kind through its own list, only what the caller may list. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { catalogue, userWith, type TestUser } from './fixtures';
import { cottages, users } from '../src/server/db/schema';

let t: TestContext;
let owner: TestUser;
let cottageId: string;
beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  owner = await userWith(t, [], { name: 'Bobur Qodirov' });
  await t.database.db.update(users).set({ phone: '901234567' }).where(eq(users.id, owner.id));
  const [row] = await t.database.db
    .insert(cottages)
    .values({ name: 'Chorvoq Oqtosh dacha', price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id, userId: owner.id, cottageStatus: 'confirmed' })
    .returning({ id: cottages.id });
  cottageId = row.id;
});
afterAll(() => t.close());

type Found = { resource: string; id: string; title: string; subtitle?: string };
const search = async (q: string, token?: string) => {
  const res = await t.api({ method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Found[]>();
};

describe('GET /search', () => {
  it('finds a cottage by its name as the list does: any case, Cyrillic typed for Latin', async () => {
    expect(await search('oqtosh')).toContainEqual(expect.objectContaining({ resource: 'cottage', id: cottageId, title: 'Chorvoq Oqtosh dacha' }));
    expect((await search('ОҚТОШ')).map((r) => r.id)).toContain(cottageId);
  });

  it("finds a cottage by its owner's phone typed with spaces, and the owner too", async () => {
    for (const typed of ['+998 90 123 45 67', '90 123-45-67', '(90)1234567']) {
      const found = await search(typed);
      expect(found, typed).toContainEqual(expect.objectContaining({ resource: 'cottage', id: cottageId }));
      expect(found, typed).toContainEqual(expect.objectContaining({ resource: 'user', id: owner.id, title: 'Bobur Qodirov' }));
    }
  });

  it('shows only the kinds the caller may list', async () => {
    const { token } = await userWith(t, ['region.list']);
    expect(await search('oqtosh', token)).toEqual([]);
    expect(await search('90 123 45 67', token)).toEqual([]);
    const cottagesOnly = await userWith(t, ['cottage.list']);
    const found = await search('90 123 45 67', cottagesOnly.token);
    expect(found.map((r) => r.resource)).toEqual(['cottage']);
  });

  it('answers at most 20 results, and refuses an empty or missing query (400) and no token (401)', async () => {
    expect((await search('a')).length).toBeLessThanOrEqual(20);
    expect((await t.api({ method: 'GET', url: '/api/v1/search?q=%20' })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: '/api/v1/search' })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: `/api/v1/search?q=${'x'.repeat(101)}` })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: '/api/v1/search?q=a', token: null })).statusCode).toBe(401);
  });
});
