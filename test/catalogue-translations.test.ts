import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { definitions, translations } from '../src/server/db/schema';
import { translation, userWith, uniqueCode } from './fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/v1/translate';
const ids = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((r) => r.id);

describe('translations', () => {
  it('creates with a definition for every language; 201 with the record, status inactive', async () => {
    const code = uniqueCode('hello');
    const res = await t.api({ method: 'POST', url, payload: { code, type: 'content', definition: { uz: 'Salom', ru: 'Привет', en: 'Hello' } } });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ code, type: 'content', status: 'inactive', value: 'Salom', usedBy: null });
    expect(body.definition.map((d: { language: { code: string }; value: string }) => [d.language.code, d.value])).toEqual([
      ['uz', 'Salom'],
      ['ru', 'Привет'],
      ['en', 'Hello'],
    ]);
    const one = await t.api({ method: 'GET', url: `${url}/${body.id}`, headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(one.json().value).toBe('Привет');
    const list = await t.api({ method: 'GET', url });
    expect(list.json().find((r: { id: string }) => r.id === body.id)).toMatchObject({ code, status: 'inactive' });
    expect((await t.api({ method: 'GET', url: `${url}/unused` })).json().map((r: { id: string }) => r.id)).toContain(body.id);
  });

  it('rejects bad input with 400 and a duplicate code with 409', async () => {
    const bad = [
      {},
      { code: 'x', type: 'content' },
      { code: 'x', type: 'other', definition: { uz: 'a', ru: 'b', en: 'c' } },
      { code: 'x', type: 'content', definition: { uz: 'a', ru: 'b' } },
      { code: 'x', type: 'content', definition: { uz: 'a', ru: 'b', en: '' } },
      { code: 'x', type: 'content', definition: { uz: 'a', ru: 'b', en: 'c', xx: 'd' } },
      { code: 'x', type: 'content', definition: { uz: 1, ru: 'b', en: 'c' } },
      { code: 'x', type: 'content', definition: 'uz' },
      { code: 'x', type: 'content', definition: { uz: 'a', UZ: 'b', ru: 'b', en: 'c' } },
      { code: '', type: 'content', definition: { uz: 'a', ru: 'b', en: 'c' } },
    ];
    for (const payload of bad) {
      const res = await t.api({ method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload) + res.body).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const code = uniqueCode('dup');
    await translation(t, 'first', { code });
    const dup = await t.api({ method: 'POST', url, payload: { code, type: 'error', definition: { uz: 'a', ru: 'b', en: 'c' } } });
    expect(dup.statusCode).toBe(409);
    expect(await t.database.db.select().from(translations).where(eq(translations.code, 'x'))).toHaveLength(0);
  });

  it('edits definitions (given ones replaced, others kept), code and type; accepts the list shape too', async () => {
    const id = await translation(t, 'Door');
    const res = await t.api({ method: 'PATCH', url: `${url}/${id}`, payload: { definition: { ru: 'Дверь' } } });
    expect(res.statusCode, res.body).toBe(200);
    const values = Object.fromEntries(res.json().definition.map((d: { language: { code: string }; value: string }) => [d.language.code, d.value]));
    expect(values).toEqual({ uz: 'Door uz', ru: 'Дверь', en: 'Door en' });
    const listShape = await t.api({
      method: 'PATCH',
      url: `${url}/${id}`,
      payload: { type: 'error', status: 'active', definition: [{ value: 'Eshik', language: { code: 'uz' } }] },
    });
    expect(listShape.statusCode, listShape.body).toBe(200);
    expect(listShape.json()).toMatchObject({ type: 'error', status: 'inactive', value: 'Eshik' });
    expect((await t.api({ method: 'PATCH', url: `${url}/${id}`, payload: { definition: { ru: '' } } })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url: `${url}/${id}`, payload: { definition: { qq: 'x' } } })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url: `${url}/${id}`, payload: { type: 'nope' } })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url: `${url}/00000000-0000-4000-8000-000000000000`, payload: { definition: { uz: 'x' } } })).statusCode).toBe(404);
    const other = await translation(t, 'Other', { code: uniqueCode('other') });
    const otherCode = (await t.api({ method: 'GET', url: `${url}/${other}` })).json().code;
    expect((await t.api({ method: 'PATCH', url: `${url}/${id}`, payload: { code: otherCode } })).statusCode).toBe(409);
  });

  it('falls back to the default language when the request language is unknown or has no definition', async () => {
    const id = await translation(t, 'Window');
    const unknown = await t.api({ method: 'GET', url: `${url}/${id}`, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().value).toBe('Window uz');
    const garbage = await t.api({ method: 'GET', url: `${url}/${id}`, headers: { 'accept-language': ';;;q=abc,,' } });
    expect(garbage.json().value).toBe('Window uz');
  });

  it('lists with range, sort and q (on code and on any definition)', async () => {
    const marker = uniqueCode('zebra');
    // a is older and first by code, b first by value: each sort below picks a different first row.
    const a = await translation(t, `${marker} omega`, { code: `${marker}_a` });
    const b = await translation(t, `${marker} beta`, { code: `${marker}_b` });
    const q = await t.api({ method: 'GET', url: `${url}?filter=${encodeURIComponent(JSON.stringify({ q: marker }))}&sort=["code","DESC"]` });
    expect(ids(q)).toEqual([b, a]);
    expect(q.headers['x-total-count']).toBe('2');
    const byText = await t.api({ method: 'GET', url: `${url}?filter=${encodeURIComponent(JSON.stringify({ q: `${marker} beta ru` }))}` });
    expect(ids(byText)).toEqual([b]);
    const page = await t.api({ method: 'GET', url: `${url}?range=[0,0]&sort=["value","ASC"]&filter=${encodeURIComponent(JSON.stringify({ q: marker }))}` });
    expect(ids(page)).toEqual([b]);
    expect(page.headers['content-range']).toBe('translate 0-0/2');
    const status = await t.api({ method: 'GET', url: `${url}?filter=${encodeURIComponent(JSON.stringify({ status: 'inactive', id: [a] }))}` });
    expect(ids(status)).toEqual([a]);
    expect((await t.api({ method: 'GET', url: `${url}?sort=["nope","ASC"]` })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: `${url}?range=oops` })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: `${url}/unused?filter=${encodeURIComponent(JSON.stringify({ q: marker }))}` })).json()).toHaveLength(2);
  });

  it('deletes an unused translation with its definitions, answering the record', async () => {
    const id = await translation(t, 'Bye');
    const res = await t.api({ method: 'DELETE', url: `${url}/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'inactive' });
    expect(await t.database.db.select().from(definitions).where(eq(definitions.translationId, id))).toHaveLength(0);
    expect((await t.api({ method: 'DELETE', url: `${url}/${id}` })).statusCode).toBe(404);
    expect((await t.api({ method: 'DELETE', url: `${url}/nope` })).statusCode).toBe(404);
  });

  it('answers 401 and 403', async () => {
    expect((await t.api({ method: 'GET', url: `${url}/unused`, token: null })).statusCode).toBe(401);
    expect((await t.api({ method: 'POST', url, token: null, payload: { code: 'a', type: 'content', definition: { uz: 'a' } } })).statusCode).toBe(401);
    const reader = (await userWith(t, ['translate.list'])).token;
    expect((await t.api({ method: 'GET', url: `${url}/unused`, token: reader })).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url, token: reader, payload: { code: 'a', type: 'content', definition: { uz: 'a', ru: 'a', en: 'a' } } })).statusCode).toBe(403);
    expect((await t.api({ method: 'PATCH', url: `${url}/00000000-0000-4000-8000-000000000000`, token: reader, payload: {} })).statusCode).toBe(403);
    expect((await t.api({ method: 'DELETE', url: `${url}/00000000-0000-4000-8000-000000000000`, token: reader })).statusCode).toBe(403);
  });
});
