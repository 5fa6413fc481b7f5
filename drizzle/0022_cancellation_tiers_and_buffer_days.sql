CREATE TABLE "order_cancellations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"cancelled_at" timestamp with time zone NOT NULL,
	"cancelled_by" text,
	"by_admin" boolean NOT NULL,
	"reason" text NOT NULL,
	"days_before" integer NOT NULL,
	"charge_percent" smallint NOT NULL,
	"charge_oere" integer NOT NULL,
	"refund_oere" integer NOT NULL,
	"security_deposit_oere" integer DEFAULT 0 NOT NULL,
	"owed_oere" integer NOT NULL,
	"refund_reference" text,
	"credit_note_id" uuid,
	CONSTRAINT "order_cancellations_amounts" CHECK ("order_cancellations"."charge_oere" >= 0 and "order_cancellations"."refund_oere" >= 0 and "order_cancellations"."owed_oere" >= 0
        and "order_cancellations"."charge_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "buffer_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "cancellation_tiers" jsonb DEFAULT '[{"minDaysBefore":30,"chargePercent":0},{"minDaysBefore":14,"chargePercent":50},{"minDaysBefore":0,"chargePercent":100}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_buffer_days" CHECK ("reservation_settings"."buffer_days" between 0 and 14);