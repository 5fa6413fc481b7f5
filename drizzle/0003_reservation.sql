CREATE TYPE "public"."claim_kind" AS ENUM('hold', 'booking');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'paid', 'failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "blocked_dates" (
	"day" date PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_dates_title_not_blank" CHECK (length(btrim("blocked_dates"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "day_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"kind" "claim_kind" NOT NULL,
	"user_id" text,
	"order_id" uuid,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"price_oere" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"release_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_claims_hold_expires" CHECK ("day_claims"."kind" <> 'hold' or "day_claims"."expires_at" is not null),
	CONSTRAINT "day_claims_span" CHECK ("day_claims"."end_at" > "day_claims"."start_at"),
	CONSTRAINT "day_claims_price" CHECK ("day_claims"."price_oere" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"booker_name" text NOT NULL,
	"booker_email" text NOT NULL,
	"booker_address" text NOT NULL,
	"booker_phone" text DEFAULT '' NOT NULL,
	"days" date[] NOT NULL,
	"total_oere" integer NOT NULL,
	"vat_oere" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"receipt_number" integer,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_provider_reference_unique" UNIQUE("provider_reference"),
	CONSTRAINT "orders_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "orders_amounts" CHECK ("orders"."total_oere" >= 0 and "orders"."vat_oere" >= 0 and "orders"."vat_oere" <= "orders"."total_oere"),
	CONSTRAINT "orders_paid_has_receipt" CHECK ("orders"."status" <> 'paid' or ("orders"."receipt_number" is not null and "orders"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"weekday_price_oere" integer DEFAULT 450000 NOT NULL,
	"weekend_price_oere" integer DEFAULT 650000 NOT NULL,
	"holidays_at_weekend_price" boolean DEFAULT true NOT NULL,
	"hold_seconds" integer DEFAULT 900 NOT NULL,
	"horizon_days" integer DEFAULT 365 NOT NULL,
	"max_days_per_order" integer DEFAULT 14 NOT NULL,
	"cancellation_days" integer DEFAULT 14 NOT NULL,
	"last_receipt_number" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_settings_single_row" CHECK ("reservation_settings"."id" = 1),
	CONSTRAINT "reservation_settings_prices" CHECK ("reservation_settings"."weekday_price_oere" between 0 and 100000000 and "reservation_settings"."weekend_price_oere" between 0 and 100000000),
	CONSTRAINT "reservation_settings_hold_seconds" CHECK ("reservation_settings"."hold_seconds" between 1 and 86400),
	CONSTRAINT "reservation_settings_horizon" CHECK ("reservation_settings"."horizon_days" between 1 and 1095),
	CONSTRAINT "reservation_settings_max_days" CHECK ("reservation_settings"."max_days_per_order" between 1 and 366),
	CONSTRAINT "reservation_settings_cancellation" CHECK ("reservation_settings"."cancellation_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_claims" ADD CONSTRAINT "day_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_claims" ADD CONSTRAINT "day_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_claims_one_active_per_day" ON "day_claims" USING btree ("day") WHERE "day_claims"."released_at" is null;--> statement-breakpoint
CREATE INDEX "day_claims_user_idx" ON "day_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "day_claims_order_idx" ON "day_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "reservation_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
