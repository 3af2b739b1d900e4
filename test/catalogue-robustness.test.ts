/**
 * Bad input to the catalogue calls the registry does not list as a resource's create, update or list — `tariff/disable`
 * and `translate/unused` — answers a 4xx with a message, never a 500. The registry's own paths are covered for every
 * resource by contract.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestContext } from './helpers';
import { notAnImage } from './images';
import { imageFile } from './fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
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
  it('never answers 500 to malformed bodies for tariff/disable', async () => {
    const url = '/api/v1/tariff/disable';
    const failures: string[] = [];
    for (const body of garbage) {
      const res = await t.api({ method: 'DELETE', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      if (res.statusCode >= 500 || res.statusCode < 400) failures.push(`${JSON.stringify(body)} → ${res.statusCode} ${res.body}`);
      else if (!res.json().message) failures.push(`${JSON.stringify(body)} → no message`);
    }
    const form = await t.api({ method: 'DELETE', url, ...multipart({ name: 'x', code: 'zz' }, [imageFile('image', notAnImage, 'x.jpg')]) });
    if (form.statusCode >= 500) failures.push(`multipart → ${form.statusCode} ${form.body}`);
    const text = await t.api({ method: 'DELETE', url, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    if (text.statusCode >= 500) failures.push(`text → ${text.statusCode} ${text.body}`);
    expect(failures).toEqual([]);
  });

  it('never answers 500 to malformed list parameters on translate/unused', async () => {
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
    for (const p of params) {
      const res = await t.api({ method: 'GET', url: `/api/v1/translate/unused?${p}` });
      if (res.statusCode >= 500) failures.push(`translate/unused?${decodeURIComponent(p)} → ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });
});
