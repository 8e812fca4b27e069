CREATE TABLE "student_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"course_code" text NOT NULL,
	"kind" text NOT NULL,
	"hours" numeric(12, 2) NOT NULL,
	"value_cents" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_id" integer NOT NULL,
	"reverses_id" bigint,
	"posted_at" timestamp with time zone NOT NULL,
	"posted_by" integer,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"source" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"course_code" text NOT NULL,
	"course_name" text NOT NULL,
	"buy_type_id" integer,
	"unit" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"gift_quantity" numeric(12, 2) DEFAULT '0' NOT NULL,
	"list_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_type" integer NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"list_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"payable_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"family_cents" bigint NOT NULL,
	"funder_cents" bigint DEFAULT 0 NOT NULL,
	"funder_code" text,
	"manual_discount_cents" bigint DEFAULT 0 NOT NULL,
	"adviser_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"approval_id" integer,
	"effective_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "pay_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payer" text DEFAULT 'family' NOT NULL,
	"method" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"reference" text,
	"remark" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "student_ledger_student_course_idx" ON "student_ledger" USING btree ("student_id","course_code");--> statement-breakpoint
CREATE INDEX "student_ledger_item_idx" ON "student_ledger" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "student_ledger_source_idx" ON "student_ledger" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "order_adjustments_order_idx" ON "order_adjustments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_student_idx" ON "orders" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "orders_campus_status_idx" ON "orders" USING btree ("school_item_code","status");--> statement-breakpoint
CREATE INDEX "orders_funder_idx" ON "orders" USING btree ("funder_code");--> statement-breakpoint
CREATE INDEX "pay_records_order_idx" ON "pay_records" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pay_records_paid_at_idx" ON "pay_records" USING btree ("paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_records_reference_uq" ON "pay_records" USING btree ("method","reference") WHERE "pay_records"."reference" is not null and "pay_records"."status" <> 40 and "pay_records"."status" <> 30;