CREATE TABLE "plan_lesson_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_type_code" text NOT NULL,
	"name" text NOT NULL,
	"minutes" integer DEFAULT 45 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_type_code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'skill' NOT NULL,
	"description" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_target_id" integer NOT NULL,
	"on_day" date NOT NULL,
	"lesson_id" integer,
	"score" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"recorded_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_strategies" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_id" integer NOT NULL,
	"course_type_code" text NOT NULL,
	"name" text NOT NULL,
	"steps" text,
	"materials" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_type_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"object_id" integer,
	"description" text,
	"mastery" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_student_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"course_type_code" text NOT NULL,
	"target_id" integer NOT NULL,
	"strategy_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"baseline" text NOT NULL,
	"goal" text NOT NULL,
	"start_on" date NOT NULL,
	"expected_end_on" date,
	"status" text DEFAULT 'active' NOT NULL,
	"status_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "plan_lesson_plans_type_name_uq" ON "plan_lesson_plans" USING btree ("course_type_code","name");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_objects_type_name_uq" ON "plan_objects" USING btree ("course_type_code","name");--> statement-breakpoint
CREATE INDEX "plan_progress_target_idx" ON "plan_progress" USING btree ("plan_target_id","on_day");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_strategies_target_name_uq" ON "plan_strategies" USING btree ("target_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_targets_type_code_uq" ON "plan_targets" USING btree ("course_type_code","code");--> statement-breakpoint
CREATE INDEX "plan_targets_object_idx" ON "plan_targets" USING btree ("object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_student_targets_live_uq" ON "plan_student_targets" USING btree ("student_id","target_id") WHERE status <> 'stopped';--> statement-breakpoint
CREATE INDEX "plan_student_targets_campus_idx" ON "plan_student_targets" USING btree ("school_item_code");