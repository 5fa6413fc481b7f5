CREATE TABLE "add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" "add_on_unit" NOT NULL,
	"price_oere" integer NOT NULL,
	"required_for" "customer_type"[] DEFAULT '{}' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_ons_name_not_blank" CHECK (length(btrim("name")) > 0),
	CONSTRAINT "add_ons_price_range" CHECK ("add_ons"."price_oere" between 0 and 100000000)
);
