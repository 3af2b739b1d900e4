CREATE TABLE "saved_query" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"resource" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"query" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_query" ADD CONSTRAINT "saved_query_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_query_user_resource_name_idx" ON "saved_query" USING btree ("user_id","resource","name");--> statement-breakpoint
CREATE INDEX "saved_query_resource_shared_idx" ON "saved_query" USING btree ("resource","shared");