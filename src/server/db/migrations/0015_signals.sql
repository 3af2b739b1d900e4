-- Moderation signals (issue #35): each cottage's risk score and signal kinds on its row (the list sorts and filters by
-- them without a join), its signals with their evidence, its description's MinHash bands for copied texts, and its
-- images' perceptual hashes for copied photos.
ALTER TABLE "cottage" ADD COLUMN "risk" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cottage" ADD COLUMN "signal_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "cottage_risk_desc_idx" ON "cottage" USING btree ("risk" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "cottage_signal_kinds_idx" ON "cottage" USING gin ("signal_kinds");--> statement-breakpoint
CREATE INDEX "cottage_latitude_idx" ON "cottage" USING btree ("latitude");--> statement-breakpoint
CREATE TABLE "cottage_signal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cottage_id" uuid NOT NULL,
	"kind" varchar(32) NOT NULL,
	"severity" varchar(8) NOT NULL,
	"message_key" varchar(64) NOT NULL,
	"params" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"related_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cottage_fingerprint" (
	"cottage_id" uuid PRIMARY KEY NOT NULL,
	"text_bands" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cottage_signal" ADD CONSTRAINT "cottage_signal_cottage_id_cottage_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_fingerprint" ADD CONSTRAINT "cottage_fingerprint_cottage_id_cottage_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cottage_signal_cottage_idx" ON "cottage_signal" USING btree ("cottage_id");--> statement-breakpoint
CREATE INDEX "cottage_signal_related_idx" ON "cottage_signal" USING btree ("related_id");--> statement-breakpoint
CREATE INDEX "cottage_fingerprint_bands_idx" ON "cottage_fingerprint" USING gin ("text_bands");
--> statement-breakpoint
CREATE TABLE "cottage_image_hash" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"hashes" bigint[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cottage_image_hash" ADD CONSTRAINT "cottage_image_hash_image_id_cottage_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."cottage_image"("id") ON DELETE cascade ON UPDATE no action;
