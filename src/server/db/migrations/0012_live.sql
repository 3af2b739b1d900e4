-- Live panels (issue #25): committed writes as events a dropped stream resumes from, and who has a record open.
CREATE TABLE "change_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"resource" text NOT NULL,
	"ids" jsonb NOT NULL,
	"action" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presence" (
	"session_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_session_id_resource_record_id_pk" PRIMARY KEY("session_id","resource","record_id")
);
--> statement-breakpoint
CREATE INDEX "change_event_at_idx" ON "change_event" USING btree ("at");--> statement-breakpoint
CREATE INDEX "presence_record_idx" ON "presence" USING btree ("resource","record_id");