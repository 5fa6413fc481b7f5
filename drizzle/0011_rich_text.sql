CREATE TABLE "pending_data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Decision 017: section, article, track and concert texts become formatted text (sanitized HTML). The
-- conversion of the plain texts is a TypeScript step (app/db/data-migrations.server.ts), the same function the
-- seed and the admin's writes use; it runs right after this migration, in the same start.
INSERT INTO "pending_data_migrations" ("name") VALUES ('0011_rich_text');
