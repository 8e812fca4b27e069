CREATE TABLE "salary_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"status" integer DEFAULT 5 NOT NULL,
	"approval_request_id" integer,
	"employees" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"employee_code" text NOT NULL,
	"employee_name" text NOT NULL,
	"status" integer NOT NULL,
	"school_item_code" text,
	"campuses" text[] NOT NULL,
	"post_code" text,
	"post_name" text,
	"skill_rank_code" text,
	"skill_rank_name" text,
	"pay_role" text,
	"rule" jsonb,
	"total_cents" bigint NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "salary_applications_live_uq" ON "salary_applications" USING btree ("school_item_code","year","month") WHERE status in (5, 10, 15, 20);--> statement-breakpoint
CREATE INDEX "salary_applications_period_idx" ON "salary_applications" USING btree ("year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_snapshots_period_emp_uq" ON "employee_snapshots" USING btree ("year","month","employee_code");--> statement-breakpoint
CREATE INDEX "employee_snapshots_campus_idx" ON "employee_snapshots" USING btree ("school_item_code","year","month");