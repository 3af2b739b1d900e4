/**
 * What the server says to a person is in their language (issue #34, item 2): an error carries a message rendered by
 * the error plugin in the request's Accept-Language (uz, ru, en), and in English for a client that names none — as
 * the original API answered. Each case is a refusal an operator meets on a screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { region, service, tariff } from './fixtures';

let t: TestContext;
const api = '/api/v1';
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inLang = async (lang: string | undefined, request: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }) => {
  const res = await t.api({ ...request, url: `${api}/${request.url}`, headers: lang ? { 'accept-language': lang } : {} });
  return { status: res.statusCode, message: res.json().message as string, fields: res.json().fields as Record<string, string> | undefined };
};
/** Words of English that no uz or ru message should hold (names and codes aside). */
const ENGLISH = /\b(the|is|not|found|cannot|must|already|has|still|delete|first|you|this|of|with|no)\b/i;

describe('server messages in the reader’s language', () => {
  it('a 404 names the record in the screen’s own word', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await inLang('uz', { method: 'GET', url: `region/${id}` })).message).toBe('Viloyat topilmadi');
    expect((await inLang('ru', { method: 'GET', url: `region/${id}` })).message).toBe('Не найдено: Область');
    expect((await inLang('en', { method: 'GET', url: `region/${id}` })).message).toBe('Region not found');
    expect((await inLang(undefined, { method: 'GET', url: `region/${id}` })).message).toBe('Region not found');
    // A header that names none of uz, ru and en (Node's fetch sends `*`) reads English; the first of ours named wins.
    expect((await inLang('*', { method: 'GET', url: `region/${id}` })).message).toBe('Region not found');
    expect((await inLang('fr-FR, ru;q=0.5', { method: 'GET', url: `region/${id}` })).message).toBe('Не найдено: Область');
  });

  it('a delete blocked by dependents, a name taken, a bulk refusal and an unknown route', async () => {
    const s = await service(t);
    const tr = await tariff(t, s.id);
    const blocked = async (lang?: string) => (await inLang(lang, { method: 'DELETE', url: `services/delete/${s.id}` })).message;
    expect(await blocked('en')).toBe('The service still has 1 tariff; delete them first');
    expect(await blocked()).toBe('The service still has 1 tariff; delete them first');
    expect(await blocked('ru')).toBe('У услуги ещё есть тарифы (1); сначала удалите их');
    expect(await blocked('uz')).toBe('Xizmatda hali 1 ta tarif bor; avval ularni oʻchiring');
    expect(tr.id).toBeTruthy();

    const taken = async (lang: string) => (await inLang(lang, { method: 'POST', url: 'language', payload: { code: 'uz', title: 'Again' } })).message;
    expect(await taken('ru')).toBe('Язык с кодом «uz» уже есть');

    const r = await region(t, 'Bulk named');
    const bulk = await inLang('uz', { method: 'POST', url: 'region/bulk/delete', payload: { ids: [r.id, '00000000-0000-4000-8000-000000000001'] } });
    expect(bulk.status).toBe(404);
    expect(bulk.message).toBe('Viloyat 00000000-0000-4000-8000-000000000001: Viloyat topilmadi; hech narsa oʻzgarmadi');

    expect((await inLang('ru', { method: 'GET', url: 'no/such/route' })).message).toBe('Адрес GET /api/v1/no/such/route не найден');
  });

  it('the audit export names changed fields by the screens’ labels; English keeps the keys', async () => {
    const created = await t.api({ method: 'POST', url: `${api}/language`, payload: { code: 'kk', title: 'Qazaq' } });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await t.api({ method: 'PATCH', url: `${api}/language/${created.json().id}`, payload: { title: 'Qazaqsha' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const exported = async (lang: string) =>
      (await t.api({ method: 'GET', url: `${api}/audit/export?filter=${encodeURIComponent(JSON.stringify({ resource: 'language' }))}`, headers: { 'accept-language': lang } })).body;
    expect(await exported('ru')).toContain('Язык: Qazaq → Qazaqsha');
    expect(await exported('en')).toContain('title: Qazaq → Qazaqsha');
  });

  it('the refusals of the error plugin itself: bad JSON, a missing token', async () => {
    const json = await t.app.inject({ method: 'POST', url: `${api}/role/add`, headers: { 'content-type': 'application/json', 'accept-language': 'ru', authorization: `Bearer ${(await t.login()).accessToken}` }, payload: '{"name":' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Тело запроса — некорректный JSON');
    const anonymous = await t.app.inject({ method: 'GET', url: `${api}/region`, headers: { 'accept-language': 'uz' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Iltimos, tizimga kiring: kirish tokeni yoʻq');
    for (const lang of ['uz', 'ru']) {
      for (const m of [(await inLang(lang, { method: 'GET', url: 'region/00000000-0000-4000-8000-000000000000' })).message, anonymous.json().message]) expect(m).not.toMatch(ENGLISH);
    }
  });
});
