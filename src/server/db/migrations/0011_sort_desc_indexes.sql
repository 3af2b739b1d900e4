-- A descending list sort breaks ties by the id ascending, which no backward walk of an ascending (column, id) index
-- gives: newest first and dearest first read their page straight off an index of their own.
CREATE INDEX "cottage_created_desc_idx" ON "cottage" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "cottage_price_desc_idx" ON "cottage" USING btree ("price" DESC NULLS FIRST,"id");