/**
 * No English reaches a reader of uz or ru (issue #34, item 2): every kind of refusal the server can give — bad bodies,
 * bad filters and list parameters, missing records, a user without the permission, names taken, dependents, import
 * errors, two-factor and session refusals, the throttle — is provoked with `Accept-Language: uz` and `ru`, and no
 * `message` or `fields` value may hold a common English word. Names and codes are not words here: quoted values,
 * paths, ids and a few proper nouns (SUPER-ADMIN, CSV, JSON, ETag…) are taken out before the check.
 *
 * The walk: every operation of the served OpenAPI document, with a missing record's id, an empty body and a body of
 * wrong types, then with a user who holds one permission; every list with broken `filter`, `sort` and `range`; then a
 * seeded slice of test/fuzz-kit.ts's garbage in each language; then the refusals that need a state first.
 */
// The walk per language is one test file each (messages-sweep-uz.test.ts, messages-sweep-ru.test.ts), so the two run
// side by side on the suite's two workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, multipart, type TestContext } from './helpers';
import { adminId, PNG, region, service, tariff, userWith } from './fixtures';
import { runFuzz } from './fuzz-kit';
import { roles } from '../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { SUPER_ADMIN_ROLE } from '../src/shared/enums';
import { PATHS } from '../src/shared/paths';

/** Common English words (and zod's and HTTP's) that a uz or ru message never needs. */
const ENGLISH_WORDS = `the is are was were be been not must required cannot can could found number numbers invalid unknown missing
already has have had still first you your this that these those of with no only one too many at most least more than takes
take value values expected received should wrong please again try enter send file page error errors nothing imported delete
them record records permission empty characters character text whole integer object array string boolean true false
exist exists does do did name named need needs needed before after out off on turn change changed open close some
there their it its an and or but for from into in by to as if when where which what who start setup code codes password
current new old session ended expired valid allowed allowed too large long short less greater equal or date time and
header headers column columns row rows list lists export import query queries saved owner only body content type types
per account panels server shortly tab tabs any every each all none least exceeds`.split(/\s+/);
const ENGLISH = new RegExp(`(?<![\\p{L}\\p{N}ʻʼ'’-])(${ENGLISH_WORDS.filter(Boolean).join('|')})(?![\\p{L}\\p{N}ʻʼ'’-])`, 'iu');
/** Names and codes, not words: quoted values, paths and URLs, ids, field keys, header names and proper nouns. */
/** The request bodies' property names (`name`, `description`…): written as they are, lower case, they are keys. */
const FIELD_KEYS = new Set<string>();
function withoutNamesAndCodes(text: string, keys: string[] = []): string {
  const known = new Set(keys.flatMap((k) => k.split('.')));
  return text
    .replace(/[A-Za-z]+/g, (w) => (FIELD_KEYS.has(w) ? ' ' : w))
    // A list of allowed values after a colon ("…: content, error") and a field's key before one ("name: …") are codes.
    .replace(/:\s*[\w-]+(?:,\s*[\w-]+)+\s*$/u, ' ')
    .replace(/[\w.-]+(?=:)/gu, (w) => (w.split('.').every((part) => known.has(part) || /^\d+$/.test(part)) ? ' ' : w))
    .replace(/"[^"]*"|«[^»]*»|“[^”]*”|„[^“”]*[“”]|`[^`]*`/g, ' ')
    .replace(/\S*[/_=[\]{}()0-9]\S*|\S+\.\S+/g, ' ')
    .replace(/\b(SUPER-ADMIN|CSV|JSON|ETag|HTTP|URL|If-Match|If-Unmodified-Since|Last-Event-ID|Accept-Language|ASC|DESC|UTF-8|TOTP|multipart|form-data|refreshToken|updatedAt|cottageStatus|sortOrder|dryRun|top|recommended|true|false|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g, ' ');
}
function englishIn(text: string, keys?: string[]): string | undefined {
  return ENGLISH.exec(withoutNamesAndCodes(text, keys))?.[1];
}

let t: TestContext;
const api = '/api/v1';
const NO_ID = '00000000-0000-4000-8000-00000000abcd';
let LANGS: readonly ('uz' | 'ru')[] = [];
/** Every English text seen: `lang status request → text`. */
const found = new Set<string>();
/** Statuses and requests checked, so the walk proves it reached the refusals it claims. */
const seen = { answers: 0, byStatus: {} as Record<number, number> };

function check(lang: string, request: string, status: number, body: string) {
  if (status < 400) return;
  seen.answers++;
  seen.byStatus[status] = (seen.byStatus[status] ?? 0) + 1;
  let json: { message?: unknown; fields?: unknown; errors?: unknown };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    return;
  }
  const texts: string[] = [];
  if (typeof json.message === 'string') texts.push(json.message);
  if (json.fields && typeof json.fields === 'object') for (const v of Object.values(json.fields)) if (typeof v === 'string') texts.push(v);
  // An import's rows: `errors: [{row, field?, message}]`.
  if (Array.isArray(json.errors)) for (const e of json.errors as { message?: unknown }[]) if (typeof e?.message === 'string') texts.push(e.message);
  const keys = json.fields && typeof json.fields === 'object' ? Object.keys(json.fields) : [];
  for (const text of texts) {
    const word = englishIn(text, keys);
    if (word) found.add(`${lang} ${status} ${request.slice(0, 140)} → "${word}" in ${JSON.stringify(text).slice(0, 200)}`);
  }
}

type Doc = { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>> };
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; anyOf?: Schema[]; allOf?: Schema[]; oneOf?: Schema[] };

/** A value of the wrong type for a property: text for a number, a number for text, an object for a list. */
function wrong(schema: Schema | undefined): unknown {
  const types = [schema?.type, ...(schema?.anyOf ?? schema?.oneOf ?? []).map((s) => s.type)].flat().filter(Boolean);
  if (types.includes('number') || types.includes('integer')) return 'abc';
  if (types.includes('boolean')) return 'maybe';
  if (types.includes('array')) return { x: 1 };
  if (types.includes('object')) return 'plain';
  return 12345;
}
const propertiesOf = (schema: Schema | undefined): Record<string, Schema> =>
  Object.assign({}, schema?.properties, ...(schema?.allOf ?? schema?.anyOf ?? []).map((s) => s.properties ?? {}));


async function send(lang: string, token: string | undefined, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: method.toUpperCase() as 'GET',
    url,
    headers: { 'accept-language': lang, ...(token && { authorization: `Bearer ${token}` }), ...headers },
    ...(payload !== undefined && { payload: payload as object }),
    remoteAddress: '10.77.0.1',
  });
  if (process.env.SWEEP_TRACE) console.log(res.statusCode, method, url, res.body.slice(0, 200));
  check(lang, `${method.toUpperCase()} ${url} ${payload === undefined ? '' : JSON.stringify(payload).slice(0, 80)}`, res.statusCode, res.body);
  return res;
}

export function englishDetectorTest() {
  describe('the English detector', () => {
    it('finds English in a message and lets names, codes and uz or ru through', () => {
      expect(englishIn('Password is required')).toBeTruthy();
      expect(englishIn('Must be a number')).toBeTruthy();
      expect(englishIn('Audit entry not found')).toBeTruthy();
      expect(englishIn('Unknown columns: "x". The file must have the headers')).toBeTruthy();
      expect(englishIn('Invalid input: expected string, received undefined')).toBeTruthy();
      expect(englishIn('Xizmatda hali 1 ta tarif bor; avval ularni oʻchiring')).toBeUndefined();
      expect(englishIn('Не найдено: Область')).toBeUndefined();
      expect(englishIn('Notoʻgʻri soʻrov: filter: Nomaʼlum filtr "is not"')).toBeUndefined();
      expect(englishIn('SUPER-ADMIN rolini oʻchirib boʻlmaydi')).toBeUndefined();
      expect(englishIn('Адрес GET /api/v1/no/such/route не найден')).toBeUndefined();
    });
  });
}

/** The whole walk with `Accept-Language: lang`, on an app of its own; `seed` picks the fuzz's slice. */
export function sweepIn(lang: 'uz' | 'ru', seed: number) {
  beforeAll(async () => {
    LANGS = [lang];
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());
  describe(`every refusal in ${lang}`, () => {
    it('walks the OpenAPI document, the lists, the fuzz, and the refusals that need a state', { timeout: 240_000 }, async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Doc;
      const admin = (await t.login()).accessToken;
      const weak = await userWith(t, ['region.list']);
      const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })));
      for (const { op } of ops) for (const key of Object.keys(propertiesOf(Object.values(op.requestBody?.content ?? {})[0]?.schema))) FIELD_KEYS.add(key);
      const skip = (method: string, path: string) => path.endsWith('/events') || path.includes('logout') || (method === 'get' && path.includes('/export'));

      for (const lang of LANGS) {
        for (const { method, path, op } of ops) {
          if (skip(method, path)) continue;
          const url = path.replace(/\{[^}]+\}/g, NO_ID);
          const hasBody = method !== 'get' && method !== 'delete';
          const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
          const props = propertiesOf(schema);
          // A missing record, an empty body, then every property of the wrong type; then a user without the permission.
          await send(lang, admin, method, url, hasBody ? {} : undefined);
          if (hasBody && Object.keys(props).length) await send(lang, admin, method, url, Object.fromEntries(Object.entries(props).map(([k, s]) => [k, wrong(s)])));
          if (hasBody) await send(lang, admin, method, url, [1]);
          await send(lang, weak.token, method, url, hasBody ? {} : undefined);
          const isList = method === 'get' && (op.parameters ?? []).some((p) => p.name === 'range');
          if (isList) {
            for (const query of ['filter={"nosuchfield":1}', 'filter={"id":{"a":1}}', 'filter=[1', 'filter=5', 'sort=["nosuchfield","ASC"]', 'sort=["id","UP"]', 'range=[5,1]', 'range=[0,100000]', 'range=x']) {
              await send(lang, admin, 'get', `${url}?${encodeURI(query)}`);
            }
          }
        }
      }

      // Refusals that need a state first.
      const s = await service(t);
      await tariff(t, s.id);
      const r = await region(t, 'Sweep region');
      await t.api({ method: 'POST', url: `${api}/place/add`, payload: { name: (await t.api({ method: 'POST', url: `${api}/translate/add`, payload: { code: `sweep_place`, definition: { uz: 'Joy', ru: 'Место', en: 'Place' } } })).json().id, regionId: r.id } });
      const csv = (text: string) => multipart({}, [{ field: 'file', filename: 'region.csv', content: Buffer.from(text), type: 'text/csv' }]);
      for (const lang of LANGS) {
        await send(lang, admin, 'delete', `${api}/services/delete/${s.id}`);
        await send(lang, admin, 'delete', `${api}/region/delete/${NO_ID}`);
        await send(lang, admin, 'post', `${api}/language`, { code: 'uz', title: 'Again' });
        await send(lang, admin, 'post', `${api}/role/add`, { name: SUPER_ADMIN_ROLE, permissions: [] });
        await send(lang, admin, 'post', `${api}/region/bulk/delete`, { ids: [r.id, NO_ID] });
        for (const file of ['', 'nosuch,columns\n1,2\n', 'name\nX\n', '#,name\n"unclosed\n', `#,${'x'}\n${NO_ID},y\n`]) {
          const body = csv(file);
          await send(lang, admin, 'post', `${api}/region/import?dryRun=true`, body.payload, body.headers);
        }
        // Row errors: an unknown id, a related record nobody is called, a price that is not a number.
        for (const [route, file] of [['region', `#;Name (uz)\r\n${NO_ID};Joy\r\n`], ['place', '#;Name (uz);Region\r\n;Joy;Nowhere land\r\n'], ['cottage', '#;Name;Price\r\n;Dacha;abc\r\n']]) {
          const body = multipart({}, [{ field: 'file', filename: `${route}.csv`, content: Buffer.from(file), type: 'text/csv' }]);
          const res = await send(lang, admin, 'post', `${api}/${route}/import?dryRun=true`, body.payload, body.headers);
          if (route !== 'cottage') expect(res.json().errors?.length, res.body).toBeGreaterThan(0);
        }
        const tariffCsv = multipart({}, [{ field: 'file', filename: 'tariff.csv', content: Buffer.from('#,days,price\n,abc,xyz\n'), type: 'text/csv' }]);
        await send(lang, admin, 'post', `${api}/tariff/import?dryRun=true`, tariffCsv.payload, tariffCsv.headers);
        await send(lang, admin, 'post', `${api}/region/import`, { file: 'x' });
        await send(lang, admin, 'get', `${api}/region/export?format=xml&delimiter=abc`);
        await send(lang, admin, 'get', `${api}/audit?filter=${encodeURIComponent('{"from":"never"}')}`);
        await send(lang, admin, 'get', `${api}/cottage?filter=${encodeURIComponent('{"priceFrom":"abc","regionId":["nope"]}')}`);
        await send(lang, admin, 'get', `${api}/cottage?sortOrder=up`);
        await send(lang, admin, 'patch', `${api}/region/edit/${r.id}`, { name: (await t.api({ method: 'GET', url: `${api}/region/${r.id}` })).json().nameTranslateId }, { 'if-match': '"garbage"' });
        await send(lang, admin, 'patch', `${api}/region/edit/${r.id}`, {}, { 'if-unmodified-since': 'yesterday' });
        await send(lang, admin, 'patch', `${api}/region/edit/${r.id}`, {}, { 'if-match': '"2000-01-01T00:00:00.000Z"' });
        // Two-factor and sessions.
        await send(lang, weak.token, 'post', `${api}/auth/2fa/enable`, { password: weak.password, code: '000000' });
        await send(lang, weak.token, 'post', `${api}/auth/2fa/disable`, { password: weak.password, code: '000000' });
        await send(lang, weak.token, 'delete', `${api}/auth/sessions/${NO_ID}`);
        await send(lang, weak.token, 'post', `${api}/${PATHS.myPassword}`, { currentPassword: 'wrong-password', newPassword: 'a-much-Longer-pass-42!' });
        await send(lang, undefined, 'post', `${api}/auth/refresh`, undefined, { refreshtoken: 'garbage' });
        await send(lang, undefined, 'post', `${api}/auth/refresh`);
        await send(lang, admin, 'post', `${api}/saved-query/add`, { resource: 'nosuch', name: 'x', query: { filter: {}, sort: { field: 'id', order: 'ASC' } } });
        await send(lang, weak.token, 'post', `${api}/saved-query/add`, { resource: 'order', name: 'x', query: { filter: {}, sort: { field: 'id', order: 'ASC' } } });
        await send(lang, admin, 'post', `${api}/saved-query/add`, { resource: 'region', name: 'x', query: { filter: { nosuch: 1 }, sort: { field: 'id', order: 'ASC' } } });
        await send(lang, admin, 'put', `${api}/presence`, { resource: 'nosuch', id: NO_ID });
        await send(lang, admin, 'put', `${api}/presence`, { resource: 'region', id: NO_ID });
        await send(lang, admin, 'delete', `${api}/presence`, {});
        // The login throttle, last: wrong passwords until it answers 429.
        for (let i = 0; i < 14; i++) {
          const res = await t.app.inject({ method: 'POST', url: `${api}/auth/login/admin`, headers: { 'accept-language': lang }, remoteAddress: '10.77.0.9', payload: { username: `nobody-${lang}`, password: 'wrong', userAgent: 'sweep' } });
          check(lang, 'POST login (throttle)', res.statusCode, res.body);
          if (res.statusCode === 429) break;
        }
      }

      // The fuzz's garbage, a seeded slice per language, last (it may change what the cases above need).
      const [superAdmin] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE));
      for (const lang of LANGS) {
        await runFuzz({ app: t.app, seed, requests: Number(process.env.SWEEP_FUZZ ?? 250), admin: ADMIN, protectedIds: [await adminId(t), superAdmin.id], png: PNG, language: lang, onAnswer: (request, status, body) => check(lang, request, status, body) });
      }

      console.log(`messages sweep: ${seen.answers} refusals read, by status ${JSON.stringify(seen.byStatus)}`);
      expect(seen.byStatus[400]).toBeGreaterThan(50);
      expect(seen.byStatus[403]).toBeGreaterThan(25);
      expect(seen.byStatus[404]).toBeGreaterThan(25);
      expect(seen.byStatus[409]).toBeGreaterThan(0);
      console.log([...found].sort().join('\n'));
      expect([...found].sort()).toEqual([]);
    });
  });
}
