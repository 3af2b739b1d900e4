/** The list kit's additive calls: bulk delete and bulk edit (all or nothing), and the CSV export of a whole list. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellText, exportColumns, skeletonOf } from '../src/server/http/csv-export';
import { loadCottageExportRows, loadCottages } from '../src/server/repos/cottages';
import { cottageRecord } from '../src/shared/records/cottage';
import { createTestApp, type TestContext } from './helpers';
import { place, region, userWith } from './fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { demo: 12 });
});
afterAll(() => t.close());

const ids = async (path: string) => ((await t.api({ method: 'GET', url: `/api/v1/${path}` })).json() as { id: string }[]).map((r) => r.id);

/** Reads a CSV answer: BOM stripped, rows split (no cell in these tests holds a line break or a separator). */
function csvRows(body: string, separator = ';'): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .trim()
    .split('\r\n')
    .map((line) => line.split(separator));
}

describe('bulk delete', () => {
  it('deletes every listed record in one call', async () => {
    const a = await region(t);
    const b = await region(t);
    const res = await t.api({ method: 'POST', url: '/api/v1/region/bulk/delete', payload: { ids: [a.id, b.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ids: [a.id, b.id] });
    const left = await ids('region');
    expect(left).not.toContain(a.id);
    expect(left).not.toContain(b.id);
  });

  it('is all or nothing: one record in use answers 409 naming it, and nothing is deleted', async () => {
    const free = await region(t, 'Free region');
    const used = await region(t, 'Used region');
    await place(t, used.id);
    const res = await t.api({ method: 'POST', url: '/api/v1/region/bulk/delete', payload: { ids: [free.id, used.id] } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Used region');
    expect(res.json().fields).toMatchObject({ id: used.id });
    const left = await ids('region');
    expect(left).toContain(free.id);
    expect(left).toContain(used.id);
  });

  it('answers 404 naming an id that does not exist, and deletes nothing', async () => {
    const a = await region(t);
    const missing = randomUUID();
    const res = await t.api({ method: 'POST', url: '/api/v1/region/bulk/delete', payload: { ids: [a.id, missing] } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain(missing);
    expect(await ids('region')).toContain(a.id);
  });

  it('refuses (400) no ids, repeated ids, garbage and more than 1000 ids', async () => {
    const a = await region(t);
    const many = Array.from({ length: 1001 }, () => randomUUID());
    for (const payload of [{ ids: [] }, { ids: [a.id, a.id] }, { ids: 'x' }, {}, { ids: [{ id: 1 }] }, { ids: many }]) {
      const res = await t.api({ method: 'POST', url: '/api/v1/region/bulk/delete', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    expect(await ids('region')).toContain(a.id);
  });

  it('needs the delete permission (403), and a token (401)', async () => {
    const a = await region(t);
    const viewer = await userWith(t, ['region.list', 'region.show']);
    const denied = await t.api({ method: 'POST', url: '/api/v1/region/bulk/delete', token: viewer.token, payload: { ids: [a.id] } });
    expect(denied.statusCode).toBe(403);
    const anonymous = await t.api({ method: 'POST', url: '/api/v1/region/bulk/delete', token: null, payload: { ids: [a.id] } });
    expect(anonymous.statusCode).toBe(401);
    expect(await ids('region')).toContain(a.id);
  });

  it('keeps the single delete\'s own rules: a user cannot delete themselves among others', async () => {
    const other = await userWith(t, []);
    const admin = (await t.api({ method: 'GET', url: '/api/v1/user/me' })).json() as { id: string };
    const res = await t.api({ method: 'POST', url: '/api/v1/user/bulk/delete', payload: { ids: [other.id, admin.id] } });
    expect(res.statusCode).toBe(409);
    expect(await ids('user/all')).toContain(other.id);
  });
});

describe('bulk edit', () => {
  it('moderates several cottages in one call, with cottage.moderate only', async () => {
    const waiting = (await t.api({ method: 'GET', url: `/api/v1/cottage?filter=${encodeURIComponent('{"cottageStatus":"progress"}')}` })).json() as { id: string }[];
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    const chosen = waiting.slice(0, 2).map((c) => c.id);

    const editor = await userWith(t, ['cottage.list', 'cottage.edit']);
    const denied = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', token: editor.token, payload: { ids: chosen, data: { cottageStatus: 'confirmed' } } });
    expect(denied.statusCode).toBe(403);

    const bad = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', payload: { ids: chosen, data: { cottageStatus: 'sold' } } });
    expect(bad.statusCode).toBe(400);
    const otherField = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', payload: { ids: chosen, data: { price: 1 } } });
    expect(otherField.statusCode).toBe(400);

    const moderator = await userWith(t, ['cottage.list', 'cottage.show', 'cottage.moderate']);
    const res = await t.api({ method: 'PATCH', url: '/api/v1/cottage/bulk/edit', token: moderator.token, payload: { ids: chosen, data: { cottageStatus: 'confirmed' } } });
    expect(res.statusCode).toBe(200);
    for (const id of chosen) {
      const cottage = (await t.api({ method: 'GET', url: `/api/v1/cottage/${id}` })).json() as { cottageStatus: string };
      expect(cottage.cottageStatus).toBe('confirmed');
    }
  });

  it('changes no order when one of them does not exist', async () => {
    const orders = (await t.api({ method: 'GET', url: '/api/v1/order/all/for/admin' })).json() as { id: string; orderStatus: string }[];
    const first = orders[0];
    const target = first.orderStatus === 'cancelled' ? 'success' : 'cancelled';
    const res = await t.api({ method: 'PATCH', url: '/api/v1/order/bulk/edit', payload: { ids: [first.id, randomUUID()], data: { orderStatus: target } } });
    expect(res.statusCode).toBe(404);
    const after = (await t.api({ method: 'GET', url: `/api/v1/order/${first.id}` })).json() as { orderStatus: string };
    expect(after.orderStatus).toBe(first.orderStatus);

    const ok = await t.api({ method: 'PATCH', url: '/api/v1/order/bulk/edit', payload: { ids: orders.slice(0, 2).map((o) => o.id), data: { orderStatus: target } } });
    expect(ok.statusCode).toBe(200);
    for (const o of orders.slice(0, 2)) expect((await t.api({ method: 'GET', url: `/api/v1/order/${o.id}` })).json().orderStatus).toBe(target);
  });
});

describe('CSV export', () => {
  it('holds exactly the rows of the filtered, sorted list, with readable columns in the request language', async () => {
    const filter = encodeURIComponent('{"cottageStatus":"confirmed"}');
    const sort = encodeURIComponent('["price","DESC"]');
    const listed = (await t.api({ method: 'GET', url: `/api/v1/cottage?filter=${filter}&sort=${sort}`, headers: { 'accept-language': 'ru' } })).json() as {
      id: string;
      name: string;
      region: { name: string };
    }[];
    expect(listed.length).toBeGreaterThan(0);
    const res = await t.api({ method: 'GET', url: `/api/v1/cottage/export?filter=${filter}&sort=${sort}`, headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cottage-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = csvRows(res.body);
    expect(rows.map((r) => r[0])).toEqual(listed.map((c) => c.id));
    // Nested records by their name in the request's language, and no translation ids.
    expect(header.some((h) => /TranslateId/.test(h))).toBe(false);
    expect(rows[0]).toContain(listed[0].name);
    expect(rows[0]).toContain(listed[0].region.name);
  });

  it("builds the cottages' rows in the database with the cells of their full records", async () => {
    const all = await ids('cottage');
    for (const lang of ['ru', 'en']) {
      const full = await loadCottages(t.database.db, all, lang);
      const rows = new Map((await loadCottageExportRows(t.database.db, all, lang)).map((r) => [r.id, r as Record<string, unknown>]));
      expect(rows.size).toBe(all.length);
      const columns = exportColumns('cottage', skeletonOf(cottageRecord) as Record<string, unknown>, lang);
      for (const record of full) {
        const row = rows.get(record.id)!;
        for (const column of columns) {
          // Images and placements have no name: the rows show their paths and services, the records' cells nothing.
          const expected =
            column.key === 'images'
              ? record.images.map((i) => i.image).join('; ')
              : column.key === 'premiumCottages'
                ? record.premiumCottages.map((p) => p.serviceCode).join('; ')
                : cellText(column.value(record));
          expect(cellText(column.value(row)), `${column.key} of ${record.id}`).toBe(expected);
        }
      }
    }
  });

  it('exports every row, beyond one page, and never a password', async () => {
    const res = await t.api({ method: 'GET', url: '/api/v1/user/export' });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(rows.length).toBe((await ids('user/all')).length);
    expect(header.join(',').toLowerCase()).not.toMatch(/password|hash|token/);
    expect(res.body).not.toMatch(/scrypt|\$[0-9a-f]{16}/);
  });

  it('answers the header row alone for an empty list, 400 for a bad filter and 403 without the list permission', async () => {
    const none = await t.api({ method: 'GET', url: `/api/v1/region/export?filter=${encodeURIComponent(`{"id":["${randomUUID()}"]}`)}` });
    expect(none.statusCode).toBe(200);
    expect(csvRows(none.body)).toHaveLength(1);
    expect((await t.api({ method: 'GET', url: `/api/v1/region/export?filter=${encodeURIComponent('{"nope":1}')}` })).statusCode).toBe(400);
    const stranger = await userWith(t, ['comfort.list']);
    expect((await t.api({ method: 'GET', url: '/api/v1/region/export', token: stranger.token })).statusCode).toBe(403);
  });
});
