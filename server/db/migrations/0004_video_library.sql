CREATE TABLE "videos" (
	"video_uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint,
	"mimetype" text NOT NULL,
	"is_task_output" boolean DEFAULT false NOT NULL,
	"task_name" text,
	"task_status" text,
	"processing_status" text,
	"error" text,
	"width" integer,
	"height" integer,
	"fps" real,
	"duration_seconds" real,
	"codec" text,
	"video_key" text,
	"thumbnail_key" text,
	"source_video_uuid" uuid,
	"audio_uuid" uuid,
	"target_seconds" real,
	"percent_complete" real DEFAULT 0 NOT NULL,
	"retention_policy" text DEFAULT 'keep' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_uuid_users_user_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("user_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_audio_uuid_audios_audio_uuid_fk" FOREIGN KEY ("audio_uuid") REFERENCES "public"."audios"("audio_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_user_created" ON "videos" USING btree ("user_uuid","created_at");