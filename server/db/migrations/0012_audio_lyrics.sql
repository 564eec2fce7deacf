-- A track's lyrics (issue 27): one row per track, the last save winning, the version it replaced
-- kept in "conflict" until the user picks one.
CREATE TABLE "audio_lyrics" (
	"audio_uuid" uuid PRIMARY KEY NOT NULL,
	"user_uuid" uuid NOT NULL,
	"lyrics" jsonb NOT NULL,
	"revision" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"conflict" jsonb
);
--> statement-breakpoint
ALTER TABLE "audio_lyrics" ADD CONSTRAINT "audio_lyrics_audio_uuid_audios_audio_uuid_fk" FOREIGN KEY ("audio_uuid") REFERENCES "public"."audios"("audio_uuid") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "audio_lyrics" ADD CONSTRAINT "audio_lyrics_user_uuid_users_user_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("user_uuid") ON DELETE cascade ON UPDATE no action;
