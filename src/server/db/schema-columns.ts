/** The columns every table builds from: ids, times, the version, and an enum as a check. Part of `schema.ts`. */
import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** An editable record's version: every write through the API moves it forward (see `query/versions.ts`). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
