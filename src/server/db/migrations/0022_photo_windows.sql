-- Duplicate photos decided by window hashes (issue #35; docs/decisions.md "Signals: real photographs…", the two
-- stages): each image's 81 window hashes and its mirrored whole, 256 bits each (images/phash.ts). Rows hashed before
-- have none (null): the start's backfill hashes those images again from their files (repos/signals.ts
-- `cottagesToBackfill`), and until then they are decided by their 64-bit hashes as before.
ALTER TABLE "cottage_image_hash" ADD COLUMN "windows" bytea;
