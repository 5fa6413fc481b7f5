CREATE TABLE "site_claim" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_claim_single_row" CHECK ("site_claim"."id" = 1)
);
