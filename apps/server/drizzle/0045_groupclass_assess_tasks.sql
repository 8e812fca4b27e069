CREATE TABLE "teaching_assess_task_members" (
	"task_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	CONSTRAINT "teaching_assess_task_members_task_id_student_id_pk" PRIMARY KEY("task_id","student_id"),
	CONSTRAINT "teaching_assess_task_members_assessment_id_unique" UNIQUE("assessment_id")
);
--> statement-breakpoint
CREATE TABLE "teaching_assess_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text NOT NULL,
	"class_id" integer NOT NULL,
	"scale_code" text NOT NULL,
	"assessor_code" text NOT NULL,
	"due_date" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teaching_assess_task_members" ADD CONSTRAINT "teaching_assess_task_members_task_id_teaching_assess_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."teaching_assess_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assess_tasks" ADD CONSTRAINT "teaching_assess_tasks_class_id_teaching_group_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."teaching_group_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teaching_assess_tasks_class_idx" ON "teaching_assess_tasks" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "teaching_assess_tasks_campus_idx" ON "teaching_assess_tasks" USING btree ("school_item_code","due_date");