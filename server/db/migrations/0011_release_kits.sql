-- Release kits (issue 26): a kit row holds the track, the hook and the plan of its files; its
-- parts are renders that point at it (kit_id, kit_output), the hook clips with their section.
CREATE TABLE "release_kits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"audio_uuid" uuid,
	"audio_file_name" text NOT NULL,
	"title" text NOT NULL,
	"artist" text DEFAULT '' NOT NULL,
	"template" text NOT NULL,
	"feed" text NOT NULL,
	"bpm" real,
	"hook_start_seconds" real NOT NULL,
	"hook_end_seconds" real NOT NULL,
	"hook_bars" integer NOT NULL,
	"fade_seconds" real NOT NULL,
	"parts" jsonb NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "release_kits" ADD CONSTRAINT "release_kits_user_uuid_users_user_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("user_uuid") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "release_kits" ADD CONSTRAINT "release_kits_audio_uuid_audios_audio_uuid_fk" FOREIGN KEY ("audio_uuid") REFERENCES "public"."audios"("audio_uuid") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "release_kits_user_created" ON "release_kits" USING btree ("user_uuid","created_at");
--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "kit_id" uuid;
--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "kit_output" text;
--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "section" jsonb;
--> statement-breakpoint
ALTER TABLE "renders" ADD CONSTRAINT "renders_kit_id_release_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."release_kits"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "renders_kit" ON "renders" USING btree ("kit_id");
