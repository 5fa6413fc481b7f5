CREATE TYPE "public"."refund_kind" AS ENUM('cancellation', 'security-deposit');--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" "refund_kind" NOT NULL,
	"amount_oere" integer NOT NULL,
	"vat_oere" integer NOT NULL,
	"reason" text NOT NULL,
	"provider_reference" text,
	"refunded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_refunds_amounts" CHECK ("order_refunds"."amount_oere" > 0 and "order_refunds"."vat_oere" between 0 and "order_refunds"."amount_oere")
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_one_per_payment" ON "order_refunds" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
-- Every refund so far becomes a row per payment it paid back (decision 056): a cancellation's over the paid payments,
-- the latest first, as it was paid out, with the provider's ids that were one string in the order they were made;
-- its moms as the accountant's CSV computed it (none on a security deposit, the sale's share of the rest), shared
-- across its rows with the last taking what rounding left; a security deposit's on the payment that carried it.
WITH "deposits" AS (
  SELECT "order_id", sum("total_oere") AS "deposit" FROM "order_lines" WHERE "kind" = 'security-deposit' GROUP BY "order_id"
), "paid" AS (
  SELECT c."order_id", c."refund_oere", c."reason", c."cancelled_at", c."refund_reference",
    CASE WHEN o."total_oere" - coalesce(d."deposit", 0) = 0 THEN 0
      ELSE round(((c."refund_oere" - c."security_deposit_oere")::numeric * o."vat_oere")
        / (o."total_oere" - coalesce(d."deposit", 0)))::integer END AS "vat",
    p."id" AS "payment_id", p."amount_oere", p."provider_reference",
    coalesce(sum(p."amount_oere") OVER (PARTITION BY c."order_id" ORDER BY p."due_day" DESC, p."id"
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "before"
  FROM "order_cancellations" c
  JOIN "orders" o ON o."id" = c."order_id"
  LEFT JOIN "deposits" d ON d."order_id" = c."order_id"
  JOIN "order_payments" p ON p."order_id" = c."order_id" AND p."paid_at" IS NOT NULL
  WHERE c."refund_oere" > 0 AND c."credit_note_id" IS NULL
), "parts" AS (
  SELECT *, least("amount_oere", "refund_oere" - "before") AS "part",
    CASE WHEN "provider_reference" LIKE 'cs\_%' THEN
      row_number() OVER (PARTITION BY "order_id", "provider_reference" LIKE 'cs\_%' ORDER BY "before") END AS "nth"
  FROM "paid" WHERE "refund_oere" > "before"
), "shared" AS (
  SELECT *, CASE WHEN "refund_oere" = 0 THEN 0 ELSE round(("part"::numeric * "vat") / "refund_oere")::integer END AS "share",
    row_number() OVER (PARTITION BY "order_id" ORDER BY "before" DESC) = 1 AS "last"
  FROM "parts"
)
INSERT INTO "order_refunds" ("order_id", "payment_id", "kind", "amount_oere", "vat_oere", "reason", "provider_reference", "refunded_at")
SELECT "order_id", "payment_id", 'cancellation', "part",
  CASE WHEN "last" THEN "vat" - coalesce(sum("share") OVER (PARTITION BY "order_id" ORDER BY "before"
    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) ELSE "share" END,
  "reason", (string_to_array("refund_reference", ' '))["nth"], "cancelled_at"
FROM "shared";--> statement-breakpoint
INSERT INTO "order_refunds" ("order_id", "payment_id", "kind", "amount_oere", "vat_oere", "reason", "provider_reference", "refunded_at")
SELECT s."order_id", carrier."id", 'security-deposit', s."refunded_oere", 0, 'Sikkerhedsdepositum betalt tilbage',
  s."refund_reference", s."settled_at"
FROM "deposit_settlements" s
JOIN LATERAL (
  SELECT p."id" FROM "order_payments" p WHERE p."order_id" = s."order_id" ORDER BY p."due_day" DESC, p."id" DESC LIMIT 1
) carrier ON true
WHERE s."refunded_oere" > 0;--> statement-breakpoint
ALTER TABLE "deposit_settlements" DROP COLUMN "refund_reference";--> statement-breakpoint
ALTER TABLE "order_cancellations" DROP COLUMN "refund_reference";