import { describe, expect, it } from 'vitest';
import { createSchemaOf, editSchemaOf, fieldLabel } from './payload';
import { resources } from './resources';

const id = '3f2b8c1e-4a5d-4e6f-8a7b-9c0d1e2f3a4b';

describe('payload schemas derived from the registry', () => {
  it('requires what the registry requires on create, and checks max, min, integer, values and references', () => {
    const tariff = createSchemaOf(resources.tariff);
    expect(tariff.safeParse({ type: id, description: id, service_id: id, days: '7', price: 1000 }).data).toEqual({
      type: id,
      description: id,
      service_id: id,
      days: 7,
      price: 1000,
    });
    const bad = tariff.safeParse({ type: 'x', days: 0.5, price: -1 });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['days', 'description', 'price', 'service_id', 'type']);
    expect(tariff.safeParse({ type: id, description: id, service_id: id, days: 3651, price: 1 }).success).toBe(false);
    expect(createSchemaOf(resources.translate).safeParse({ code: 'a', type: 'other' }).error?.issues[0].path).toEqual(['type']);
    expect(createSchemaOf(resources.language).safeParse({ code: 'uz', title: 'x'.repeat(65) }).success).toBe(false);
  });

  it('makes every field optional on edit, a blank one absent, and leaves files, positions and dates out', () => {
    const edit = editSchemaOf(resources.cottage);
    expect(edit.parse({})).toEqual({});
    expect(edit.parse({ name: '  ', price: '', rating: '4.5' })).toEqual({ rating: 4.5 });
    for (const skipped of ['mainImage', 'images', 'location', 'createdAt']) expect(Object.keys(edit.shape)).not.toContain(skipped);
    expect(edit.safeParse({ rating: 6 }).success).toBe(false);
  });

  it('reads form text: numbers, booleans and repeated or JSON lists', () => {
    expect(createSchemaOf(resources.cottageType).parse({ name: id, hidePrice: 'true' })).toEqual({ name: id, hidePrice: true });
    expect(createSchemaOf(resources.role).parse({ name: 'r', permissions: id }).permissions).toEqual([id]);
    expect(createSchemaOf(resources.role).parse({ name: 'r', permissions: JSON.stringify([id]) }).permissions).toEqual([id]);
    expect(createSchemaOf(resources.role).parse({ name: 'r' }).permissions).toEqual([]);
  });

  it('names fields in messages as a person would', () => {
    expect(fieldLabel('priceWeekend')).toBe('Price weekend');
    expect(fieldLabel('service_id')).toBe('Service id');
  });
});

describe('records derived from the registry', () => {
  it('reads a simple resource as id, its fields in registry order (translated ones with their id) and createdAt', async () => {
    const { comfortRecord, cottageTypeRecord, regionRecord } = await import('./records/named');
    expect(Object.keys(regionRecord.shape)).toEqual(['id', 'name', 'nameTranslateId', 'createdAt']);
    expect(Object.keys(comfortRecord.shape)).toEqual(['id', 'name', 'nameTranslateId', 'image', 'createdAt']);
    expect(Object.keys(cottageTypeRecord.shape)).toEqual(['id', 'name', 'nameTranslateId', 'image', 'hidePrice', 'createdAt']);
    expect(cottageTypeRecord.safeParse({ id: 'a', name: 'n', nameTranslateId: 't', image: null, hidePrice: 'no', createdAt: new Date() }).success).toBe(false);
  });
});
