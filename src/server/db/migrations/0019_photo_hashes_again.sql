-- Signals follow-ups (issue #35; docs/decisions.md "Signals: one decode, one backfill, related cottages after the answer").
-- The photo hashes are now taken from one decode of the photo (images/phash.ts), which moves some hashes by a bit or
-- two: every stored hash is dropped, and the start's backfill hashes each image again from its stored file.
-- A cottage whose related recompute was promised after a write's answer carries `related_pending` until it ran, so a
-- process that died first leaves it to the next start's backfill.
ALTER TABLE "cottage_fingerprint" ADD COLUMN "related_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "cottage_fingerprint_pending_idx" ON "cottage_fingerprint" USING btree ("cottage_id") WHERE related_pending;--> statement-breakpoint
DELETE FROM "cottage_image_hash";