CREATE TYPE "public"."order_line_kind" AS ENUM('day', 'add-on', 'custom', 'security-deposit');--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" "order_line_kind" NOT NULL,
	"description" text NOT NULL,
	"day" date,
	"quantity" integer NOT NULL,
	"unit_price_oere" integer NOT NULL,
	"total_oere" integer NOT NULL,
	"vat_oere" integer NOT NULL,
	CONSTRAINT "order_lines_amounts" CHECK ("order_lines"."quantity" > 0 and "order_lines"."unit_price_oere" >= 0 and "order_lines"."total_oere" = "order_lines"."quantity" * "order_lines"."unit_price_oere" and "order_lines"."vat_oere" between 0 and "order_lines"."total_oere"),
	CONSTRAINT "order_lines_day" CHECK (("order_lines"."kind" = 'day') = ("order_lines"."day" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_position" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
-- Today's orders become the first case of the order model (decision 031): one line per day of the order, at the
-- price its claim fixed. A day whose claim is gone (an expired hold of an order that was never paid) shares what is
-- left of the order's total with the other such days, the last taking the odd øre, so the lines add up to it.
WITH order_days AS (
  SELECT o.id AS order_id, o.total_oere, d.day, d.n,
    (SELECT c.price_oere FROM day_claims c WHERE c.order_id = o.id AND c.day = d.day
      ORDER BY c.created_at DESC LIMIT 1) AS claimed
  FROM orders o CROSS JOIN LATERAL unnest(o.days) WITH ORDINALITY AS d(day, n)
), unknown AS (
  SELECT order_days.*,
    count(*) FILTER (WHERE claimed IS NULL) OVER whole AS unknown_days,
    total_oere - coalesce(sum(claimed) OVER whole, 0) AS unknown_total,
    count(*) FILTER (WHERE claimed IS NULL) OVER (PARTITION BY order_id ORDER BY n) AS unknown_rank
  FROM order_days
  WINDOW whole AS (PARTITION BY order_id)
), priced AS (
  SELECT order_id, n, day,
    coalesce(claimed, unknown_total / unknown_days
      + CASE WHEN unknown_rank = unknown_days THEN unknown_total % unknown_days ELSE 0 END)::integer AS price
  FROM unknown
)
INSERT INTO "order_lines" ("order_id", "position", "kind", "description", "day", "quantity", "unit_price_oere",
  "total_oere", "vat_oere")
SELECT order_id, n - 1, 'day', 'Leje af salen', day, 1, price, price, round(price / 5.0)::integer
FROM priced;
