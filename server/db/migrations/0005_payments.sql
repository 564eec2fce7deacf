CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"user_uuid" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_user_uuid_users_user_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("user_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_provider_customer" ON "plans" USING btree ("payment_processor","provider_customer_id");