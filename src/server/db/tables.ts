/**
 * Each registry resource's own table and what a message calls one of its records. Translated fields are found here by
 * the registry's `kind: 'translation'`: field `name` is the column `nameTranslateId`.
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceName } from '../../shared/resources';
import { comforts, cottages, cottageTypes, languages, notifications, orders, places, regions, roles, services, tariffs, translations, users } from './schema';

export interface ResourceTable {
  table: PgTable & { id: PgColumn };
  /** One record in messages, e.g. "Cottage type". */
  one: string;
}

export const RESOURCE_TABLES = {
  language: { table: languages, one: 'Language' },
  translate: { table: translations, one: 'Translation' },
  region: { table: regions, one: 'Region' },
  place: { table: places, one: 'Place' },
  comfort: { table: comforts, one: 'Comfort' },
  cottageType: { table: cottageTypes, one: 'Cottage type' },
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
