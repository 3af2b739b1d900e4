/**
 * Payloads of saved list queries. The value is what the admin restores on a list: react-admin's filter values, its
 * sort, and the DataTable's column choice. Its filter and sort fields are checked by the server against the list
 * endpoint itself, so no field list is repeated here.
 */
import { z } from 'zod';
import { SAVED_QUERY_MAX_BYTES, SAVED_QUERY_NAME_MAX } from '../limits';
import { SAVED_QUERY_PATHS } from '../paths';
import { nonEmpty } from './common';

export const savedQueryValueSchema = z.strictObject({
  filter: z.record(z.string(), z.unknown(), { message: 'filter must be an object' }),
  sort: z.strictObject({
    field: z.string().min(1, 'sort.field is required').max(128),
    order: z.enum(['ASC', 'DESC'], { message: 'sort.order is ASC or DESC' }),
  }),
  /** DataTable's store: the hidden columns and, once reordered, the columns' ranks. */
  columns: z
    .strictObject({
      hidden: z.array(z.string().max(128)).max(100),
      ranks: z.array(z.number().int().min(0)).max(100).optional(),
    })
    .optional(),
});
export type SavedQueryValue = z.infer<typeof savedQueryValueSchema>;

const savedQueryBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

const boundedValue = savedQueryValueSchema.refine((v) => savedQueryBytes(v) <= SAVED_QUERY_MAX_BYTES, {
  message: `The saved query is at most ${SAVED_QUERY_MAX_BYTES / 1024} kB`,
});

const name = nonEmpty('Name', SAVED_QUERY_NAME_MAX);

export const savedQueryCreateSchema = z.object({
  /** The list's admin route (registry `route`), e.g. `region`. */
  resource: z.string({ message: 'resource is required' }).min(1, 'resource is required').max(64),
  name,
  query: boundedValue,
  shared: z.boolean().optional(),
});

/** Rename and/or share; the query itself is saved anew rather than edited. */
export const savedQueryEditSchema = z.strictObject({
  name: name.optional(),
  shared: z.boolean().optional(),
});

export const savedQueryListQuery = z.object({
  resource: z.string({ message: 'resource is required' }).min(1, 'resource is required').max(64),
});

/** The calls, relative to /api/v1 (`:id` = the saved query's id): declared in `../paths`. */
export const SAVED_QUERY_API = SAVED_QUERY_PATHS;
