CREATE TYPE "public"."waitlist_status" AS ENUM('waiting', 'offered', 'left');--> statement-breakpoint
CREATE TABLE "ticket_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" serial NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"wanted" smallint NOT NULL,
	"status" "waitlist_status" DEFAULT 'waiting' NOT NULL,
	"token" text NOT NULL,
	"order_id" uuid,
	"offered_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_waitlist_wanted" CHECK ("ticket_waitlist"."wanted" between 1 and 50),
	CONSTRAINT "ticket_waitlist_name" CHECK (length("ticket_waitlist"."name") between 1 and 100),
	CONSTRAINT "ticket_waitlist_email" CHECK (length("ticket_waitlist"."email") between 3 and 254)
);
--> statement-breakpoint
ALTER TABLE "ticket_waitlist" ADD CONSTRAINT "ticket_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_waitlist" ADD CONSTRAINT "ticket_waitlist_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_waitlist_token" ON "ticket_waitlist" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_waitlist_waiting_email" ON "ticket_waitlist" USING btree ("event_id","email") WHERE "ticket_waitlist"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "ticket_waitlist_turn_idx" ON "ticket_waitlist" USING btree ("event_id","position") WHERE "ticket_waitlist"."status" = 'waiting';