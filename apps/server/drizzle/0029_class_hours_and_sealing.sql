CREATE TABLE "class_hour_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text NOT NULL,
	"teacher_code" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"status" integer DEFAULT 5 NOT NULL,
	"approval_request_id" integer,
	"lesson_count" integer NOT NULL,
	"hours" numeric(12, 2) NOT NULL,
	"lesson_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forbid_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"sealed_by" integer,
	"sealed_at" timestamp with time zone NOT NULL,
	"unsealed_by" integer,
	"unsealed_at" timestamp with time zone,
	"unseal_reason" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "class_hour_confirmations_live_uq" ON "class_hour_confirmations" USING btree ("school_item_code","teacher_code","year","month") WHERE status in (5, 10, 15, 20);--> statement-breakpoint
CREATE INDEX "class_hour_confirmations_period_idx" ON "class_hour_confirmations" USING btree ("year","month","school_item_code");--> statement-breakpoint
CREATE UNIQUE INDEX "forbid_bills_year_month_uq" ON "forbid_bills" USING btree ("year","month");