-- The gallery's order (issue #34, docs/decisions.md "Gallery order"): the cottage form reorders a cottage's images;
-- existing images keep the order they were shown in (oldest first).
ALTER TABLE "cottage_image" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "cottage_image" SET "position" = r.n FROM (
  SELECT "id", (row_number() OVER (PARTITION BY "cottage_id" ORDER BY "created_at", "id") - 1)::integer AS n FROM "cottage_image"
) r WHERE r."id" = "cottage_image"."id";
