/**
 * Checks that ids a write refers to exist, with messages a person understands (404 unknown, 400 mismatched). A single
 * `reference` field's existence is checked for every resource by its commands (`http/resource/references.ts`); here
 * are what it cannot say: a place of the cottage's region, and the lists of comforts and types.
 */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { comforts, cottageTypes, places } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { recordLabel } from '../labels';
import { said, type Said } from '../messages';

const TEXTS = {
  otherRegion: { uz: 'Joy bu viloyatga tegishli emas', ru: 'Место не относится к этой области', en: 'The place does not belong to the region' },
  pickPlace: { uz: 'Tanlangan viloyatdagi joyni tanlang', ru: 'Выберите место выбранной области', en: 'Pick a place of the chosen region' },
  withId: { uz: '{label} {id}', ru: '{label} {id}', en: '{label} {id}' },
} as const;

/** 400 unless the place is one of the region's (a place that does not exist is the reference check's 404). */
export async function checkPlaceInRegion(db: DbOrTx, regionId: string, placeId: string) {
  const [place] = await db.select({ regionId: places.regionId }).from(places).where(eq(places.id, placeId));
  if (place && place.regionId !== regionId) throw badRequest(said(TEXTS.otherRegion), { placeId: said(TEXTS.pickPlace) });
}

async function checkAll(db: DbOrTx, table: typeof comforts | typeof cottageTypes, ids: string[], label: Said) {
  if (!ids.length) return;
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw notFound(said(TEXTS.withId, { label, id: missing }));
}

export const checkComforts = (db: DbOrTx, ids: string[]) => checkAll(db, comforts, ids, recordLabel('comfort', 'Comfort'));
export const checkCottageTypes = (db: DbOrTx, ids: string[]) => checkAll(db, cottageTypes, ids, recordLabel('cottageType', 'Cottage type'));
