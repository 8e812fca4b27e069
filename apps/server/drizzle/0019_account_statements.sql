CREATE TABLE "account_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"month" text NOT NULL,
	"version" integer NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"opening_hours" numeric(12, 2) NOT NULL,
	"opening_cents" bigint NOT NULL,
	"closing_hours" numeric(12, 2) NOT NULL,
	"closing_cents" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"generated_by" integer,
	"sent_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_statements_version_uq" ON "account_statements" USING btree ("student_id","month","version");--> statement-breakpoint
CREATE INDEX "account_statements_campus_month_idx" ON "account_statements" USING btree ("school_item_code","month","is_current");