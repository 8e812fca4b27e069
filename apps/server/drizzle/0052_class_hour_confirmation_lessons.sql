CREATE TABLE "class_hour_confirmation_lessons" (
	"confirmation_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	CONSTRAINT "class_hour_confirmation_lessons_confirmation_id_lesson_id_pk" PRIMARY KEY("confirmation_id","lesson_id")
);
--> statement-breakpoint
DROP INDEX "class_hour_confirmations_live_uq";--> statement-breakpoint
ALTER TABLE "class_hour_confirmations" ADD COLUMN "kind" text DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "class_hour_confirmation_lessons" ADD CONSTRAINT "class_hour_confirmation_lessons_confirmation_id_class_hour_confirmations_id_fk" FOREIGN KEY ("confirmation_id") REFERENCES "public"."class_hour_confirmations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_hour_confirmation_lessons_live_uq" ON "class_hour_confirmation_lessons" USING btree ("lesson_id") WHERE live;--> statement-breakpoint
CREATE INDEX "class_hour_confirmations_teacher_period_idx" ON "class_hour_confirmations" USING btree ("teacher_code","year","month");--> statement-breakpoint
-- Backfill: each confirmation covers the lessons it was submitted with (its lesson_ids); rows of a
-- rejected or withdrawn confirmation are kept, not live.
INSERT INTO "class_hour_confirmation_lessons" ("confirmation_id", "lesson_id", "live")
SELECT DISTINCT c."id", l."lesson_id", c."status" IN (5, 10, 15, 20)
FROM "class_hour_confirmations" c CROSS JOIN LATERAL unnest(c."lesson_ids") AS l("lesson_id")
ON CONFLICT DO NOTHING;
