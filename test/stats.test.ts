import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { catalogue, userWith } from './fixtures';
import { cottages, notifications } from '../src/server/db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  const base = { price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
  await t.database.db.insert(cottages).values([
    { ...base, name: 'A', cottageStatus: 'progress' },
    { ...base, name: 'B', cottageStatus: 'progress' },
    { ...base, name: 'C', cottageStatus: 'confirmed' },
  ]);
  await t.database.db.insert(notifications).values({ message: 'hello', type: 'public' });
});
afterAll(() => t.close());

describe('GET /stats', () => {
  it('counts every tile for a SUPER-ADMIN', async () => {
    const res = await t.api({ method: 'GET', url: '/api/v1/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      users: 1,
      cottages: 3,
      languages: 3,
      regions: 2,
      places: 2,
      comforts: 3,
      notifications: 1,
      progressCottages: 2,
    });
  });

  it('shows only the counts of resources the caller may list', async () => {
    const { token } = await userWith(t, ['stats.view', 'cottage.list', 'region.list']);
    const res = await t.api({ method: 'GET', url: '/api/v1/stats', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cottages: 3, regions: 2, progressCottages: 2 });
  });

  it('answers an empty object when the caller may list nothing', async () => {
    const { token } = await userWith(t, ['stats.view']);
    const res = await t.api({ method: 'GET', url: '/api/v1/stats', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('needs a token (401) and stats.view (403)', async () => {
    expect((await t.api({ method: 'GET', url: '/api/v1/stats', token: null })).statusCode).toBe(401);
    const { token } = await userWith(t, ['cottage.list']);
    expect((await t.api({ method: 'GET', url: '/api/v1/stats', token })).statusCode).toBe(403);
  });
});
