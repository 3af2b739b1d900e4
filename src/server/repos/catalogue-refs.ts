/** Checks that ids a write refers to exist, with messages a person understands (404 unknown, 400 mismatched). */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { comforts, cottageTypes, places, regions } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { together } from '../db/sql';

export async function checkRegionAndPlace(db: DbOrTx, regionId: string, placeId: string) {
  const [[region], [place]] = await together(db, [
    () => db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId)),
    () => db.select({ id: places.id, regionId: places.regionId }).from(places).where(eq(places.id, placeId)),
  ]);
  if (!region) throw notFound('Region');
  if (!place) throw notFound('Place');
  if (place.regionId !== regionId) {
    throw badRequest('The place does not belong to the region', { placeId: 'Pick a place of the chosen region' });
  }
}

async function checkAll(db: DbOrTx, table: typeof comforts | typeof cottageTypes, ids: string[], label: string) {
  if (!ids.length) return;
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw notFound(`${label} ${missing}`);
}

export const checkComforts = (db: DbOrTx, ids: string[]) => checkAll(db, comforts, ids, 'Comfort');
export const checkCottageTypes = (db: DbOrTx, ids: string[]) => checkAll(db, cottageTypes, ids, 'Cottage type');
