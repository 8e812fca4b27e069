CREATE TABLE "teaching_attendances" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"lesson_student_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"course_code" text NOT NULL,
	"teacher_code" text NOT NULL,
	"lesson_date" date NOT NULL,
	"status" text NOT NULL,
	"hours" numeric(12, 2) NOT NULL,
	"paid" boolean NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"signed_by" integer,
	"signed_at" timestamp with time zone NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "teaching_calendar_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_classrooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_group_class_students" (
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "teaching_group_class_students_class_id_student_id_pk" PRIMARY KEY("class_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "teaching_group_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"school_item_code" text NOT NULL,
	"name" text NOT NULL,
	"course_code" text NOT NULL,
	"teacher_code" text NOT NULL,
	"classroom_id" integer,
	"capacity" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "teaching_group_classes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "teaching_lesson_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text NOT NULL,
	"weekdays" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_lesson_students" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"order_item_id" bigint,
	"status" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text NOT NULL,
	"course_code" text NOT NULL,
	"teacher_code" text NOT NULL,
	"classroom_id" integer,
	"class_id" integer,
	"kind" text NOT NULL,
	"series_id" integer,
	"lesson_date" date NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"hours" numeric(12, 2) NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_time_spans" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text NOT NULL,
	"name" text NOT NULL,
	"band_type" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teaching_group_class_students" ADD CONSTRAINT "teaching_group_class_students_class_id_teaching_group_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."teaching_group_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_lesson_students" ADD CONSTRAINT "teaching_lesson_students_lesson_id_teaching_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."teaching_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_attendances_live_uq" ON "teaching_attendances" USING btree ("lesson_student_id") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "teaching_attendances_lesson_idx" ON "teaching_attendances" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "teaching_attendances_student_idx" ON "teaching_attendances" USING btree ("student_id","lesson_date");--> statement-breakpoint
CREATE INDEX "teaching_attendances_campus_idx" ON "teaching_attendances" USING btree ("school_item_code","lesson_date");--> statement-breakpoint
CREATE INDEX "teaching_calendar_days_range_idx" ON "teaching_calendar_days" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_classrooms_campus_name_uq" ON "teaching_classrooms" USING btree ("school_item_code","name");--> statement-breakpoint
CREATE INDEX "teaching_group_class_students_student_idx" ON "teaching_group_class_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "teaching_group_classes_campus_idx" ON "teaching_group_classes" USING btree ("school_item_code","status");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_lesson_students_uq" ON "teaching_lesson_students" USING btree ("lesson_id","student_id");--> statement-breakpoint
CREATE INDEX "teaching_lesson_students_student_idx" ON "teaching_lesson_students" USING btree ("student_id","status");--> statement-breakpoint
CREATE INDEX "teaching_lessons_campus_date_idx" ON "teaching_lessons" USING btree ("school_item_code","lesson_date");--> statement-breakpoint
CREATE INDEX "teaching_lessons_teacher_date_idx" ON "teaching_lessons" USING btree ("teacher_code","lesson_date");--> statement-breakpoint
CREATE INDEX "teaching_lessons_room_date_idx" ON "teaching_lessons" USING btree ("classroom_id","lesson_date");--> statement-breakpoint
CREATE INDEX "teaching_lessons_series_idx" ON "teaching_lessons" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_lessons_teacher_slot_uq" ON "teaching_lessons" USING btree ("teacher_code","lesson_date","start_minute") WHERE status = 10;--> statement-breakpoint
CREATE INDEX "teaching_time_spans_campus_idx" ON "teaching_time_spans" USING btree ("school_item_code","sort");