/** Bad input of every shape on every catalogue write and list answers a 4xx with a message, never a 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestContext } from './helpers';
import { notAnImage } from './images';
import { imageFile, translation } from './fixtures';

let t: TestContext;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  const region = await t.api({ method: 'POST', url: '/api/v1/region/add', payload: { name: await translation(t, 'R') } });
  ids.region = region.json().id;
  ids.translate = await translation(t, 'Free');
});
afterAll(() => t.close());

const garbage: unknown[] = [
  null,
  [],
  ['a'],
  'text',
  42,
  { name: { nested: true } },
  { name: ['a', 'b'] },
  { code: ['uz'], title: { x: 1 } },
  { definition: [1, 2] },
  { definition: { uz: { deep: 1 } } },
  { days: { n: 1 }, price: [1], service_id: 7, type: null, description: true },
  { regionId: ['x'], hidePrice: { a: 1 } },
  { cottageId: 1, tariffId: [] },
];

describe('robustness', () => {
  it('never answers 500 to malformed bodies', async () => {
    const writes: [string, string][] = [
      ['POST', 'language'],
      ['PATCH', `language/${'00000000-0000-4000-8000-000000000000'}`],
      ['POST', 'translate'],
      ['PATCH', 'translate/:translate'],
      ['POST', 'region/add'],
      ['PATCH', 'region/edit/:region'],
      ['POST', 'place/add'],
      ['POST', 'comfort/add'],
      ['POST', 'cottage-type/add'],
      ['POST', 'services/add'],
      ['POST', 'tariff/add'],
      ['PATCH', 'tariff/edit/00000000-0000-4000-8000-000000000000'],
      ['DELETE', 'tariff/disable'],
    ];
    const failures: string[] = [];
    for (const [method, path] of writes) {
      const url = `/api/v1/${path.replace(/:(\w+)/, (_, k: string) => ids[k])}`;
      for (const body of garbage) {
        const res = await t.api({ method: method as 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        // An edit may ignore keys it does not know (nothing changes), but a body that is no object is a 400.
        const lenient = method === 'PATCH' && body !== null && typeof body === 'object' && !Array.isArray(body);
        if (res.statusCode >= 500 || (res.statusCode < 400 && !lenient)) failures.push(`${method} ${path} ${JSON.stringify(body)} → ${res.statusCode} ${res.body}`);
        else if (res.statusCode >= 400 && !res.json().message) failures.push(`${method} ${path} → no message`);
      }
      const form = await t.api({ method: method as 'POST', url, ...multipart({ name: 'x', code: 'zz' }, [imageFile('image', notAnImage, 'x.jpg')]) });
      if (form.statusCode >= 500) failures.push(`${method} ${path} multipart → ${form.statusCode} ${form.body}`);
      const text = await t.api({ method: method as 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
      if (text.statusCode >= 500) failures.push(`${method} ${path} text → ${text.statusCode} ${text.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('never answers 500 to malformed list parameters', async () => {
    const lists = ['language', 'translate', 'translate/unused', 'region', 'place', 'comfort', 'cottage-type', 'services', 'tariff'];
    const params = [
      'range=[5,1]',
      'range={}',
      'sort=[1,2]',
      'sort=["name","SIDEWAYS"]',
      'filter=[]',
      `filter=${encodeURIComponent('{"createdAt":"yesterday"}')}`,
      `filter=${encodeURIComponent('{"id":["not-a-uuid"]}')}`,
      `filter=${encodeURIComponent('{"id":[{"a":1}]}')}`,
      `filter=${encodeURIComponent('{"q":{"a":1}}')}`,
      `filter=${encodeURIComponent('{"q":"%_\\\\"}')}`,
      `filter=${encodeURIComponent('{"regionId":"x","hidePrice":"maybe","days":"many","service_id":"x","status":"x"}')}`,
    ];
    const failures: string[] = [];
    for (const list of lists) {
      for (const p of params) {
        const res = await t.api({ method: 'GET', url: `/api/v1/${list}?${p}` });
        if (res.statusCode >= 500) failures.push(`${list}?${decodeURIComponent(p)} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
