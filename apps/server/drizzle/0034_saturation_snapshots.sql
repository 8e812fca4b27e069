CREATE TABLE "saturation_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"school_item_code" text NOT NULL,
	"teacher_code" text DEFAULT '' NOT NULL,
	"teachers" integer DEFAULT 0 NOT NULL,
	"available_minutes" integer DEFAULT 0 NOT NULL,
	"booked_minutes" integer DEFAULT 0 NOT NULL,
	"rooms" integer DEFAULT 0 NOT NULL,
	"room_available_minutes" integer DEFAULT 0 NOT NULL,
	"room_booked_minutes" integer DEFAULT 0 NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saturation_snapshots_day_campus_teacher_uq" ON "saturation_snapshots" USING btree ("day","school_item_code","teacher_code");--> statement-breakpoint
CREATE INDEX "saturation_snapshots_campus_day_idx" ON "saturation_snapshots" USING btree ("school_item_code","day");