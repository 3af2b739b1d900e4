import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, multipart, type TestContext } from './helpers';
import { bigBlob, notAnImage, pngImage } from './images';
import { definitions, languages } from '../src/server/db/schema';
import { fileExists, imageFile, PNG, retired, translation, userWith } from './fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/v1/language';

describe('languages', () => {
  it('lists the seeded languages in order, with Content-Range on a page', async () => {
    const all = await t.api({ method: 'GET', url });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((l: { code: string }) => l.code).slice(0, 3)).toEqual(['uz', 'ru', 'en']);
    expect(all.json()[0]).toMatchObject({ id: expect.any(String), title: expect.any(String), image: null, definitions: expect.any(Number) });
    const page = await t.api({ method: 'GET', url: `${url}?range=[0,1]&sort=["code","ASC"]` });
    expect(page.json().map((l: { code: string }) => l.code)).toEqual(['en', 'ru']);
    expect(page.headers['content-range']).toMatch(/^language 0-1\/\d+$/);
    const q = await t.api({ method: 'GET', url: `${url}?filter=${encodeURIComponent(JSON.stringify({ q: 'Русс' }))}` });
    expect(q.json().map((l: { code: string }) => l.code)).toEqual(['ru']);
  });

  it('creates with JSON or multipart (image optional), 201 with the record', async () => {
    const json = await t.api({ method: 'POST', url, payload: { code: 'KK', title: 'Qaraqalpaqsha' } });
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json()).toMatchObject({ code: 'kk', title: 'Qaraqalpaqsha', image: null, definitions: 0 });
    const form = multipart({ code: 'tg', title: 'Тоҷикӣ' }, [imageFile('image', PNG, 'flag.png')]);
    const withImage = await t.api({ method: 'POST', url, ...form });
    expect(withImage.statusCode, withImage.body).toBe(201);
    expect(withImage.json().image).toMatch(/^uploads\/images\/[\w-]+\.png$/);
    expect(fileExists(t, withImage.json().image)).toBe(true);
    const one = await t.api({ method: 'GET', url: `${url}/${withImage.json().id}` });
    expect(one.json()).toEqual(withImage.json());
  });

  it('validates code and title: required, ≤ 2 letters, unique (409)', async () => {
    const cases = [{ title: 'x' }, { code: 'abc', title: 'x' }, { code: 'ab' }, { code: 'a1', title: 'x' }, { code: 12, title: ['x'] }];
    for (const payload of cases) {
      const res = await t.api({ method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toBeTruthy();
    }
    const dup = await t.api({ method: 'POST', url, payload: { code: 'uz', title: 'Again' } });
    expect(dup.statusCode).toBe(409);
    const malformed = await t.api({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"code":' });
    expect(malformed.statusCode).toBe(400);
  });

  it('rejects a non-image (415) and an oversized file (413) and leaves no file behind', async () => {
    const before = await t.uploadedFiles();
    const text = await t.api({ method: 'POST', url, ...multipart({ code: 'zz', title: 'Z' }, [imageFile('image', notAnImage, 'evil.jpg')]) });
    expect(text.statusCode).toBe(415);
    const big = await t.api({ method: 'POST', url, ...multipart({ code: 'zy', title: 'Z' }, [imageFile('image', bigBlob(6 * 1024 * 1024), 'big.png')]) });
    expect(big.statusCode).toBe(413);
    const dupWithImage = await t.api({ method: 'POST', url, ...multipart({ code: 'uz', title: 'Z' }, [imageFile('image', PNG, 'a.png')]) });
    expect(dupWithImage.statusCode).toBe(409);
    expect(await t.uploadedFiles()).toEqual(before);
    const rows = await t.database.db.select().from(languages).where(eq(languages.code, 'zz'));
    expect(rows).toHaveLength(0);
  });

  it('edits the title (empty changes nothing), replaces the image and keeps the old file retired (for a revert)', async () => {
    const created = (await t.api({ method: 'POST', url, ...multipart({ code: 'ky', title: 'Kyrgyz' }, [imageFile('image', PNG, 'a.png')]) })).json();
    const edited = await t.api({ method: 'PATCH', url: `${url}/${created.id}`, payload: { title: 'Кыргызча' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ code: 'ky', title: 'Кыргызча', image: created.image });
    const empty = await t.api({ method: 'PATCH', url: `${url}/${created.id}`, payload: { title: '' } });
    expect(empty.json().title).toBe('Кыргызча');
    const clash = await t.api({ method: 'PATCH', url: `${url}/${created.id}`, payload: { code: 'ru' } });
    expect(clash.statusCode).toBe(409);

    const replaced = await t.api({ method: 'PATCH', url: `${url}/update/image/${created.id}`, ...multipart({}, [imageFile('image', await pngImage(20, 20), 'b.png')]) });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().image).not.toBe(created.image);
    expect(fileExists(t, replaced.json().image)).toBe(true);
    expect(await retired(t, created.image)).toBe(true);

    const missingFile = await t.api({ method: 'PATCH', url: `${url}/update/image/${created.id}`, ...multipart({}) });
    expect(missingFile.statusCode).toBe(400);
    const notImage = await t.api({ method: 'PATCH', url: `${url}/update/image/${created.id}`, ...multipart({}, [imageFile('image', notAnImage, 'x.jpg')]) });
    expect(notImage.statusCode).toBe(415);
    expect(fileExists(t, replaced.json().image)).toBe(true);
    const unknown = await t.api({ method: 'PATCH', url: `${url}/update/image/00000000-0000-4000-8000-000000000000`, ...multipart({}, [imageFile('image', PNG, 'b.png')]) });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes a language with its definitions and its image; 404 for unknown ids', async () => {
    const created = (await t.api({ method: 'POST', url, ...multipart({ code: 'de', title: 'Deutsch' }, [imageFile('image', PNG, 'a.png')]) })).json();
    const translationId = await translation(t, 'Haus');
    await t.api({ method: 'PATCH', url: `/api/v1/translate/${translationId}`, payload: { definition: { de: 'Haus' } } });
    expect((await t.api({ method: 'GET', url: `${url}/${created.id}` })).json().definitions).toBe(1);
    const deleted = await t.api({ method: 'DELETE', url: `${url}/${created.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: created.id, code: 'de' });
    expect(await t.database.db.select().from(definitions).where(eq(definitions.languageId, created.id))).toHaveLength(0);
    expect(await retired(t, created.image)).toBe(true);
    expect((await t.api({ method: 'DELETE', url: `${url}/${created.id}` })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: `${url}/not-a-uuid` })).statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await t.api({ method: 'GET', url, token: null })).statusCode).toBe(401);
    const reader = (await userWith(t, ['language.list'])).token;
    expect((await t.api({ method: 'GET', url, token: reader })).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url, token: reader, payload: { code: 'fr', title: 'Français' } })).statusCode).toBe(403);
    expect((await t.api({ method: 'DELETE', url: `${url}/00000000-0000-4000-8000-000000000000`, token: reader })).statusCode).toBe(403);
  });
});
