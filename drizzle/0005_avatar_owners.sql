CREATE TABLE "user_files" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_files_user_id_key_unique" UNIQUE("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "user_files" ADD CONSTRAINT "user_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Until now a client could write any avatar_url, also another user's file. An avatar that no other profile names is
-- taken as its user's own; one that several profiles name is dropped from all of them (its file stays).
INSERT INTO "user_files" ("key", "user_id")
SELECT substring("avatar_url" from '^/storage/v1/object/public/(users/[A-Za-z0-9_-][A-Za-z0-9._-]*)$'), "user_id"
FROM "profiles" "p"
WHERE "avatar_url" ~ '^/storage/v1/object/public/users/[A-Za-z0-9_-][A-Za-z0-9._-]*$'
  AND (SELECT count(*) FROM "profiles" "o" WHERE "o"."avatar_url" = "p"."avatar_url") = 1;--> statement-breakpoint
UPDATE "profiles" SET "avatar_key" = "f"."key" FROM "user_files" "f" WHERE "f"."user_id" = "profiles"."user_id";--> statement-breakpoint
-- The e-mail copy could be written by the client too; from now on only the account writes it.
UPDATE "profiles" SET "email" = "u"."email" FROM "users" "u" WHERE "u"."id" = "profiles"."user_id" AND "profiles"."email" <> "u"."email";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_avatar_file_fk" FOREIGN KEY ("user_id","avatar_key") REFERENCES "public"."user_files"("user_id","key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "avatar_url";
