/**
 * A cottage's images as rows of their own. While a cottage has images exactly one is its main image: the first image
 * of a cottage becomes main, making one main demotes the other, and deleting the main one promotes the oldest left
 * (an active one if there is). The partial unique index on `cottage_image` backs this up in the database.
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { cottageImages, cottages } from '../db/schema';
import { notFound } from '../errors';
import { uuidLike } from '../query/ids';
import type { ActiveStatus } from '../../shared/enums';
import type { CottageImageRecord } from '../../shared/records/cottage';
import { said } from '../messages';

const IMAGE_TEXT = { uz: 'Rasm', ru: 'Изображение', en: 'Image' } as const;

export async function imageById(db: DbOrTx, id: string): Promise<CottageImageRecord> {
  if (!uuidLike(id)) throw notFound(said(IMAGE_TEXT));
  const [row] = await db.select().from(cottageImages).where(eq(cottageImages.id, id));
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
  const [inserted] = await tx
    .insert(cottageImages)
    .values({ cottageId, image, isMainImage, status: opts.status ?? 'active' })
    .returning();
  return inserted;
}

/** Changes the file, the status, or makes the image main (demoting the other). */
export async function editCottageImage(tx: Tx, current: CottageImageRecord, changes: { image?: string; status?: ActiveStatus; isMainImage?: boolean }) {
  if (changes.isMainImage && !current.isMainImage) await demoteOthers(tx, current.cottageId, current.id);
  const values = { image: changes.image, status: changes.status, isMainImage: changes.isMainImage ? true : undefined };
  if (Object.values(values).every((v) => v === undefined)) return current;
  const [updated] = await tx.update(cottageImages).set(values).where(eq(cottageImages.id, current.id)).returning();
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
    .orderBy(asc(cottageImages.status), asc(cottageImages.createdAt), desc(cottageImages.id))
    .limit(1);
  if (next) await tx.update(cottageImages).set({ isMainImage: true }).where(eq(cottageImages.id, next.id));
}
