-- The second factor locks (issue #33): wrong codes of an account over 24 hours, and its latest lock with the addresses.
CREATE TABLE "second_factor_failure" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"address" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_factor_lock" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	"addresses" jsonb NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" varchar(16)
);
--> statement-breakpoint
ALTER TABLE "second_factor_failure" ADD CONSTRAINT "second_factor_failure_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor_lock" ADD CONSTRAINT "second_factor_lock_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "second_factor_failure_user_idx" ON "second_factor_failure" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "second_factor_failure_time_idx" ON "second_factor_failure" USING btree ("at");
