CREATE TYPE "public"."ticket_sale_mode" AS ENUM('link', 'own', 'none');--> statement-breakpoint
CREATE TYPE "public"."order_sale" AS ENUM('rental', 'tickets');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('held', 'sold', 'released', 'refunded');--> statement-breakpoint
ALTER TYPE "public"."order_line_kind" ADD VALUE 'ticket';--> statement-breakpoint
ALTER TYPE "public"."order_line_kind" ADD VALUE 'ticket-fee';--> statement-breakpoint
CREATE TABLE "ticket_sales" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"max_per_order" smallint DEFAULT 6 NOT NULL,
	"max_per_email" smallint DEFAULT 10 NOT NULL,
	"fee_oere" integer DEFAULT 0 NOT NULL,
	"buyers_may_cancel" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_sales_taken" CHECK ("ticket_sales"."taken" between 0 and "ticket_sales"."capacity"),
	CONSTRAINT "ticket_sales_capacity" CHECK ("ticket_sales"."capacity" between 1 and 100000),
	CONSTRAINT "ticket_sales_window" CHECK ("ticket_sales"."closes_at" > "ticket_sales"."opens_at"),
	CONSTRAINT "ticket_sales_limits" CHECK ("ticket_sales"."max_per_order" between 1 and 50 and "ticket_sales"."max_per_email" between "ticket_sales"."max_per_order" and 200),
	CONSTRAINT "ticket_sales_fee" CHECK ("ticket_sales"."fee_oere" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_oere" integer NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_types_taken" CHECK ("ticket_types"."taken" between 0 and "ticket_types"."capacity"),
	CONSTRAINT "ticket_types_capacity" CHECK ("ticket_types"."capacity" between 1 and 100000),
	CONSTRAINT "ticket_types_price" CHECK ("ticket_types"."price_oere" between 0 and 10000000),
	CONSTRAINT "ticket_types_name" CHECK (length(btrim("ticket_types"."name")) between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid,
	"order_id" uuid,
	"status" "ticket_status" NOT NULL,
	"token" text NOT NULL,
	"door_code" text NOT NULL,
	"holder_name" text NOT NULL,
	"expires_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_held_expires" CHECK ("tickets"."status" <> 'held' or "tickets"."expires_at" is not null),
	CONSTRAINT "tickets_guest_or_order" CHECK (("tickets"."order_id" is null) = ("tickets"."ticket_type_id" is null)),
	CONSTRAINT "tickets_checked_in_sold" CHECK ("tickets"."checked_in_at" is null or "tickets"."status" = 'sold')
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_known";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ticket_sale" "ticket_sale_mode" DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "ticket_type_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sale" "order_sale" DEFAULT 'rental' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_token" text;--> statement-breakpoint
ALTER TABLE "ticket_sales" ADD CONSTRAINT "ticket_sales_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_ticket_sales_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."ticket_sales"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_types_event_idx" ON "ticket_types" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_token" ON "tickets" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_door_code" ON "tickets" USING btree ("event_id","door_code");--> statement-breakpoint
CREATE INDEX "tickets_event_status_idx" ON "tickets" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_access_token_unique" UNIQUE("access_token");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('user', 'kab-webadmin', 'doerpersonale'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ticket_sale" CHECK (("orders"."sale" = 'tickets') = ("orders"."event_id" is not null and "orders"."access_token" is not null));