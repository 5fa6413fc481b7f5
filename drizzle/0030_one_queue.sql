CREATE TABLE "queue_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL,
	"key" text,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_jobs_attempts" CHECK ("queue_jobs"."attempts" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "queue_jobs_key" ON "queue_jobs" USING btree ("queue","key");--> statement-breakpoint
CREATE INDEX "queue_jobs_due" ON "queue_jobs" USING btree ("queue","run_at") WHERE "queue_jobs"."done_at" is null and "queue_jobs"."failed_at" is null;--> statement-breakpoint
-- The outbox's messages become the mail queue's jobs, each with its own id (so its Message-ID stays the same).
INSERT INTO "queue_jobs" ("id", "queue", "payload", "attempts", "run_at", "last_error", "done_at", "failed_at", "created_at")
SELECT "id", 'mail', "message", "attempts", "next_attempt_at", "last_error", "sent_at", "failed_at", "created_at" FROM "mail_outbox";--> statement-breakpoint
DROP TABLE "mail_outbox";--> statement-breakpoint
-- Uploads still to encode become the media queue's jobs, keyed by their image.
INSERT INTO "queue_jobs" ("queue", "key", "payload")
SELECT 'media', "id"::text, jsonb_build_object('imageId', "id") FROM "media_images" WHERE "status" = 'processing';--> statement-breakpoint
ALTER TABLE "media_images" DROP COLUMN "claimed_at";
