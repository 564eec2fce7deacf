CREATE TABLE "payment_checkouts" (
	"provider" text NOT NULL,
	"checkout_id" text NOT NULL,
	"user_uuid" uuid NOT NULL,
	"plan" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_checkouts_provider_checkout_id_pk" PRIMARY KEY("provider","checkout_id")
);
--> statement-breakpoint
DROP INDEX "plans_provider_customer";--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "checkout_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "checkout_attempt" uuid;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_user_uuid_users_user_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("user_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_checkouts_user" ON "payment_checkouts" USING btree ("user_uuid");--> statement-breakpoint
-- A customer id two plans shared (the defect this index ends) stays with the plan that last heard of it.
UPDATE "plans" SET "provider_customer_id" = NULL WHERE "provider_customer_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "plans" AS "newer" WHERE "newer"."payment_processor" = "plans"."payment_processor" AND "newer"."provider_customer_id" = "plans"."provider_customer_id" AND ("newer"."refreshed_at", "newer"."user_uuid") > ("plans"."refreshed_at", "plans"."user_uuid"));--> statement-breakpoint
CREATE UNIQUE INDEX "plans_provider_customer_unique" ON "plans" USING btree ("payment_processor","provider_customer_id");