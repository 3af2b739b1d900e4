/** Regions: a translated name. A region that still has places or cottages cannot be deleted (409). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cottages, places, regions } from '../db/schema';
import { resources } from '../../shared/resources';
import { namedCreateSchema, namedEditSchema } from '../../shared/schemas/catalogue';
import { registerNamedResource } from '../lib/named-resource';
import type { DbOrTx } from '../db/client';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

export const regionRecord = z.object({
  id: z.string(),
  name: z.string(),
  nameTranslateId: z.string(),
  createdAt: z.date(),
});

/** How many rows of `table` have `column = id`. */
export async function countWhere(db: DbOrTx, table: PgTable, column: PgColumn, id: string) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(column, id));
  return n;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerNamedResource(app, {
    def: resources.region,
    label: 'Region',
    table: regions,
    columns: { id: regions.id, name: regions.nameTranslateId, createdAt: regions.createdAt },
    createSchema: namedCreateSchema,
    editSchema: namedEditSchema,
    record: regionRecord,
    deleteBlocker: async (db, id) => {
      const [cottageCount, placeCount] = await Promise.all([countWhere(db, cottages, cottages.regionId, id), countWhere(db, places, places.regionId, id)]);
      if (cottageCount) return `The region still has ${plural(cottageCount, 'cottage', 'cottages')}; move or delete them first`;
      if (placeCount) return `The region still has ${plural(placeCount, 'place', 'places')}; delete them first`;
      return undefined;
    },
  });
};

export default regionRoutes;
