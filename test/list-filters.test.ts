/**
 * A read's filter is one door too (issue #32): every filterable field of every list is in the OpenAPI document with
 * its kind, and a value its kind cannot hold is a 400 naming the field, in the request's language — never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

type Schema = { description?: string; type?: string | string[]; format?: string; enum?: string[]; minimum?: number; maximum?: number; anyOf?: Schema[]; items?: Schema; properties?: Record<string, Schema> };
type Op = { parameters?: { in: string; name: string; schema?: Schema & { contentSchema?: Schema } }[] };

let t: TestContext;
let lists: { path: string; fields: Record<string, Schema> }[];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, Op>> };
  lists = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    const filter = methods.get?.parameters?.find((p) => p.in === 'query' && p.name === 'filter');
    const isList = methods.get?.parameters?.some((p) => p.name === 'range');
    if (filter && isList && !path.includes('{') && !path.endsWith('/export')) lists.push({ path, fields: filter.schema?.contentSchema?.properties ?? {} });
  }
}, 60_000);
afterAll(() => t.close());

const get = (path: string, filter: string, lang?: string) =>
  t.api({ method: 'GET', url: `${path}?range=[0,4]&filter=${encodeURIComponent(filter)}`, headers: lang ? { 'accept-language': lang } : {} });

/** The value of a field's schema (one value, not the list), e.g. `{type: 'boolean'}`. */
const one = (schema: Schema): Schema => schema.anyOf?.[0] ?? schema;

/** Raw JSON texts no field of that kind can hold. */
function wrongFor(schema: Schema): string[] {
  const s = one(schema);
  const hostile = ['"\\u0000"', '["ok","a\\u0000b"]'];
  if (s.type === 'string' && !s.format && !s.enum) return hostile;
  const common = [...hostile, '"garbage"', '1e400', '-1e+308', '""x"'.slice(1)];
  if (s.type === 'boolean') return [...common, '2', '"yes please"'];
  if (s.type === 'integer') return [...common, '1.5', '"12abc"', String(Number(s.maximum) + 1), '99999999999999999999999', 'true'];
  if (s.type === 'number') return [...common.filter((v) => v !== '-1e+308'), '"1e400"', 'true', '"1,5"'];
  if (s.format === 'date-time') return [...common, '1700000000', '"2024-13-45"', '"2024-05-01 25:00"', 'true'];
  if (s.format === 'uuid') return [...common, '"00000000-0000-0000-0000-00000000000g"', '12', 'true'];
  if (s.enum) return [...common, '"Garbage"', '1', 'true'];
  return common;
}

describe('list filters', () => {
  it('every list documents its filterable fields with their kinds', () => {
    expect(lists.length).toBeGreaterThan(10);
    for (const list of lists) {
      expect(Object.keys(list.fields), list.path).toContain('id');
      for (const [name, schema] of Object.entries(list.fields)) expect(one(schema).type, `${list.path} ${name}`).toBeDefined();
    }
    const types = lists.find((l) => l.path === '/api/v1/cottage-type')!;
    expect(one(types.fields.hidePrice)).toEqual({ type: 'boolean' });
    expect(one(types.fields.createdAt)).toEqual({ type: 'string', format: 'date-time' });
  });

  it('the review\'s values on cottage-type hidePrice: 400 naming the field, in the request\'s language', async () => {
    for (const value of ['"garbage"', '1e400', '-1e+308', '"\\u0000"']) {
      const res = await get('/api/v1/cottage-type', `{"hidePrice":${value}}`, 'en');
      expect(res.statusCode, `${value} → ${res.body}`).toBe(400);
      expect(res.json().fields).toEqual({ hidePrice: 'Filter "hidePrice" takes true or false (or a list of them)' });
    }
    expect((await get('/api/v1/cottage-type', '{"hidePrice":"garbage"}', 'ru')).json().message).toBe('Фильтр «hidePrice» принимает true или false (или их список)');
    expect((await get('/api/v1/cottage-type', '{"hidePrice":"garbage"}', 'uz')).json().message).toMatch(/^"hidePrice" filtri true yoki false/);
    // A client that names no language reads English, as the original API answered.
    expect((await get('/api/v1/cottage-type', '{"hidePrice":"garbage"}')).json().message).toMatch(/^Filter "hidePrice" takes true or false/);
  });

  it('every field of every list refuses the values its kind cannot hold with a 400, never a 500', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const list of lists) {
      for (const [name, schema] of Object.entries(list.fields)) {
        if (name === 'q') continue;
        for (const value of wrongFor(schema)) {
          const res = await get(list.path, `{${JSON.stringify(name)}:${value}}`, 'en');
          checked++;
          // A list's own filter (`description` says so) checks its values itself: any answer but a 5xx.
          const own = schema.description !== undefined;
          if (own ? res.statusCode >= 500 : res.statusCode !== 400 || !res.json().fields?.[name]) failures.push(`${list.path} ${name}=${value} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  });

  it('valid values filter as before', async () => {
    expect((await get('/api/v1/cottage-type', '{"hidePrice":true}')).statusCode).toBe(200);
    expect((await get('/api/v1/cottage-type', '{"hidePrice":"false"}')).statusCode).toBe(200);
    expect((await get('/api/v1/cottage-type', '{"hidePrice":[true,"f"]}')).statusCode).toBe(200);
    expect((await get('/api/v1/cottage-type', '{"createdAt":"infinity"}')).statusCode).toBe(200);
    expect((await get('/api/v1/cottage-type', '{"id":[]}')).statusCode).toBe(200);
    expect((await get('/api/v1/cottage', '{"price":100,"status":["active"]}')).statusCode).toBe(200);
  });
});
