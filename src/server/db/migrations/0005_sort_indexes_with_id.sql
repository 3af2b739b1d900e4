DROP INDEX "cottage_moderation_created_idx";--> statement-breakpoint
DROP INDEX "cottage_price_idx";--> statement-breakpoint
DROP INDEX "cottage_created_idx";--> statement-breakpoint
DROP INDEX "cottage_name_idx";--> statement-breakpoint
DROP INDEX "order_created_idx";--> statement-breakpoint
CREATE INDEX "cottage_moderation_created_idx" ON "cottage" USING btree ("cottage_status","created_at","id");--> statement-breakpoint
CREATE INDEX "cottage_price_idx" ON "cottage" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "cottage_created_idx" ON "cottage" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cottage_name_idx" ON "cottage" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "order_created_idx" ON "orders" USING btree ("created_at","id");