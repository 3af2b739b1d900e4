CREATE TABLE "retired_file" (
	"path" text PRIMARY KEY NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "revert_of" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
CREATE INDEX "retired_file_time_idx" ON "retired_file" USING btree ("retired_at");