CREATE TABLE "self_test_runs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"output_key" text,
	"output_bytes" bigint,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "server_instance" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"instance_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"boot_count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_boot_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_instance_singleton" CHECK ("server_instance"."singleton")
);
