/**
 * A list's total (Content-Range) is counted once per filter and kept until the next write (lib/write-cache.ts): it
 * must never be seen stale after a write through the API, in this server or in another on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { createTestApp, type TestContext } from './helpers';
import { translation } from './fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PAGE = `/api/v1/region?range=${encodeURIComponent('[0,4]')}`;
const totalOf = (res: { headers: Record<string, unknown> }) => Number(String(res.headers['content-range']).split('/')[1]);

async function addRegion() {
  const res = await t.api({ method: 'POST', url: '/api/v1/region/add', payload: { name: await translation(t, 'Hudud') } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe('list totals', () => {
  it('count a new record and a deleted one on the next request', async () => {
    const before = totalOf(await t.api({ method: 'GET', url: PAGE }));
    expect(totalOf(await t.api({ method: 'GET', url: PAGE }))).toBe(before);
    const { id } = await addRegion();
    expect(totalOf(await t.api({ method: 'GET', url: PAGE }))).toBe(before + 1);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/region/delete/${id}` })).statusCode).toBeLessThan(300);
    expect(totalOf(await t.api({ method: 'GET', url: PAGE }))).toBe(before);
  });

  it('are counted per filter', async () => {
    const { id } = await addRegion();
    await addRegion();
    const one = `/api/v1/region?range=${encodeURIComponent('[0,4]')}&filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`;
    expect(totalOf(await t.api({ method: 'GET', url: one }))).toBe(1);
    expect(totalOf(await t.api({ method: 'GET', url: PAGE }))).toBeGreaterThan(1);
  });

  it('another server on the same database counts a record added through this one at once', async () => {
    const other = await buildApp(t.config, { database: t.database, closeDatabase: false });
    try {
      const token = (await t.login()).accessToken;
      const onOther = async () => totalOf(await other.inject({ method: 'GET', url: PAGE, headers: { authorization: `Bearer ${token}` } }));
      const before = await onOther();
      expect(await onOther()).toBe(before);
      await addRegion();
      expect(await onOther()).toBe(before + 1);
    } finally {
      await other.close();
    }
  });
});
