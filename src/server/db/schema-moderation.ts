/**
 * The moderation desk (claims, reason templates) and the signals (issue #35): scores, text fingerprints and image
 * hashes. Part of `schema.ts`.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './schema-columns';
import { users } from './schema-people';
import { cottages, cottageImages } from './schema-cottages';

/**
 * A moderator's hold on a cottage of the moderation queue: one holder per cottage (the key), until `expires_at`; an
 * expired row is a free cottage (taken over by the next claim). A decision or a release deletes it.
 */
export const cottageClaims = pgTable(
  'cottage_claim',
  {
    cottageId: uuid('cottage_id')
      .primaryKey()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cottage_claim_user_idx').on(t.userId)],
);

/** A rejection reason template, one text per language, in the desk's order (`position`). */
export const moderationReasons = pgTable(
  'moderation_reason',
  {
    id: id(),
    position: integer('position').notNull().default(0),
    uz: text('uz').notNull(),
    ru: text('ru').notNull(),
    en: text('en').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('moderation_reason_position_idx').on(t.position)],
);


/**
 * A cottage's moderation signals (issue #35, `repos/signals.ts`): recomputed after every committed write of the cottage,
 * each with its message (a key of `signals/messages.ts` and its parameters, rendered in the reader's language), its
 * evidence and the other cottage it concerns, if any.
 */
export const cottageSignals = pgTable(
  'cottage_signal',
  {
    id: id(),
    cottageId: uuid('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    severity: varchar('severity', { length: 8 }).notNull(),
    messageKey: varchar('message_key', { length: 64 }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
    // No foreign key: when the other cottage is deleted, the signals naming it are how its pair is found and recomputed.
    relatedId: uuid('related_id'),
    createdAt: createdAt(),
  },
  (t) => [index('cottage_signal_cottage_idx').on(t.cottageId), index('cottage_signal_related_idx').on(t.relatedId)],
);

/** A cottage's description as MinHash bands (`signals/text-similarity.ts`): a copied text shares a band, found by the GIN index. */
export const cottageFingerprints = pgTable(
  'cottage_fingerprint',
  {
    cottageId: uuid('cottage_id')
      .primaryKey()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    textBands: text('text_bands').array().notNull(),
    /**
     * A cottage this one's signals named (or that named it) was written, and its own recompute is still to run (after
     * the write answered): the start's backfill runs it when the process died first (routes/cottage-signals.ts).
     */
    relatedPending: boolean('related_pending').notNull().default(false),
  },
  (t) => [index('cottage_fingerprint_bands_idx').using('gin', t.textBands), index('cottage_fingerprint_pending_idx').on(t.cottageId).where(sql`related_pending`)],
);

/** Bytes (`bytea`): node-postgres reads a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A cottage image's perceptual hashes (`images/phash.ts`: whole, mirrored, cropped, cropped mirrored), for duplicate photos. */
export const cottageImageHashes = pgTable(
  'cottage_image_hash',
  {
    imageId: uuid('image_id')
      .primaryKey()
      .references(() => cottageImages.id, { onDelete: 'cascade' }),
    hashes: bigint('hashes', { mode: 'bigint' }).array().notNull(),
    /**
     * The window hashes that decide a match (`images/phash.ts` `PhotoPrint.windows`: 82 × 32 bytes; empty with empty
     * hashes). Null: hashed before windows existed; the start's backfill hashes the image again.
     */
    windows: bytea('windows'),
    /** The file hashed (the image's path then); another path now means the hashes are stale. Empty hashes: looked at, none. */
    image: text('image'),
    // The transaction that wrote the row (a version stamp: each worker's photo index reads what changed since it looked).
    writtenTx: bigint('written_tx', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
  },
  (t) => [index('cottage_image_hash_written_tx_idx').on(t.writtenTx)],
);
