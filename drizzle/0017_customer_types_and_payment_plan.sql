CREATE TYPE "public"."payment_kind" AS ENUM('everything', 'depositum', 'balance');--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"amount_oere" integer NOT NULL,
	"due_day" date NOT NULL,
	"paid_at" timestamp with time zone,
	"receipt_number" integer,
	"provider_reference" text,
	"reminded_on" date,
	CONSTRAINT "order_payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "order_payments_provider_reference_unique" UNIQUE("provider_reference"),
	CONSTRAINT "order_payments_amount" CHECK ("order_payments"."amount_oere" >= 0),
	CONSTRAINT "order_payments_paid_has_receipt" CHECK (("order_payments"."paid_at" is null) = ("order_payments"."receipt_number" is null))
);
--> statement-breakpoint
CREATE TABLE "customer_type_terms" (
	"customer_type" "customer_type" PRIMARY KEY NOT NULL,
	"booking_mode" "booking_mode" DEFAULT 'direct' NOT NULL,
	"weekday_price_oere" integer NOT NULL,
	"weekend_price_oere" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_type_terms_prices" CHECK ("customer_type_terms"."weekday_price_oere" between 0 and 100000000 and "customer_type_terms"."weekend_price_oere" between 0 and 100000000)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_provider_reference_unique";--> statement-breakpoint
ALTER TABLE "reservation_settings" DROP CONSTRAINT "reservation_settings_prices";--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "customer_type" "customer_type" DEFAULT 'privat' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_type" "customer_type" DEFAULT 'privat' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booker_organisation" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booker_cvr" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booker_ean" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booker_reference" text;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "depositum_percent" smallint;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "depositum_fixed_oere" integer;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "balance_days_before" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_one_of_each_kind" ON "order_payments" USING btree ("order_id","kind");--> statement-breakpoint
-- Every customer type starts at the prices the venue had for everyone, and books directly as everyone did.
INSERT INTO "customer_type_terms" ("customer_type", "weekday_price_oere", "weekend_price_oere")
SELECT t.customer_type, s.weekday_price_oere, s.weekend_price_oere
FROM "reservation_settings" s
CROSS JOIN unnest(enum_range(NULL::"customer_type")) AS t(customer_type)
WHERE s.id = 1;--> statement-breakpoint
-- Every order so far was paid, or meant to be, all at once at booking: one payment of everything, paid with the
-- order's own receipt and checkout.
INSERT INTO "order_payments" ("order_id", "kind", "amount_oere", "due_day", "paid_at", "receipt_number",
  "provider_reference")
SELECT "id", 'everything', "total_oere", ("created_at" AT TIME ZONE 'Europe/Copenhagen')::date,
  CASE WHEN "receipt_number" IS NULL THEN NULL ELSE "paid_at" END, CASE WHEN "paid_at" IS NULL THEN NULL ELSE "receipt_number" END,
  "provider_reference"
FROM "orders";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "provider_reference";--> statement-breakpoint
ALTER TABLE "reservation_settings" DROP COLUMN "weekday_price_oere";--> statement-breakpoint
ALTER TABLE "reservation_settings" DROP COLUMN "weekend_price_oere";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_booker_cvr" CHECK ("orders"."booker_cvr" ~ '^[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_booker_ean" CHECK ("orders"."booker_ean" ~ '^[0-9]{13}$');--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_depositum" CHECK (("reservation_settings"."depositum_percent" is null or "reservation_settings"."depositum_fixed_oere" is null)
        and coalesce("reservation_settings"."depositum_percent", 0) between 0 and 100
        and coalesce("reservation_settings"."depositum_fixed_oere", 0) between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_balance_days" CHECK ("reservation_settings"."balance_days_before" between 0 and 365);