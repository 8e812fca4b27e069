CREATE TABLE "teaching_degree_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"degree_id" integer NOT NULL,
	"degree_type" text NOT NULL,
	"frequency_type" text NOT NULL,
	"frequency_config" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"record_attendance" boolean DEFAULT true NOT NULL,
	"target_id" integer NOT NULL,
	"course_code" text,
	"classroom_id" integer,
	"hours" numeric(12, 2) NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_degrees" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text NOT NULL,
	"teacher_code" text NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"shift_type" integer NOT NULL,
	"time_type" integer DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_study_authorisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"course_code" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"authorised_by" integer,
	"authorised_at" timestamp with time zone NOT NULL,
	"revoked_by" integer,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "teaching_lessons" ADD COLUMN "degree_item_id" integer;--> statement-breakpoint
ALTER TABLE "teaching_degree_items" ADD CONSTRAINT "teaching_degree_items_degree_id_teaching_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."teaching_degrees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teaching_degree_items_degree_idx" ON "teaching_degree_items" USING btree ("degree_id","status");--> statement-breakpoint
CREATE INDEX "teaching_degree_items_target_idx" ON "teaching_degree_items" USING btree ("degree_type","target_id");--> statement-breakpoint
CREATE INDEX "teaching_degrees_campus_idx" ON "teaching_degrees" USING btree ("school_item_code","status");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_degrees_held_uq" ON "teaching_degrees" USING btree ("school_item_code","teacher_code","start_minute","end_minute") WHERE status = 10;--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_study_authorisations_live_uq" ON "teaching_study_authorisations" USING btree ("student_id","course_code") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "teaching_study_authorisations_campus_idx" ON "teaching_study_authorisations" USING btree ("school_item_code");--> statement-breakpoint
CREATE INDEX "teaching_lessons_degree_item_idx" ON "teaching_lessons" USING btree ("degree_item_id","lesson_date");