CREATE TABLE "login_failure" (
	"key" varchar(160) NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failure_key_idx" ON "login_failure" USING btree ("key","failed_at");--> statement-breakpoint
CREATE INDEX "login_failure_time_idx" ON "login_failure" USING btree ("failed_at");