DROP TABLE "login_failure";--> statement-breakpoint
CREATE TABLE "secret_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" varchar(16) NOT NULL,
	"subject" varchar(160) NOT NULL,
	"address" varchar(64) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "secret_attempt_subject_idx" ON "secret_attempt" USING btree ("scope","subject","at");--> statement-breakpoint
CREATE INDEX "secret_attempt_address_idx" ON "secret_attempt" USING btree ("scope","address","at");--> statement-breakpoint
CREATE INDEX "secret_attempt_time_idx" ON "secret_attempt" USING btree ("at");--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "previous_refresh_token_id" uuid;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "rotated_at" timestamp with time zone;
