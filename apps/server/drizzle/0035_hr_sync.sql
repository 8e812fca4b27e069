CREATE TABLE "hr_org_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_external_id" text,
	"status" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hr_org_units_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "hr_payroll_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"employee_code" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"digest" text NOT NULL,
	"pushed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"year" integer,
	"month" integer,
	"total" integer NOT NULL,
	"created" integer NOT NULL,
	"updated" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"skipped" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "hr_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "hr_payroll_pushes_uq" ON "hr_payroll_pushes" USING btree ("year","month","employee_code");--> statement-breakpoint
CREATE INDEX "hr_sync_runs_at_idx" ON "hr_sync_runs" USING btree ("at");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_hr_id_unique" UNIQUE("hr_id");