CREATE TABLE "rental_bookings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"booker_address" text NOT NULL,
	"customer_type" "customer_type" DEFAULT 'privat' NOT NULL,
	"booker_organisation" text,
	"booker_cvr" text,
	"booker_ean" text,
	"booker_reference" text,
	"guests" integer,
	"purpose" text,
	"message" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answer_by" timestamp with time zone,
	CONSTRAINT "rental_bookings_booker_cvr" CHECK ("rental_bookings"."booker_cvr" ~ '^[0-9]{8}$'),
	CONSTRAINT "rental_bookings_booker_ean" CHECK ("rental_bookings"."booker_ean" ~ '^[0-9]{13}$')
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_booker_cvr";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_booker_ean";--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD CONSTRAINT "rental_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What only a rental has moves to the rental's own row (decision 060): each hall order's booker details, a request's
-- words and the admin's answer. A ticket order gets none.
INSERT INTO "rental_bookings" ("order_id", "booker_address", "customer_type", "booker_organisation", "booker_cvr",
  "booker_ean", "booker_reference", "guests", "purpose", "message", "answer", "answered_at", "answer_by")
SELECT "id", "booker_address", "customer_type", "booker_organisation", "booker_cvr", "booker_ean", "booker_reference",
  "guests", "purpose", "message", "answer", "answered_at", "answer_by"
FROM "orders" WHERE "sale" = 'rental';--> statement-breakpoint
-- A rental's days are written once, as its day lines. Every order made since migration 0014 has a line for each of its
-- days; a day an order names without one (changed by hand since) gets a line of no amount at the moms of the order's
-- other days, so that no order loses a day and no total or moms changes.
INSERT INTO "order_lines" ("order_id", "position", "kind", "description", "day", "quantity", "unit_price_oere",
  "total_oere", "vat_category", "vat_rate_percent", "vat_oere")
SELECT o."id",
  (SELECT coalesce(max(l."position"), -1) FROM "order_lines" l WHERE l."order_id" = o."id")
    + row_number() OVER (PARTITION BY o."id" ORDER BY d."day"),
  'day', 'Leje af salen', d."day", 1, 0, 0, coalesce(rent."vat_category", 'exempt-letting'),
  coalesce(rent."vat_rate_percent", 0), 0
FROM "orders" o
CROSS JOIN LATERAL (SELECT DISTINCT unnest(o."days") AS "day") d
LEFT JOIN LATERAL (
  SELECT l."vat_category", l."vat_rate_percent" FROM "order_lines" l
  WHERE l."order_id" = o."id" AND l."kind" = 'day' ORDER BY l."position" LIMIT 1
) rent ON true
WHERE o."sale" = 'rental' AND NOT EXISTS (
  SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id" AND l."kind" = 'day' AND l."day" = d."day"
);--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "booker_address";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "customer_type";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "booker_organisation";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "booker_cvr";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "booker_ean";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "booker_reference";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "days";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "guests";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "purpose";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "message";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "answer";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "answered_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "answer_by";