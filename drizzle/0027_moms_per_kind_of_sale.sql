CREATE TYPE "public"."vat_category" AS ENUM('standard', 'exempt-letting', 'outside-scope');--> statement-breakpoint
CREATE TYPE "public"."add_on_vat" AS ENUM('standard', 'as-rent');--> statement-breakpoint
ALTER TABLE "add_ons" ADD COLUMN "vat" "add_on_vat" DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "rent_voluntarily_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every line sold until now carried 25 % but the security deposit, which carried none (decision 054): the lines keep
-- that as their category and rate, so receipts, invoices and credit notes already issued stay as they were.
ALTER TABLE "order_lines" ADD COLUMN "vat_category" "vat_category";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_rate_percent" smallint;--> statement-breakpoint
UPDATE "order_lines" SET
  "vat_category" = CASE WHEN "kind" = 'security-deposit' THEN 'outside-scope'::"vat_category" ELSE 'standard'::"vat_category" END,
  "vat_rate_percent" = CASE WHEN "kind" = 'security-deposit' THEN 0 ELSE 25 END;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "vat_category" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "vat_rate_percent" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_vat_rate" CHECK (("order_lines"."vat_category" = 'standard') = ("order_lines"."vat_rate_percent" > 0) and "order_lines"."vat_rate_percent" between 0 and 100);
