-- A list sort breaks ties by the id ascending. Newest first and dearest first get indexes of their own (no backward walk
-- of an ascending (column, id) index gives the id ascending); a page sorted by the region's or the place's translated
-- name walks each region's (place's) cottages by (region_id, id) (query/list.ts, rankedPage).
DROP INDEX "cottage_region_idx";--> statement-breakpoint
DROP INDEX "cottage_place_idx";--> statement-breakpoint
CREATE INDEX "cottage_created_desc_idx" ON "cottage" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "cottage_price_desc_idx" ON "cottage" USING btree ("price" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "cottage_region_idx" ON "cottage" USING btree ("region_id","id");--> statement-breakpoint
CREATE INDEX "cottage_place_idx" ON "cottage" USING btree ("place_id","id");