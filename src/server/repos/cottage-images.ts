/**
 * A cottage's images as rows of their own. While a cottage has images exactly one is its main image: the first image
 * of a cottage becomes main, making one main demotes the other, and deleting the main one promotes the oldest left
 * (an active one if there is). The partial unique index on `cottage_image` backs this up in the database.
 */
import { and, asc, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { cottageImages, cottages } from '../db/schema';
import { notFound } from '../errors';
import { uuidLike } from '../query/ids';
import type { ActiveStatus } from '../../shared/enums';
import type { CottageImageRecord } from '../../shared/records/cottage';
import { said } from '../messages';

const IMAGE_TEXT = { uz: 'Rasm', ru: 'Изображение', en: 'Image' } as const;
/** The record's columns: the gallery's position is told by the order of a cottage's `images`, not as a field. */
const { position, ...record } = getTableColumns(cottageImages);

export async function imageById(db: DbOrTx, id: string): Promise<CottageImageRecord> {
  if (!uuidLike(id)) throw notFound(said(IMAGE_TEXT));
  const [row] = await db.select(record).from(cottageImages).where(eq(cottageImages.id, id));
  if (!row) throw notFound(said(IMAGE_TEXT));
  return row;
}

async function demoteOthers(db: DbOrTx, cottageId: string, keepId?: string) {
  await db
    .update(cottageImages)
    .set({ isMainImage: false })
    .where(and(eq(cottageImages.cottageId, cottageId), eq(cottageImages.isMainImage, true), keepId ? ne(cottageImages.id, keepId) : undefined));
}

/** Adds an image; it becomes main when asked or when the cottage has no main image yet. */
export async function addCottageImage(tx: Tx, cottageId: string, image: string, opts: { isMainImage?: boolean; status?: ActiveStatus }) {
  // Lock the cottage so two parallel uploads cannot both decide they are the first image.
  await tx.select({ id: cottages.id }).from(cottages).where(eq(cottages.id, cottageId)).for('update');
  const [main] = await tx
    .select({ id: cottageImages.id })
    .from(cottageImages)
    .where(and(eq(cottageImages.cottageId, cottageId), eq(cottageImages.isMainImage, true)));
  const isMainImage = Boolean(opts.isMainImage) || !main;
  if (isMainImage && main) await demoteOthers(tx, cottageId);
  // Last in the gallery.
  const next = sql<number>`(select coalesce(max(${position}) + 1, 0) from ${cottageImages} where ${cottageImages.cottageId} = ${cottageId})`;
  const [inserted] = await tx
    .insert(cottageImages)
    .values({ cottageId, image, isMainImage, status: opts.status ?? 'active', position: next })
    .returning(record);
  return inserted;
}

/** Changes the file, the status, or makes the image main (demoting the other). */
export async function editCottageImage(tx: Tx, current: CottageImageRecord, changes: { image?: string; status?: ActiveStatus; isMainImage?: boolean }) {
  if (changes.isMainImage && !current.isMainImage) await demoteOthers(tx, current.cottageId, current.id);
  const values = { image: changes.image, status: changes.status, isMainImage: changes.isMainImage ? true : undefined };
  if (Object.values(values).every((v) => v === undefined)) return current;
  const [updated] = await tx.update(cottageImages).set(values).where(eq(cottageImages.id, current.id)).returning(record);
  return updated;
}

/** Deletes an image; when it was the main one, the oldest left (an active one first) becomes main. */
export async function deleteCottageImage(tx: Tx, current: CottageImageRecord) {
  await tx.delete(cottageImages).where(eq(cottageImages.id, current.id));
  if (!current.isMainImage) return;
  const [next] = await tx
    .select({ id: cottageImages.id })
    .from(cottageImages)
    .where(eq(cottageImages.cottageId, current.cottageId))
    .orderBy(asc(cottageImages.status), asc(position), asc(cottageImages.createdAt), desc(cottageImages.id))
    .limit(1);
  if (next) await tx.update(cottageImages).set({ isMainImage: true }).where(eq(cottageImages.id, next.id));
}

/** A cottage's images in the gallery's order (the main one where the gallery puts it). */
export async function galleryImages(db: DbOrTx, cottageId: string): Promise<CottageImageRecord[]> {
  return db
    .select(record)
    .from(cottageImages)
    .where(eq(cottageImages.cottageId, cottageId))
    .orderBy(asc(position), asc(cottageImages.createdAt), asc(cottageImages.id));
}

/**
 * Puts a cottage's images in the order of `ids` (each of its images once; the caller checked). One statement, so a
 * concurrent reader sees the old order or the new one.
 */
export async function setGalleryOrder(tx: Tx, cottageId: string, ids: string[]) {
  const cases = sql.join(ids.map((id, i) => sql`when ${id}::uuid then ${i}::integer`), sql` `);
  await tx
    .update(cottageImages)
    .set({ position: sql`case ${cottageImages.id} ${cases} end` })
    .where(and(eq(cottageImages.cottageId, cottageId), inArray(cottageImages.id, ids)));
}
