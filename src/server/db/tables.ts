/**
 * Each registry resource's own table and what a message calls one of its records. Translated fields are found here by
 * the registry's `kind: 'translation'`: field `name` is the column `nameTranslateId`.
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { NAMED_KEYS, resources, type NamedKey, type ResourceName } from '../../shared/resources';
import * as schema from './schema';
import { cottages, languages, notifications, orders, roles, services, tariffs, translations, users } from './schema';

interface ResourceTable {
  table: PgTable & { id: PgColumn };
  /** One record in messages, e.g. "Cottage type". */
  one: string;
}

/**
 * A named resource's table is the schema's export named after its key in the plural (`region` → `regions`,
 * `cottageType` → `cottageTypes`): a named resource whose table is missing fails the type check here, naming it.
 */
type NamedTables = { [K in NamedKey]: { table: (typeof schema)[`${K}s`]; one: string } };
const NAMED_TABLES = Object.fromEntries(
  NAMED_KEYS.map((key) => [key, { table: (schema as Record<string, unknown>)[`${key}s`], one: resources[key].one }]),
) as NamedTables;

export const RESOURCE_TABLES = {
  language: { table: languages, one: 'Language' },
  translate: { table: translations, one: 'Translation' },
  ...NAMED_TABLES,
  cottage: { table: cottages, one: 'Cottage' },
  service: { table: services, one: 'Service' },
  tariff: { table: tariffs, one: 'Tariff' },
  order: { table: orders, one: 'Order' },
  role: { table: roles, one: 'Role' },
  user: { table: users, one: 'User' },
  notification: { table: notifications, one: 'Notification' },
} as const satisfies Partial<Record<ResourceName, ResourceTable>>;

export type TabledResource = keyof typeof RESOURCE_TABLES;

/** The column a translated field is stored in: `<field>TranslateId`. */
export function translationColumn(key: TabledResource, field: string): PgColumn {
  const column = (RESOURCE_TABLES[key].table as unknown as Record<string, PgColumn | undefined>)[`${field}TranslateId`];
  if (!column) throw new Error(`${key}.${field} is a translation but its table has no ${field}TranslateId column`);
  return column;
}
