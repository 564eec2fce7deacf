CREATE TABLE "audios" (
	"audio_uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mimetype" text NOT NULL,
	"duration_seconds" real,
	"core_processing_status" text,
	"marketplace_processing_status" text,
	"marketplace_asset" boolean DEFAULT false NOT NULL,
	"error" text,
	"title" text,
	"artists" text,
	"album" text,
	"artwork_image_uuid" uuid,
	"sha256" text,
	"original_key" text,
	"playable_key" text,
	"analysis_key" text,
	"preview_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"image_uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"image_name" text NOT NULL,
	"image_type" text NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"original_key" text NOT NULL,
	"display_key" text,
	"thumb_key" text,
	"mimetype" text NOT NULL,
	"file_size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audios" ADD CONSTRAINT "audios_user_uuid_users_user_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("user_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audios" ADD CONSTRAINT "audios_artwork_image_uuid_images_image_uuid_fk" FOREIGN KEY ("artwork_image_uuid") REFERENCES "public"."images"("image_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_uuid_users_user_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("user_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audios_user_content" ON "audios" USING btree ("user_uuid","sha256");--> statement-breakpoint
CREATE INDEX "audios_user_created" ON "audios" USING btree ("user_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "images_user_content" ON "images" USING btree ("user_uuid","sha256");--> statement-breakpoint
CREATE INDEX "images_user_created" ON "images" USING btree ("user_uuid","created_at");