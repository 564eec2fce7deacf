-- Fair render queues: a QUEUED render is either admitted (its job sent) or waits for a slot of its user.
ALTER TABLE "renders" ADD COLUMN "admitted_at" timestamp with time zone;--> statement-breakpoint
-- Renders made before slots had their jobs sent at creation: they count as admitted.
UPDATE "renders" SET "admitted_at" = "created_at" WHERE "status" <> 'DRAFT';--> statement-breakpoint
CREATE INDEX "renders_waiting" ON "renders" USING btree ("user_uuid","created_at","id") WHERE "renders"."status" = 'QUEUED' AND "renders"."admitted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "renders_admitted_unfinished" ON "renders" USING btree ("user_uuid") WHERE "renders"."status" IN ('QUEUED', 'RENDERING') AND "renders"."admitted_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "render_slots" integer;
