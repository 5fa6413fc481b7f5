CREATE TYPE "public"."newsletter_delivery_status" AS ENUM('waiting', 'sent', 'failed', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."newsletter_letter_status" AS ENUM('draft', 'scheduled', 'sending', 'sent');--> statement-breakpoint
CREATE TYPE "public"."newsletter_subscriber_status" AS ENUM('pending', 'subscribed', 'unsubscribed', 'bouncing');--> statement-breakpoint
CREATE TABLE "newsletter_deliveries" (
	"letter_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"status" "newsletter_delivery_status" DEFAULT 'waiting' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_letter_id_subscriber_id_pk" PRIMARY KEY("letter_id","subscriber_id"),
	CONSTRAINT "newsletter_deliveries_attempts" CHECK ("newsletter_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "newsletter_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"status" "newsletter_letter_status" DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"sent" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"digest_month" text,
	"in_archive" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_letters_subject" CHECK (length(btrim("newsletter_letters"."subject")) between 1 and 150)
);
--> statement-breakpoint
CREATE TABLE "newsletter_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"messages_per_second" smallint DEFAULT 10 NOT NULL,
	"monthly_digest" boolean DEFAULT false NOT NULL,
	"next_slot_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_settings_one_row" CHECK ("newsletter_settings"."id" = 1),
	CONSTRAINT "newsletter_settings_rate" CHECK ("newsletter_settings"."messages_per_second" between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"status" "newsletter_subscriber_status" DEFAULT 'pending' NOT NULL,
	"confirm_token" text,
	"unsubscribe_token" text NOT NULL,
	"source" text NOT NULL,
	"consent_wording" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email" CHECK (length("newsletter_subscribers"."email") between 3 and 254),
	CONSTRAINT "newsletter_subscribers_name" CHECK ("newsletter_subscribers"."name" is null or length("newsletter_subscribers"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_letter_id_newsletter_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."newsletter_letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD CONSTRAINT "newsletter_letters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_due_idx" ON "newsletter_deliveries" USING btree ("letter_id","next_attempt_at") WHERE "newsletter_deliveries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_subscriber_idx" ON "newsletter_deliveries" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_letters_digest_month" ON "newsletter_letters" USING btree ("digest_month");--> statement-breakpoint
CREATE INDEX "newsletter_letters_due_idx" ON "newsletter_letters" USING btree ("send_at") WHERE "newsletter_letters"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_token" ON "newsletter_subscribers" USING btree ("confirm_token");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_unsubscribe_token" ON "newsletter_subscribers" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_confirmed_idx" ON "newsletter_subscribers" USING btree ("confirmed_at");