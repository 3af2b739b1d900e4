/**
 * Each registry resource's own table and what a message calls one of its records. Translated fields are found here by
 * the registry's `kind: 'translation'`: field `name` is the column `nameTranslateId`.
 */
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
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

/**
 * The column a registry `reference` field is stored in: the field's own name (`regionId`), or its camel case
 * (`service_id` → `serviceId`).
 */
export function referenceColumn(key: TabledResource, field: string): PgColumn {
  const columns = RESOURCE_TABLES[key].table as unknown as Record<string, PgColumn | undefined>;
  const column = columns[field] ?? columns[field.replace(/_(\w)/g, (_, ch: string) => ch.toUpperCase())];
  if (!column) throw new Error(`${key}.${field} is a reference but its table has no column for it`);
  return column;
}

/**
 * What the database does to the rows of `key` that refer by `field` to a deleted record: the `onDelete` of the schema's
 * foreign key from that column to the referenced resource's table (`restrict` when it names none), or undefined when
 * the schema declares no such key.
 */
export function onDeleteOf(key: TabledResource, field: string, to: TabledResource): string | undefined {
  const column = referenceColumn(key, field);
  const target = RESOURCE_TABLES[to].table;
  const found = getTableConfig(RESOURCE_TABLES[key].table)
    .foreignKeys.map((fk) => ({ fk, ref: fk.reference() }))
    .find(({ ref }) => ref.columns.length === 1 && ref.columns[0] === column && ref.foreignTable === target);
  return found ? (found.fk.onDelete ?? 'restrict') : undefined;
}
