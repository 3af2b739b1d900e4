-- Search reads stored folded text (issue #34, docs/decisions.md "The palette within 100 ms"): a trigram index's
-- candidates are checked against the stored `dacha_fold()` of the name and description instead of folding each row
-- again, which was most of a broad search's time (a palette's orders by cottage name: 5 000 names folded per call).
-- One ALTER: the table is rewritten once.
DROP INDEX "cottage_name_fold_idx";--> statement-breakpoint
DROP INDEX "cottage_description_fold_idx";--> statement-breakpoint
ALTER TABLE "cottage" ADD COLUMN "name_fold" text GENERATED ALWAYS AS (dacha_fold(name)) STORED,
  ADD COLUMN "description_fold" text GENERATED ALWAYS AS (dacha_fold(description)) STORED;--> statement-breakpoint
CREATE INDEX "cottage_name_fold_idx" ON "cottage" USING gin ("name_fold" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cottage_description_fold_idx" ON "cottage" USING gin ("description_fold" gin_trgm_ops);
--> statement-breakpoint
-- The new columns' statistics now, not at autovacuum's next turn: without them the planner guessed 32 rows for a
-- broad name and read all 5 000 matches to sort them, instead of walking the newest-first index to the first five.
ANALYZE "cottage";
