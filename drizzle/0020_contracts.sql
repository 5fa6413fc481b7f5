ALTER TYPE "public"."page_name" ADD VALUE 'house-rules';--> statement-breakpoint
CREATE TABLE "contract_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"accepted_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "contract_acceptances_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "contract_acceptances_sha256" CHECK ("contract_acceptances"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "contract_acceptances" ADD CONSTRAINT "contract_acceptances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_acceptances" ADD CONSTRAINT "contract_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;