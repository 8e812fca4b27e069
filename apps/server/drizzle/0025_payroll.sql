CREATE TABLE "salary_course_switch" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_code" text NOT NULL,
	"pay_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "salary_course_switch_course_code_unique" UNIQUE("course_code")
);
--> statement-breakpoint
CREATE TABLE "salary_extra_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text NOT NULL,
	"teacher_code" text NOT NULL,
	"work_date" date NOT NULL,
	"pay_type" text NOT NULL,
	"hours" numeric(8, 2) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_line_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"source_type" text NOT NULL,
	"source_id" integer NOT NULL,
	"quantity" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"employee_code" text NOT NULL,
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"item" text NOT NULL,
	"quantity" numeric(12, 2) DEFAULT '0' NOT NULL,
	"rate" bigint,
	"amount_cents" bigint NOT NULL,
	"rule_id" integer,
	"run_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_rule_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"pay_type" text NOT NULL,
	"attendance_status" text NOT NULL,
	"hourly_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"skill_rank_code" text DEFAULT '' NOT NULL,
	"effective_from" integer NOT NULL,
	"base_cents" bigint DEFAULT 0 NOT NULL,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"per_case_cents" bigint DEFAULT 0 NOT NULL,
	"target_bonus_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_threshold_hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"school_item_code" text,
	"computed_at" timestamp with time zone NOT NULL,
	"computed_by" integer,
	"line_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "salary_line_sources" ADD CONSTRAINT "salary_line_sources_line_id_salary_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."salary_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_rule_rates" ADD CONSTRAINT "salary_rule_rates_rule_id_salary_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."salary_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "salary_extra_hours_key_uq" ON "salary_extra_hours" USING btree ("school_item_code","teacher_code","work_date","pay_type");--> statement-breakpoint
CREATE INDEX "salary_extra_hours_date_idx" ON "salary_extra_hours" USING btree ("work_date");--> statement-breakpoint
CREATE INDEX "salary_line_sources_line_idx" ON "salary_line_sources" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "salary_lines_period_campus_idx" ON "salary_lines" USING btree ("year","month","school_item_code","role");--> statement-breakpoint
CREATE INDEX "salary_lines_employee_idx" ON "salary_lines" USING btree ("employee_code","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_rule_rates_key_uq" ON "salary_rule_rates" USING btree ("rule_id","pay_type","attendance_status");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_rules_key_uq" ON "salary_rules" USING btree ("role","skill_rank_code","effective_from");--> statement-breakpoint
CREATE INDEX "salary_runs_period_idx" ON "salary_runs" USING btree ("year","month");