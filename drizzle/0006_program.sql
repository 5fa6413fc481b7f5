CREATE TYPE "public"."event_status" AS ENUM('planlagt', 'udsolgt', 'aflyst', 'flyttet');--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"performers" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"doors_open" text,
	"ends_at" timestamp with time zone,
	"room" text DEFAULT '' NOT NULL,
	"price" text DEFAULT '' NOT NULL,
	"age_limit" integer,
	"ticket_url" text,
	"status" "event_status" DEFAULT 'planlagt' NOT NULL,
	"moved_to" timestamp with time zone,
	"description" text DEFAULT '' NOT NULL,
	"image" jsonb,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_title_not_blank" CHECK (length(btrim("title")) > 0),
	CONSTRAINT "events_age_limit_range" CHECK ("events"."age_limit" is null or "events"."age_limit" between 0 and 99),
	CONSTRAINT "events_doors_open_format" CHECK ("events"."doors_open" is null or "events"."doors_open" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "events_ends_after_start" CHECK ("events"."ends_at" is null or "events"."ends_at" > coalesce("events"."moved_to", "events"."starts_at")),
	CONSTRAINT "events_moved_has_new_time" CHECK (("events"."status" = 'flyttet') = ("events"."moved_to" is not null)),
	CONSTRAINT "events_ticket_url_web" CHECK ("events"."ticket_url" is null or "events"."ticket_url" ~ '^https?://')
);
--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at");