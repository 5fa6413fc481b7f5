ALTER TYPE "public"."order_status" ADD VALUE 'requested';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'offered';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'declined';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guests" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "answer_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "request_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD COLUMN "offer_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_answer_days" CHECK ("reservation_settings"."request_days" between 1 and 60 and "reservation_settings"."offer_days" between 1 and 60);