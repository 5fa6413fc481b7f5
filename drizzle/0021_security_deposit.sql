CREATE TABLE "deposit_settlements" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"kept_oere" integer NOT NULL,
	"reason" text,
	"refunded_oere" integer NOT NULL,
	"refund_reference" text,
	"settled_at" timestamp with time zone NOT NULL,
	"settled_by" text,
	CONSTRAINT "deposit_settlements_amounts" CHECK ("deposit_settlements"."kept_oere" >= 0 and "deposit_settlements"."refunded_oere" >= 0),
	CONSTRAINT "deposit_settlements_reason" CHECK ("deposit_settlements"."kept_oere" = 0 or length(btrim(coalesce("deposit_settlements"."reason", ''))) > 0)
);
--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "security_deposit_oere" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_security_deposit" CHECK ("reservation_settings"."security_deposit_oere" between 0 and 100000000);