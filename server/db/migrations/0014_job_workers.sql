-- The job workers alive now, each beating every WORKER_HEARTBEAT_SECONDS, and the worker running
-- each render's current attempt: a render whose worker went silent is handed to another.
CREATE TABLE "job_workers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "worker_id" uuid;
