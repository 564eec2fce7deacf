CREATE TABLE "youtube_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"channel_id" text NOT NULL,
	"channel_title" text NOT NULL,
	"picture_url" text,
	"refresh_token_sealed" text NOT NULL,
	"scopes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_uploads" (
	"entry_uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"channel_row_id" uuid,
	"channel_id" text NOT NULL,
	"channel_title" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_uuid" uuid NOT NULL,
	"upload_config" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"bytes_total" bigint,
	"bytes_sent" bigint DEFAULT 0 NOT NULL,
	"session_url" text,
	"youtube_video_id" text,
	"thumbnail_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "youtube_channels" ADD CONSTRAINT "youtube_channels_user_uuid_users_user_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("user_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD CONSTRAINT "youtube_uploads_user_uuid_users_user_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("user_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD CONSTRAINT "youtube_uploads_channel_row_id_youtube_channels_id_fk" FOREIGN KEY ("channel_row_id") REFERENCES "public"."youtube_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "youtube_channels_user_channel" ON "youtube_channels" USING btree ("user_uuid","channel_id");--> statement-breakpoint
CREATE INDEX "youtube_uploads_user_created" ON "youtube_uploads" USING btree ("user_uuid","created_at");--> statement-breakpoint
CREATE INDEX "youtube_uploads_target" ON "youtube_uploads" USING btree ("target_uuid");