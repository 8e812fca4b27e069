CREATE TABLE "installment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"shares_bp" jsonb NOT NULL,
	"interval_months" integer NOT NULL,
	"first_due_days" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_bill_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"term_no" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"pay_record_id" integer
);
--> statement-breakpoint
CREATE TABLE "term_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"plan_id" integer,
	"status" integer DEFAULT 10 NOT NULL,
	"total_cents" bigint NOT NULL,
	"approval_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "term_bills_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "term_bill_items_bill_idx" ON "term_bill_items" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "term_bill_items_due_idx" ON "term_bill_items" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "term_bill_items_record_uq" ON "term_bill_items" USING btree ("pay_record_id");--> statement-breakpoint
CREATE INDEX "term_bills_order_idx" ON "term_bills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "term_bills_campus_status_idx" ON "term_bills" USING btree ("school_item_code","status");