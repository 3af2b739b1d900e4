import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { resources, type ResourceDef } from '../../shared/resources';
import { savedQueries } from './schema';
import { onDeleteOf, RESOURCE_TABLES, type TabledResource } from './tables';
import { REFERENCES } from '../../shared/references';

// Without `updated_at` an edit cannot say which version it was based on: two editors silently overwrite each other
// (DESIGN §8 "Concurrent edits"), and nothing else would tell the table lacks it.
describe('every editable table keeps a version', () => {
  const editable = Object.entries(RESOURCE_TABLES).filter(([key]) => (resources[key as keyof typeof resources] as ResourceDef).api.update);
  const tables: [string, PgTable][] = [...editable.map(([key, { table }]): [string, PgTable] => [key, table]), ['savedQuery', savedQueries]];

  it.each(tables)('%s has updatedAt', (_key, table) => {
    expect(Object.keys(getTableColumns(table))).toContain('updatedAt');
  });

  it('covers every registry resource with an edit', () => {
    const withEdit = Object.values(resources).filter((def) => (def as ResourceDef).api.update).map((def) => def.key);
    expect(editable.map(([key]) => key).sort()).toEqual(withEdit.sort());
  });
});

// A registry `reference` field is the server's 404 and 409 (`http/resource/references.ts`); the database must keep the
// same promise, and its foreign key's `onDelete` says whether the field blocks the parent's delete.
describe('every reference field has its foreign key', () => {
  const tabled = REFERENCES.filter((ref) => Object.hasOwn(RESOURCE_TABLES, ref.from) && Object.hasOwn(RESOURCE_TABLES, ref.to));

  it.each(tabled.map((ref) => [`${ref.from}.${ref.field} → ${ref.to}`, ref] as const))('%s', (_name, ref) => {
    const onDelete = onDeleteOf(ref.from as TabledResource, ref.field, ref.to as TabledResource);
    expect(onDelete, 'the schema declares no foreign key from its column to the referenced table').toBeDefined();
    // A required reference cannot be emptied by the database.
    if (ref.required) expect(onDelete).not.toBe('set null');
  });
});
