/**
 * What a registry `reference` field gives the server, checked for every one the registry declares (a resource added
 * with one is covered the day its entry lands; `check:recipe` counts the district's): an edit that names a record that
 * does not exist answers 404 naming the field, in the reader's language; a record that others still refer to, where
 * the schema's foreign key refuses, cannot be deleted (409) and stays. Records come from the demo seed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { apiPath, resources, type ResourceDef } from '../src/shared/resources';
import { dependentsOf, referenceOrder, REFERENCES } from '../src/shared/references';
import { blockingDependents } from '../src/server/repos/references';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { demo: 12 });
}, 120_000);
afterAll(() => t.close());

const defOf = (key: string) => (resources as Record<string, ResourceDef>)[key];
const url = (template: string, id?: string) => `/api/v1/${apiPath(template, id)}`;
const list = async (key: string) => (await t.api({ method: 'GET', url: url(defOf(key).api.list) })).json() as Record<string, unknown>[];

describe('the registry’s references', () => {
  it('are read from the registry, each pointing at a registry resource', () => {
    expect(REFERENCES.length).toBeGreaterThan(5);
    for (const ref of REFERENCES) expect(defOf(ref.to), `${ref.from}.${ref.field}`).toBeDefined();
    // A region's dependents in the order they must go: cottages name places too, so they go first.
    expect(dependentsOf('region').map((r) => r.from).slice(0, 2)).toEqual(['cottage', 'place']);
  });

  it('order the seed: every resource after those it points at, whatever the order asked', () => {
    expect(referenceOrder(['cottage', 'place', 'region', 'comfort'])).toEqual(['region', 'place', 'cottage', 'comfort']);
    expect(referenceOrder(['order', 'tariff', 'service'])).toEqual(['service', 'tariff', 'order']);
  });
});

const editable = REFERENCES.filter((ref) => defOf(ref.from).api.update && defOf(ref.from).api.one);
describe.each(editable.map((ref) => [ref.from, ref] as const))('%s', (from, ref) => {
  it(`an edit whose ${ref.field} names no ${ref.to} answers 404 naming the field, or leaves the record as it was`, async () => {
    const def = defOf(from);
    const [record] = await list(from);
    expect(record, `${from}: the demo seed should fill the list`).toBeDefined();
    const before = (await t.api({ method: 'GET', url: url(def.api.one!, String(record.id)) })).json();
    const res = await t.api({ method: 'PATCH', url: url(def.api.update!, String(record.id)), payload: { [ref.field]: randomUUID() }, headers: { 'accept-language': 'ru' } });
    const after = (await t.api({ method: 'GET', url: url(def.api.one!, String(record.id)) })).json();
    if (res.statusCode === 200) {
      // An edit that does not take the field (a tariff keeps its service) must not have written it.
      expect(after[ref.field]).toBe(before[ref.field]);
      return;
    }
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().fields?.[ref.field], res.body).toBe(res.json().message);
    expect(res.json().message).toMatch(/^Не найдено: /);
    expect(after).toEqual(before);
  });
});

const blocked = Object.keys(resources).flatMap((to) => blockingDependents(to).map((ref) => [to, ref] as const));
describe.each(blocked)('%s', (to, ref) => {
  it(`refuses to delete a ${to} that ${ref.from} records refer to by ${ref.field} (409), in the reader’s language`, async () => {
    const dependent = (await list(ref.from)).find((r) => typeof r[ref.field] === 'string');
    expect(dependent, `${ref.from}: the demo seed should refer to a ${to}`).toBeDefined();
    const parentId = String(dependent![ref.field]);
    const path = url(defOf(to).api.delete!, parentId);
    for (const lang of ['uz', 'ru', 'en']) {
      const res = await t.api({ method: 'DELETE', url: path, headers: { 'accept-language': lang } });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBeTruthy();
    }
    expect((await t.api({ method: 'GET', url: url(defOf(to).api.one!, parentId) })).statusCode).toBe(200);
  });
});

describe('the blockers the database enforces', () => {
  it('are those of restricting foreign keys only: an order’s cottage and a notification’s user are deleted with them', () => {
    const pairs = Object.keys(resources).flatMap((to) => blockingDependents(to).map((ref) => `${to}←${ref.from}.${ref.field}`));
    expect(pairs).toEqual(expect.arrayContaining(['region←cottage.regionId', 'region←place.regionId', 'place←cottage.placeId', 'service←tariff.service_id', 'tariff←order.tariffId']));
    expect(pairs).not.toContain('cottage←order.cottageId');
    expect(pairs).not.toContain('user←notification.userId');
    expect(pairs).not.toContain('user←order.userId');
  });
});
