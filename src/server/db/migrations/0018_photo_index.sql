-- Photo search through an in-process index (issue #35, docs/decisions.md "Photo search: an in-process index"): each
-- image hash row says which transaction wrote it, so every worker's index reads only what changed since it last looked;
-- and which file it hashed, so an image whose file changed without an upload (a revert, a seed, a restore) is hashed
-- again by the backfill (docs/decisions.md "Signals for what was written without them").
ALTER TABLE "cottage_image_hash" ADD COLUMN "written_tx" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "cottage_image_hash" ADD COLUMN "image" text;--> statement-breakpoint
CREATE INDEX "cottage_image_hash_written_tx_idx" ON "cottage_image_hash" USING btree ("written_tx");
