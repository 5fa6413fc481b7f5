CREATE TYPE "public"."media_image_status" AS ENUM('processing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "media_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image" jsonb,
	"status" "media_image_status" DEFAULT 'processing' NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"original_name" text NOT NULL,
	"failure" text,
	"upload_key" text,
	"claimed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_images_ready_has_image" CHECK (("media_images"."status" = 'ready') = ("media_images"."image" is not null)),
	CONSTRAINT "media_images_original_name_length" CHECK (char_length("media_images"."original_name") between 1 and 200),
	CONSTRAINT "media_images_alt_length" CHECK (char_length("media_images"."alt") <= 500)
);
--> statement-breakpoint
ALTER TABLE "albums" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_images" ADD COLUMN "image_id" uuid;--> statement-breakpoint
-- Decision 020: every picture becomes a library image. Each row with a picture gets a new image_id and a ready
-- media_images row with the same file ref (the files stay where they are); the gallery's texts become the alt text.
UPDATE "pages" SET "image_id" = gen_random_uuid() WHERE "image" IS NOT NULL;--> statement-breakpoint
INSERT INTO "media_images" ("id", "image", "status", "alt", "original_name", "created_at", "updated_at")
  SELECT "image_id", "image", 'ready', '', left(btrim("header"), 200), "created_at", "updated_at" FROM "pages" WHERE "image_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sections" SET "image_id" = gen_random_uuid() WHERE "image" IS NOT NULL;--> statement-breakpoint
INSERT INTO "media_images" ("id", "image", "status", "alt", "original_name", "created_at", "updated_at")
  SELECT "image_id", "image", 'ready', '', left(btrim("header"), 200), "created_at", "updated_at" FROM "sections" WHERE "image_id" IS NOT NULL;--> statement-breakpoint
UPDATE "albums" SET "image_id" = gen_random_uuid() WHERE "image" IS NOT NULL;--> statement-breakpoint
INSERT INTO "media_images" ("id", "image", "status", "alt", "original_name", "created_at", "updated_at")
  SELECT "image_id", "image", 'ready', '', left(btrim("title"), 200), "created_at", "updated_at" FROM "albums" WHERE "image_id" IS NOT NULL;--> statement-breakpoint
UPDATE "articles" SET "image_id" = gen_random_uuid() WHERE "image" IS NOT NULL;--> statement-breakpoint
INSERT INTO "media_images" ("id", "image", "status", "alt", "original_name", "created_at", "updated_at")
  SELECT "image_id", "image", 'ready', '', left(btrim("header"), 200), "created_at", "updated_at" FROM "articles" WHERE "image_id" IS NOT NULL;--> statement-breakpoint
UPDATE "banners" SET "image_id" = gen_random_uuid() WHERE "image" IS NOT NULL;--> statement-breakpoint
INSERT INTO "media_images" ("id", "image", "status", "alt", "original_name", "created_at", "updated_at")
  SELECT "image_id", "image", 'ready', '', left(btrim("title"), 200), "created_at", "updated_at" FROM "banners" WHERE "image_id" IS NOT NULL;--> statement-breakpoint
UPDATE "stock_images" SET "image_id" = gen_random_uuid() WHERE "image" IS NOT NULL;--> statement-breakpoint
INSERT INTO "media_images" ("id", "image", "status", "alt", "original_name", "created_at", "updated_at")
  SELECT "image_id", "image", 'ready', left("text", 500), left(btrim("title"), 200), "created_at", "updated_at" FROM "stock_images" WHERE "image_id" IS NOT NULL;--> statement-breakpoint
UPDATE "events" SET "image_id" = gen_random_uuid() WHERE "image" IS NOT NULL;--> statement-breakpoint
INSERT INTO "media_images" ("id", "image", "status", "alt", "original_name", "created_at", "updated_at")
  SELECT "image_id", "image", 'ready', '', left(btrim("title"), 200), "created_at", "updated_at" FROM "events" WHERE "image_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "albums" ALTER COLUMN "image_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "image_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ALTER COLUMN "image_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_images" ALTER COLUMN "image_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media_images" ADD CONSTRAINT "media_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_images_created_idx" ON "media_images" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_image_id_media_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_image_id_media_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_id_media_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_id_media_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_image_id_media_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_image_id_media_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_images" ADD CONSTRAINT "stock_images_image_id_media_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_with_id" CHECK (("image" is null) = ("image_id" is null));--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_image_with_id" CHECK (("image" is null) = ("image_id" is null));--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_image_with_id" CHECK (("image" is null) = ("image_id" is null));