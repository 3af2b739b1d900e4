/**
 * A list's total (Content-Range) is counted once per filter, and a list's answer kept, until the next write to a table
 * it reads (cache/kept-answers.ts, query/table-versions.ts): neither may be seen stale after a write through the API,
 * in this server or in another on the same database, nor may a kept answer skip the permission check.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { createTestApp, type TestContext } from './helpers';
import { translation, userWith } from './fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PAGE = `/api/v1/region?range=${encodeURIComponent('[0,4]')}`;
/** The names in a list's answer, one text (a region's name is its translation in the request's language, e.g. `Hudud uz`). */
const namesOf = (res: { json(): unknown }) => (res.json() as { name: string }[]).map((r) => r.name).join(' | ');
const totalOf = (res: { headers: Record<string, unknown> }) => Number(String(res.headers['content-range']).split('/')[1]);

async function addRegion(name = 'Hudud') {
  const res = await t.api({ method: 'POST', url: '/api/v1/region/add', payload: { name: await translation(t, name) } });
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

describe('list answers', () => {
  const WHOLE = '/api/v1/region';
  const LAST = `/api/v1/region?range=${encodeURIComponent('[0,0]')}&sort=${encodeURIComponent('["createdAt","DESC"]')}`;

  it('show an edit, a new record and a deletion on the next request, ranged or whole', async () => {
    const { id } = await addRegion('Birinchi');
    for (const url of [WHOLE, LAST]) {
      expect(namesOf(await t.api({ method: 'GET', url }))).toContain('Birinchi');
      expect(namesOf(await t.api({ method: 'GET', url }))).toContain('Birinchi');
    }
    const edit = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${id}`, payload: { name: await translation(t, 'Ikkinchi') } });
    expect(edit.statusCode, edit.body).toBe(200);
    for (const url of [WHOLE, LAST]) expect(namesOf(await t.api({ method: 'GET', url }))).toContain('Ikkinchi');
    await addRegion('Uchinchi');
    expect(namesOf(await t.api({ method: 'GET', url: LAST }))).toBe('Uchinchi uz');
    expect((await t.api({ method: 'DELETE', url: `/api/v1/region/delete/${id}` })).statusCode).toBeLessThan(300);
    expect(namesOf(await t.api({ method: 'GET', url: WHOLE }))).not.toContain('Ikkinchi');
  });

  it('show a change made behind the servers\' back (a script, a manual SQL) on the next request', async () => {
    const { id } = await addRegion('Qolda');
    expect(namesOf(await t.api({ method: 'GET', url: LAST }))).toBe('Qolda uz');
    expect(namesOf(await t.api({ method: 'GET', url: LAST }))).toBe('Qolda uz');
    const before = totalOf(await t.api({ method: 'GET', url: PAGE }));
    await t.database.db.execute(sql`update region set name_translate_id = ${await translation(t, 'Skript')} where id = ${id}`);
    expect(namesOf(await t.api({ method: 'GET', url: LAST }))).toBe('Skript uz');
    await t.database.db.execute(sql`delete from region where id = ${id}`);
    expect(totalOf(await t.api({ method: 'GET', url: PAGE }))).toBe(before - 1);
  });

  it('are kept per language', async () => {
    const uz = await t.api({ method: 'GET', url: WHOLE, headers: { 'accept-language': 'uz' } });
    const ru = await t.api({ method: 'GET', url: WHOLE, headers: { 'accept-language': 'ru' } });
    expect(namesOf(uz)).toContain(' uz');
    expect(namesOf(ru)).toContain(' ru');
    expect(namesOf(ru)).not.toContain(' uz');
  });

  it('are refused to a session without the permission, however recently kept', async () => {
    expect((await t.api({ method: 'GET', url: WHOLE })).statusCode).toBe(200);
    const user = await userWith(t, ['comfort.list']);
    expect((await t.api({ method: 'GET', url: WHOLE, token: user.token })).statusCode).toBe(403);
  });

  it('another server on the same database shows a record added through this one at once', async () => {
    const other = await buildApp(t.config, { database: t.database, closeDatabase: false });
    try {
      const token = (await t.login()).accessToken;
      const onOther = async () => namesOf(await other.inject({ method: 'GET', url: LAST, headers: { authorization: `Bearer ${token}` } }));
      await onOther();
      await onOther();
      await addRegion('Boshqa');
      expect(await onOther()).toBe('Boshqa uz');
    } finally {
      await other.close();
    }
  });
});
