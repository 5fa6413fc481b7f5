CREATE TABLE "albums" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist" text NOT NULL,
	"year" integer NOT NULL,
	"title" text NOT NULL,
	"image" jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "albums_artist_not_blank" CHECK (length(btrim("artist")) > 0),
	CONSTRAINT "albums_title_not_blank" CHECK (length(btrim("title")) > 0),
	CONSTRAINT "albums_year_range" CHECK ("albums"."year" between 0 and 999999)
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"header" text NOT NULL,
	"text" text NOT NULL,
	"image" jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_header_not_blank" CHECK (length(btrim("header")) > 0),
	CONSTRAINT "articles_text_not_blank" CHECK (length(btrim("text")) > 0)
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"range" real DEFAULT 50 NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"image" jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_title_not_blank" CHECK (length(btrim("title")) > 0),
	CONSTRAINT "banners_text_not_blank" CHECK (length(btrim("text")) > 0),
	CONSTRAINT "banners_range_percent" CHECK ("banners"."range" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "stock_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"image" jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_images_title_not_blank" CHECK (length(btrim("title")) > 0),
	CONSTRAINT "stock_images_text_not_blank" CHECK (length(btrim("text")) > 0)
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"album_id" uuid NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"audio" text NOT NULL,
	"content_type" text NOT NULL,
	"duration_seconds" real,
	"published" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracks_title_not_blank" CHECK (length(btrim("title")) > 0),
	CONSTRAINT "tracks_duration_positive" CHECK ("tracks"."duration_seconds" is null or "tracks"."duration_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "video_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"video_id" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_links_title_not_blank" CHECK (length(btrim("title")) > 0),
	CONSTRAINT "video_links_video_id_format" CHECK ("video_links"."video_id" ~ '^[A-Za-z0-9_-]{11}$')
);
--> statement-breakpoint
ALTER TABLE "pages" DROP CONSTRAINT "pages_header_not_blank";--> statement-breakpoint
ALTER TABLE "sections" DROP CONSTRAINT "sections_header_not_blank";--> statement-breakpoint
ALTER TABLE "pages" ALTER COLUMN "image" SET DATA TYPE jsonb USING CASE WHEN "image" IS NULL THEN NULL ELSE jsonb_build_object('key', "image", 'width', 0, 'height', 0, 'widths', '[]'::jsonb) END;--> statement-breakpoint
ALTER TABLE "sections" ALTER COLUMN "image" SET DATA TYPE jsonb USING CASE WHEN "image" IS NULL THEN NULL ELSE jsonb_build_object('key', "image", 'width', 0, 'height', 0, 'widths', '[]'::jsonb) END;--> statement-breakpoint
ALTER TABLE "sections" ALTER COLUMN "position" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_created_idx" ON "articles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tracks_album_position_idx" ON "tracks" USING btree ("album_id","position");--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_header_not_blank" CHECK (length(btrim("header")) > 0);--> statement-breakpoint
UPDATE "sections" SET "text" = "header" WHERE length(btrim("text")) = 0;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_text_not_blank" CHECK (length(btrim("text")) > 0);--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_header_not_blank" CHECK (length(btrim("header")) > 0);