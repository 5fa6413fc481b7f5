CREATE TYPE "public"."page_name" AS ENUM('frontpage', 'music', 'videos', 'images', 'prices', 'practical', 'terms', 'privacy');--> statement-breakpoint
CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" "page_name" NOT NULL,
	"header" text NOT NULL,
	"image" text,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_header_not_blank" CHECK (length(btrim("pages"."header")) > 0)
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"header" text NOT NULL,
	"text" text NOT NULL,
	"image" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sections_header_not_blank" CHECK (length(btrim("sections"."header")) > 0),
	CONSTRAINT "sections_position_not_negative" CHECK ("sections"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_name" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"business_name" text NOT NULL,
	"street_address" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"cvr" text NOT NULL,
	"seeded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1),
	CONSTRAINT "site_settings_cvr_format" CHECK ("site_settings"."cvr" ~ '^[0-9]{8}$'),
	CONSTRAINT "site_settings_postal_code_format" CHECK ("site_settings"."postal_code" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pages_page_idx" ON "pages" USING btree ("page");--> statement-breakpoint
CREATE INDEX "sections_page_position_idx" ON "sections" USING btree ("page_id","position");