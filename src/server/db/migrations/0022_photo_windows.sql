-- Duplicate photos decided by window hashes (issue #35; docs/decisions.md "Signals: real photographs…", the two
-- stages): each image's 81 window hashes and its mirrored whole, 256 bits each (images/phash.ts). Rows hashed before
-- have none (null): the start's backfill hashes those images again from their files (repos/signals.ts
-- `cottagesToBackfill`), and until then they are decided by their 64-bit hashes as before.
-- The 2.6 KB are kept in the row, not in the TOAST table: a search reads them for its ~500 candidates at 100 000
-- photos, 2–3× faster in the row (measured on PostgreSQL 15, 500 random rows of 100 000).
ALTER TABLE "cottage_image_hash" ADD COLUMN "windows" bytea;--> statement-breakpoint
ALTER TABLE "cottage_image_hash" ALTER COLUMN "windows" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "cottage_image_hash" SET (toast_tuple_target = 8160);
