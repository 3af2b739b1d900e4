CREATE TABLE "comfort" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_translate_id" uuid NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cottage_comfort" (
	"cottage_id" uuid NOT NULL,
	"comfort_id" uuid NOT NULL,
	CONSTRAINT "cottage_comfort_cottage_id_comfort_id_pk" PRIMARY KEY("cottage_id","comfort_id")
);
--> statement-breakpoint
CREATE TABLE "cottage_cottage_type" (
	"cottage_id" uuid NOT NULL,
	"cottage_type_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cottage_cottage_type_cottage_id_cottage_type_id_pk" PRIMARY KEY("cottage_id","cottage_type_id")
);
--> statement-breakpoint
CREATE TABLE "cottage_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cottage_id" uuid NOT NULL,
	"image" text NOT NULL,
	"is_main_image" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cottage_image_status_check" CHECK (status in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "cottage_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_translate_id" uuid NOT NULL,
	"image" text,
	"hide_price" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cottage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" double precision NOT NULL,
	"price_weekend" double precision NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"cottage_status" varchar(16) DEFAULT 'progress' NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"region_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cottage_status_check" CHECK (status in ('active', 'inactive')),
	CONSTRAINT "cottage_moderation_check" CHECK (cottage_status in ('progress', 'confirmed', 'rejected')),
	CONSTRAINT "cottage_price_check" CHECK (price >= 0 and price_weekend >= 0),
	CONSTRAINT "cottage_lat_check" CHECK (latitude is null or latitude between -90 and 90),
	CONSTRAINT "cottage_lng_check" CHECK (longitude is null or longitude between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "definition" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"translation_id" uuid NOT NULL,
	"language_id" uuid NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "language" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(2) NOT NULL,
	"title" varchar(64) NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "language_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"type" varchar(16) NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_type_check" CHECK (type in ('public', 'personal')),
	CONSTRAINT "notification_target_check" CHECK ((type = 'personal') = (user_id is not null))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cottage_id" uuid NOT NULL,
	"tariff_id" uuid NOT NULL,
	"user_id" uuid,
	"status" varchar(16) DEFAULT 'inactive' NOT NULL,
	"order_status" varchar(16) DEFAULT 'progress' NOT NULL,
	"expire_at" timestamp with time zone,
	"premium_activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_check" CHECK (status in ('active', 'inactive')),
	CONSTRAINT "order_order_status_check" CHECK (order_status in ('progress', 'success', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "permission_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"label" varchar(128) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "permission_group_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(96) NOT NULL,
	"name" varchar(160) NOT NULL,
	"group_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "permission_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "place" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_translate_id" uuid NOT NULL,
	"region_id" uuid NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_placement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cottage_id" uuid NOT NULL,
	"service_code" varchar(16) NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"tariff_id" uuid,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "premium_service_code_check" CHECK (service_code in ('top', 'recommended')),
	CONSTRAINT "premium_priority_check" CHECK (priority >= 1)
);
--> statement-breakpoint
CREATE TABLE "region" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_translate_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permission" (
	"role_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	CONSTRAINT "role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "service" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_translate_id" uuid NOT NULL,
	"description_translate_id" uuid NOT NULL,
	"service_code" varchar(16) NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_code_check" CHECK (service_code in ('top', 'recommended'))
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"refresh_token_id" uuid NOT NULL,
	"user_agent" text,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "tariff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type_translate_id" uuid NOT NULL,
	"description_translate_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariff_days_check" CHECK (days >= 1),
	CONSTRAINT "tariff_price_check" CHECK (price >= 0)
);
--> statement-breakpoint
CREATE TABLE "translation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(128) NOT NULL,
	"type" varchar(16) DEFAULT 'content' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_code_unique" UNIQUE("code"),
	CONSTRAINT "translation_type_check" CHECK (type in ('content', 'error'))
);
--> statement-breakpoint
CREATE TABLE "user_role" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(64),
	"name" varchar(128),
	"email" varchar(254),
	"phone" varchar(20),
	"image" text,
	"password_hash" text,
	"balance" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "comfort" ADD CONSTRAINT "comfort_name_translate_id_translation_id_fk" FOREIGN KEY ("name_translate_id") REFERENCES "public"."translation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_comfort" ADD CONSTRAINT "cottage_comfort_cottage_id_cottage_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_comfort" ADD CONSTRAINT "cottage_comfort_comfort_id_comfort_id_fk" FOREIGN KEY ("comfort_id") REFERENCES "public"."comfort"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_cottage_type" ADD CONSTRAINT "cottage_cottage_type_cottage_id_cottage_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_cottage_type" ADD CONSTRAINT "cottage_cottage_type_cottage_type_id_cottage_type_id_fk" FOREIGN KEY ("cottage_type_id") REFERENCES "public"."cottage_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_image" ADD CONSTRAINT "cottage_image_cottage_id_cottage_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_type" ADD CONSTRAINT "cottage_type_name_translate_id_translation_id_fk" FOREIGN KEY ("name_translate_id") REFERENCES "public"."translation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage" ADD CONSTRAINT "cottage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage" ADD CONSTRAINT "cottage_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage" ADD CONSTRAINT "cottage_place_id_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."place"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "definition" ADD CONSTRAINT "definition_translation_id_translation_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."translation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "definition" ADD CONSTRAINT "definition_language_id_language_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."language"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cottage_id_cottage_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tariff_id_tariff_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission" ADD CONSTRAINT "permission_group_id_permission_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."permission_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place" ADD CONSTRAINT "place_name_translate_id_translation_id_fk" FOREIGN KEY ("name_translate_id") REFERENCES "public"."translation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place" ADD CONSTRAINT "place_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_placement" ADD CONSTRAINT "premium_placement_cottage_id_cottage_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_placement" ADD CONSTRAINT "premium_placement_tariff_id_tariff_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_placement" ADD CONSTRAINT "premium_placement_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region" ADD CONSTRAINT "region_name_translate_id_translation_id_fk" FOREIGN KEY ("name_translate_id") REFERENCES "public"."translation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_permission_id_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service" ADD CONSTRAINT "service_name_translate_id_translation_id_fk" FOREIGN KEY ("name_translate_id") REFERENCES "public"."translation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service" ADD CONSTRAINT "service_description_translate_id_translation_id_fk" FOREIGN KEY ("description_translate_id") REFERENCES "public"."translation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff" ADD CONSTRAINT "tariff_type_translate_id_translation_id_fk" FOREIGN KEY ("type_translate_id") REFERENCES "public"."translation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff" ADD CONSTRAINT "tariff_description_translate_id_translation_id_fk" FOREIGN KEY ("description_translate_id") REFERENCES "public"."translation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff" ADD CONSTRAINT "tariff_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comfort_name_idx" ON "comfort" USING btree ("name_translate_id");--> statement-breakpoint
CREATE INDEX "cc_comfort_idx" ON "cottage_comfort" USING btree ("comfort_id");--> statement-breakpoint
CREATE INDEX "cct_type_idx" ON "cottage_cottage_type" USING btree ("cottage_type_id");--> statement-breakpoint
CREATE INDEX "cottage_image_cottage_idx" ON "cottage_image" USING btree ("cottage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cottage_image_one_main_idx" ON "cottage_image" USING btree ("cottage_id") WHERE is_main_image;--> statement-breakpoint
CREATE INDEX "cottage_type_name_idx" ON "cottage_type" USING btree ("name_translate_id");--> statement-breakpoint
CREATE INDEX "cottage_moderation_created_idx" ON "cottage" USING btree ("cottage_status","created_at");--> statement-breakpoint
CREATE INDEX "cottage_status_idx" ON "cottage" USING btree ("status");--> statement-breakpoint
CREATE INDEX "cottage_region_idx" ON "cottage" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "cottage_place_idx" ON "cottage" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "cottage_user_idx" ON "cottage" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cottage_price_idx" ON "cottage" USING btree ("price");--> statement-breakpoint
CREATE INDEX "cottage_created_idx" ON "cottage" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cottage_name_idx" ON "cottage" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "definition_translation_language_idx" ON "definition" USING btree ("translation_id","language_id");--> statement-breakpoint
CREATE INDEX "definition_language_idx" ON "definition" USING btree ("language_id");--> statement-breakpoint
CREATE INDEX "notification_type_created_idx" ON "notification" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_cottage_idx" ON "orders" USING btree ("cottage_id");--> statement-breakpoint
CREATE INDEX "order_tariff_idx" ON "orders" USING btree ("tariff_id");--> statement-breakpoint
CREATE INDEX "order_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_statuses_idx" ON "orders" USING btree ("order_status","status");--> statement-breakpoint
CREATE INDEX "order_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "permission_group_idx" ON "permission" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "place_region_idx" ON "place" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "place_name_idx" ON "place" USING btree ("name_translate_id");--> statement-breakpoint
CREATE INDEX "premium_cottage_idx" ON "premium_placement" USING btree ("cottage_id");--> statement-breakpoint
CREATE INDEX "premium_active_idx" ON "premium_placement" USING btree ("service_code","expire_at");--> statement-breakpoint
CREATE UNIQUE INDEX "premium_order_idx" ON "premium_placement" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "region_name_idx" ON "region" USING btree ("name_translate_id");--> statement-breakpoint
CREATE INDEX "role_permission_perm_idx" ON "role_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "service_name_idx" ON "service" USING btree ("name_translate_id");--> statement-breakpoint
CREATE INDEX "service_description_idx" ON "service" USING btree ("description_translate_id");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tariff_service_idx" ON "tariff" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "tariff_type_idx" ON "tariff" USING btree ("type_translate_id");--> statement-breakpoint
CREATE INDEX "tariff_description_idx" ON "tariff" USING btree ("description_translate_id");--> statement-breakpoint
CREATE INDEX "user_role_role_idx" ON "user_role" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_phone_idx" ON "user" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at");