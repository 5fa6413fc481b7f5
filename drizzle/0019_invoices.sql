CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'credit-note');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'invoiced';--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" "invoice_kind" DEFAULT 'invoice' NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"total_oere" integer NOT NULL,
	"vat_oere" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."vat_oere" between 0 and "invoices"."total_oere"),
	CONSTRAINT "invoices_due" CHECK ("invoices"."due_on" >= "invoices"."issued_on")
);
--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "invoice_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "invoice_days" smallint DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "bank_reg_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "bank_account_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "last_invoice_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_invoice_days" CHECK ("reservation_settings"."invoice_days" between 0 and 90);