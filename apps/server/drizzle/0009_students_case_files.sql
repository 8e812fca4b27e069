CREATE TABLE "student_follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"node" text NOT NULL,
	"method" integer DEFAULT 1 NOT NULL,
	"content" text NOT NULL,
	"next_follow_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "relation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "phone2" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "adviser_id" integer;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "status" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "school_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "grade" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "diagnosis" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "diagnosis_hospital" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "diagnosis_date" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "disability_certificate" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "assessment_summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "rehab_history" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "allergies" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "service_end_date" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
CREATE INDEX "student_follows_student_idx" ON "student_follows" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "student_follows_campus_idx" ON "student_follows" USING btree ("school_item_code","created_at");--> statement-breakpoint
CREATE INDEX "students_adviser_idx" ON "students" USING btree ("adviser_id");--> statement-breakpoint
CREATE INDEX "students_source_clue_idx" ON "students" USING btree ("source_clue_id");--> statement-breakpoint
CREATE INDEX "students_no_adviser_idx" ON "students" USING btree ("school_item_code") WHERE adviser_id is null and status <> 90;