/**
 * Claims on the moderation queue (issue #25): parallel claims are distinct, an expired claim returns to the queue,
 * skip, release, a colleague's claim (409), a decision releases, permissions.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestContext } from './helpers';
import { ENGINE, pgDatabaseUrl } from './engine';
import { buildApp } from '../src/server/app';
import { openPostgres } from '../src/server/db/open';
import { rowsOf } from '../src/server/db/sql';
import { catalogue, userWith, type TestUser } from './fixtures';
import { cottageClaims, cottages } from '../src/server/db/schema';

let t: TestContext;
let base: { price: number; priceWeekend: number; regionId: string; placeId: string };
let mods: TestUser[];
let minute = 0;

/** A queued cottage, each one a minute younger than the last (the queue is oldest first). */
async function queued(name: string) {
  const createdAt = new Date(Date.UTC(2020, 0, 1, 0, minute++));
  const [row] = await t.database.db.insert(cottages).values({ ...base, name, cottageStatus: 'progress', createdAt }).returning({ id: cottages.id });
  return row.id;
}
const claim = (mod: TestUser, skip?: string[]) =>
  t.api({ method: 'POST', url: '/api/v1/cottage/claim', token: mod.token, ...(skip ? { payload: { skip } } : {}) });
const release = (mod: TestUser, id: string) => t.api({ method: 'DELETE', url: `/api/v1/cottage/claim/${id}`, token: mod.token });

beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  base = { price: 100, priceWeekend: 120, regionId: c.region.id, placeId: c.place.id };
  mods = [];
  for (const name of ['Aziz', 'Bekzod', 'Dilnoza', 'Gulnora']) mods.push(await userWith(t, ['cottage.moderate', 'cottage.list', 'cottage.show', 'cottage.edit'], { name }));
});
afterAll(() => t.close());

// Each test starts from an empty queue.
beforeEach(async () => {
  await t.database.db.delete(cottageClaims);
  await t.database.db.update(cottages).set({ cottageStatus: 'confirmed' }).where(eq(cottages.cottageStatus, 'progress'));
});

/**
 * 8 claims at once by 4 moderators (two each), then rounds of one claim each, at once, skipping what each has seen:
 * no round hands one cottage to two moderators, each moderator holds one claim at a time, and every cottage is
 * handed out.
 */
async function rushes(send: (mod: TestUser, skip: string[]) => Promise<{ statusCode: number; json: () => { id: string } }>, ids: string[]) {
  const taken = async (mod: TestUser, skip: string[] = []) => {
    const res = await send(mod, skip);
    if (res.statusCode === 204) return undefined;
    expect(res.statusCode).toBe(200);
    return res.json().id;
  };
  const liveClaims = async () => (await t.api({ method: 'GET', url: '/api/v1/cottage/claims', token: mods[0].token })).json() as { cottageId: string; userId: string }[];
  const first = await Promise.all(mods.flatMap((m) => [taken(m), taken(m)]));
  mods.forEach((_, i) => expect(first[2 * i]).toBe(first[2 * i + 1]));
  expect(new Set(first).size).toBe(mods.length);
  const seen = mods.map((_, i) => new Set([first[2 * i]!]));
  for (let round = 0; round < 5; round++) {
    const got = await Promise.all(mods.map((m, i) => taken(m, [...seen[i]])));
    const handed = got.filter((id): id is string => Boolean(id));
    expect(new Set(handed).size).toBe(handed.length);
    got.forEach((id, i) => id && seen[i].add(id));
    const live = await liveClaims();
    expect(new Set(live.map((c) => c.userId)).size).toBe(live.length);
    expect(live.map((c) => c.cottageId).sort()).toEqual([...handed].sort());
  }
  expect(new Set(seen.flatMap((s) => [...s]))).toEqual(new Set(ids));
}

describe('POST /cottage/claim', () => {
  it('hands out the oldest queued cottage with its claim, and 204 on an empty queue', async () => {
    const empty = await claim(mods[0]);
    expect(empty.statusCode, empty.body).toBe(204);
    const older = await queued('Older');
    await queued('Younger');
    const res = await claim(mods[0]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toBe(older);
    expect(body.name).toBe('Older');
    expect(body.claim).toMatchObject({ userId: mods[0].id, userName: 'Aziz' });
    const left = (new Date(body.claim.expiresAt).getTime() - Date.now()) / 60_000;
    expect(left).toBeGreaterThan(9);
    expect(left).toBeLessThanOrEqual(10.1);
    // The same cottage again (renewed) while it is the caller's; the next moderator gets the other one.
    expect((await claim(mods[0])).json().id).toBe(older);
    // What a claim costs (a renewal: the same statement), for the record.
    const times = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      expect((await claim(mods[0])).statusCode).toBe(200);
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    console.info(`claim (${process.env.TEST_ENGINE ?? 'pglite'}): p50 ${times[10].toFixed(1)} ms, max ${times[19].toFixed(1)} ms`);
    expect((await claim(mods[1])).json().name).toBe('Younger');
    expect((await claim(mods[2])).statusCode).toBe(204);
  });

  it('never hands the same cottage to two moderators, however many claim at once', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await queued(`Rush ${i}`));
    await rushes((mod, skip) => claim(mod, skip), ids);
  });

  it('one moderator claiming twice at once (two tabs, a double press) holds one cottage', async () => {
    for (let i = 0; i < 2 * mods.length; i++) await queued(`Double ${i}`);
    const answers = await Promise.all(mods.flatMap((m) => [claim(m), claim(m)]));
    for (const [i, m] of mods.entries()) {
      const [first, second] = [answers[2 * i], answers[2 * i + 1]];
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.json().id, `${m.id} got two cottages`).toBe(first.json().id);
    }
    const live = await t.api({ method: 'GET', url: '/api/v1/cottage/claims', token: mods[0].token });
    expect(live.json()).toHaveLength(mods.length);
  });

  it('gives an expired claim to the next moderator', async () => {
    const id = await queued('Forgotten');
    expect((await claim(mods[0])).json().id).toBe(id);
    expect((await claim(mods[1])).statusCode).toBe(204);
    await t.database.db.update(cottageClaims).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await claim(mods[1]);
    expect(res.json().id).toBe(id);
    expect(res.json().claim.userName).toBe('Bekzod');
    const live = (await t.api({ method: 'GET', url: '/api/v1/cottage/claims', token: mods[0].token })).json();
    expect(live).toEqual([{ cottageId: id, userId: mods[1].id, userName: 'Bekzod', expiresAt: expect.any(String) }]);
  });

  it('passes over the skipped cottages', async () => {
    const a = await queued('Skip A');
    const b = await queued('Skip B');
    expect((await claim(mods[0], [a])).json().id).toBe(b);
    // The own claim is not renewed when skipped: the next one is handed out instead (none here).
    expect((await claim(mods[0], [a, b])).statusCode).toBe(204);
    expect((await claim(mods[0], ['not-a-uuid'])).statusCode).toBe(400);
    const notList = await t.api({ method: 'POST', url: '/api/v1/cottage/claim', token: mods[0].token, payload: { skip: a } });
    expect(notList.statusCode).toBe(400);
    expect((await t.api({ method: 'POST', url: '/api/v1/cottage/claim', token: mods[0].token, payload: { other: 1 } })).statusCode).toBe(400);
  });

  it('is documented: the optional body, both answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const op = doc.paths['/api/v1/cottage/claim'].post;
    expect(op.tags).toEqual(['cottage']);
    expect(JSON.stringify(op.requestBody)).toContain('skip');
    expect(Object.keys(op.responses).sort()).toEqual(['200', '204']);
    for (const path of ['/api/v1/cottage/claim/{id}', '/api/v1/cottage/claims', '/api/v1/cottage/undo/{id}', '/api/v1/cottage/desk/{id}', '/api/v1/moderation-reason']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe('two app instances on one database', () => {
  // On PostgreSQL the second instance has its own pool (as a second worker or machine would); on PGlite it shares the
  // embedded engine, the only way two instances can.
  async function secondApp(): Promise<FastifyInstance> {
    if (ENGINE === 'pglite') return buildApp(t.config, { database: t.database, closeDatabase: false });
    const [{ name }] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`));
    return buildApp(t.config, { database: openPostgres(pgDatabaseUrl(process.env.TEST_DATABASE_URL!, name)) });
  }

  it('never hand the same cottage to two moderators', async () => {
    const other = await secondApp();
    try {
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await queued(`Worker rush ${i}`));
      // Each moderator's two first claims go to both instances at once, and the rounds alternate between them.
      let turn = 0;
      await rushes(
        (mod, skip) =>
          (turn++ % 2 ? other : t.app).inject({ method: 'POST', url: '/api/v1/cottage/claim', headers: { authorization: `Bearer ${mod.token}` }, payload: { skip } }),
        ids,
      );
    } finally {
      await other.close();
    }
  });

  // The CI failure this test pins: a colleague's claim held the cottage row's lock (its snapshot predated the
  // moderator's claim), and the moderator's second tab skipped the locked row, took another cottage and dropped the first.
  it.runIf(ENGINE === 'postgres')("renews the own claim while a colleague's claim holds the cottage row", async () => {
    const mine = await queued('Mine');
    await queued('Next');
    expect((await claim(mods[0])).json().id).toBe(mine);
    const other = await secondApp();
    try {
      const renewed = await other.db.transaction(async (tx) => {
        await tx.execute(sql`select id from cottage where id = ${mine} for update`);
        return (await claim(mods[0])).json().id;
      });
      expect(renewed).toBe(mine);
    } finally {
      await other.close();
    }
  });
});

describe('DELETE /cottage/claim/:id', () => {
  it('releases the own claim (again: still 204), refuses a colleague’s naming them, 404 for no cottage', async () => {
    const id = await queued('Held');
    expect((await claim(mods[0])).json().id).toBe(id);
    const refused = await release(mods[1], id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Aziz');
    expect((await release(mods[0], id)).statusCode).toBe(204);
    expect((await release(mods[0], id)).statusCode).toBe(204);
    expect((await claim(mods[1])).json().id).toBe(id);
    expect((await release(mods[0], '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('naming the claim it knew (?expiresAt=), keeps a claim renewed since: a reloading desk’s late release', async () => {
    const id = await queued('Reloaded');
    const first = (await claim(mods[0])).json().claim.expiresAt as string;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const renewed = (await claim(mods[0])).json().claim.expiresAt as string;
    expect(new Date(renewed).getTime()).toBeGreaterThan(new Date(first).getTime());
    const releaseKnown = (expiresAt: string) =>
      t.api({ method: 'DELETE', url: `/api/v1/cottage/claim/${id}?expiresAt=${encodeURIComponent(expiresAt)}`, token: mods[0].token });
    expect((await releaseKnown(first)).statusCode).toBe(204);
    const held = (await t.api({ method: 'GET', url: '/api/v1/cottage/claims', token: mods[0].token })).json();
    expect(held).toMatchObject([{ cottageId: id, userId: mods[0].id }]);
    const bad = await releaseKnown('yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ expiresAt: 'Invalid date' });
    expect((await releaseKnown(renewed)).statusCode).toBe(204);
    expect((await t.api({ method: 'GET', url: '/api/v1/cottage/claims', token: mods[0].token })).json()).toEqual([]);
  });
});

describe('a decision', () => {
  it('releases the claim (single edit and bulk), and a re-sent unchanged status does not', async () => {
    const one = await queued('Decided one');
    const two = await queued('Decided two');
    expect((await claim(mods[0])).json().id).toBe(one);
    expect((await claim(mods[1])).json().id).toBe(two);
    const same = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${one}`, token: mods[2].token, payload: { cottageStatus: 'progress', description: 'x' } });
    expect(same.statusCode).toBe(200);
    expect(await t.database.db.select().from(cottageClaims).where(eq(cottageClaims.cottageId, one))).toHaveLength(1);
    const edit = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${one}`, token: mods[0].token, payload: { cottageStatus: 'confirmed' } });
    expect(edit.statusCode).toBe(200);
    const bulk = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', token: mods[1].token, payload: { ids: [two], data: { cottageStatus: 'rejected', reason: 'No' } } });
    expect(bulk.statusCode).toBe(200);
    expect(await t.database.db.select().from(cottageClaims)).toHaveLength(0);
  });
});

describe('permissions', () => {
  it('401 without a token, 403 without cottage.moderate (claims list: cottage.list)', async () => {
    const id = await queued('Guarded');
    expect((await t.api({ method: 'POST', url: '/api/v1/cottage/claim', token: null })).statusCode).toBe(401);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/cottage/claim/${id}`, token: null })).statusCode).toBe(401);
    expect((await t.api({ method: 'GET', url: '/api/v1/cottage/claims', token: null })).statusCode).toBe(401);
    const viewer = await userWith(t, ['cottage.list', 'cottage.show']);
    expect((await claim(viewer)).statusCode).toBe(403);
    expect((await release(viewer, id)).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: '/api/v1/cottage/claims', token: viewer.token })).statusCode).toBe(200);
    const moderatorOnly = await userWith(t, ['cottage.moderate']);
    expect((await t.api({ method: 'GET', url: '/api/v1/cottage/claims', token: moderatorOnly.token })).statusCode).toBe(403);
  });
});
