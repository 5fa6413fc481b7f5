CREATE TABLE "customer_type_terms" (
	"customer_type" "customer_type" PRIMARY KEY NOT NULL,
	"booking_mode" "booking_mode" DEFAULT 'direct' NOT NULL,
	"weekday_price_oere" integer NOT NULL,
	"weekend_price_oere" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_type_terms_prices" CHECK ("customer_type_terms"."weekday_price_oere" between 0 and 100000000 and "customer_type_terms"."weekend_price_oere" between 0 and 100000000)
);
--> statement-breakpoint
ALTER TABLE "reservation_settings" DROP CONSTRAINT "reservation_settings_prices";--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "customer_type" "customer_type" DEFAULT 'privat' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_type" "customer_type" DEFAULT 'privat' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booker_organisation" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booker_cvr" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booker_ean" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booker_reference" text;--> statement-breakpoint
-- Every customer type starts at the prices the venue had for everyone, and books directly as everyone did.
INSERT INTO "customer_type_terms" ("customer_type", "weekday_price_oere", "weekend_price_oere")
SELECT t.customer_type, s.weekday_price_oere, s.weekend_price_oere
FROM "reservation_settings" s
CROSS JOIN unnest(enum_range(NULL::"customer_type")) AS t(customer_type)
WHERE s.id = 1;--> statement-breakpoint
ALTER TABLE "reservation_settings" DROP COLUMN "weekday_price_oere";--> statement-breakpoint
ALTER TABLE "reservation_settings" DROP COLUMN "weekend_price_oere";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_booker_cvr" CHECK ("orders"."booker_cvr" ~ '^[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_booker_ean" CHECK ("orders"."booker_ean" ~ '^[0-9]{13}$');