CREATE TABLE "renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"template" text NOT NULL,
	"settings" jsonb NOT NULL,
	"audio_uuid" uuid,
	"audio_file_name" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"image_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"frames_done" integer DEFAULT 0 NOT NULL,
	"frames_total" integer DEFAULT 0 NOT NULL,
	"percent_complete" real DEFAULT 0 NOT NULL,
	"eta_seconds" real,
	"progress_updated_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"video_key" text,
	"video_bytes" bigint,
	"thumbnail_key" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "renders" ADD CONSTRAINT "renders_user_uuid_users_user_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("user_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renders" ADD CONSTRAINT "renders_audio_uuid_audios_audio_uuid_fk" FOREIGN KEY ("audio_uuid") REFERENCES "public"."audios"("audio_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renders_user_kind_created" ON "renders" USING btree ("user_uuid","kind","created_at");