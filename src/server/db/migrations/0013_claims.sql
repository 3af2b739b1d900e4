-- The moderation desk (issue #25): a moderator's claim on a queued cottage, and the rejection reason templates,
-- seeded with a few defaults (reference data every installation starts with; editable in the panel).
CREATE TABLE "cottage_claim" (
	"cottage_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_reason" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"uz" text NOT NULL,
	"ru" text NOT NULL,
	"en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cottage_claim" ADD CONSTRAINT "cottage_claim_cottage_id_cottage_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_claim" ADD CONSTRAINT "cottage_claim_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cottage_claim_user_idx" ON "cottage_claim" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "moderation_reason_position_idx" ON "moderation_reason" USING btree ("position");--> statement-breakpoint
INSERT INTO "moderation_reason" ("position", "uz", "ru", "en") VALUES
	(1, 'Rasmlar sifatsiz yoki dacha koʻrinmaydi. Aniq, yorugʻ rasmlar yuklang.', 'Фотографии плохого качества или не показывают дачу. Загрузите чёткие, светлые фото.', 'The photos are poor or do not show the cottage. Please upload clear, bright photos.'),
	(2, 'Tavsif juda qisqa yoki dachaga tegishli emas.', 'Описание слишком короткое или не относится к даче.', 'The description is too short or is not about the cottage.'),
	(3, 'Narx notoʻgʻri koʻrsatilgan. Bir kecha va dam olish kunlari narxini tekshiring.', 'Цена указана неверно. Проверьте цену за ночь и цену выходного дня.', 'The price looks wrong. Please check the nightly and the weekend price.'),
	(4, 'Xaritadagi joylashuv manzilga mos kelmaydi.', 'Место на карте не совпадает с адресом.', 'The map location does not match the address.'),
	(5, 'Bu eʼlon takrorlangan: shu dacha allaqachon joylashtirilgan.', 'Это объявление повторяется: эта дача уже размещена.', 'This is a duplicate: the cottage is already listed.');
