import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { resources, type ResourceDef } from '../../shared/resources';
import { savedQueries } from './schema';
import { RESOURCE_TABLES } from './tables';

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
