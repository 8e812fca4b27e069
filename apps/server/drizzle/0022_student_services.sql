CREATE TABLE "absences" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"course_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"missed_id" bigint,
	"order_item_id" integer,
	"hours" numeric(12, 2),
	"time_span" text,
	"teacher_id" integer,
	"reason" text NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"student_id" integer NOT NULL,
	"from_school_item_code" text NOT NULL,
	"to_school_item_code" text NOT NULL,
	"reason" text NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"approval_id" integer,
	"moved_orders" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "school_transfers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "refund_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"student_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"reason_code" text NOT NULL,
	"content" text NOT NULL,
	"applicant_name" text NOT NULL,
	"applicant_phone" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"approval_id" integer,
	"refund_order_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "refund_applications_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"student_id" integer NOT NULL,
	"order_id" integer,
	"school_item_code" text NOT NULL,
	"contract_no" text,
	"signed_date" text,
	"supplement_kind" text,
	"amount_cents" bigint,
	"content" text DEFAULT '' NOT NULL,
	"previous_end_date" text,
	"service_end_date" text,
	"status" integer DEFAULT 10 NOT NULL,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "agreements_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "absences_campus_type_idx" ON "absences" USING btree ("school_item_code","type","created_at");--> statement-breakpoint
CREATE INDEX "absences_student_idx" ON "absences" USING btree ("student_id","type","from_date");--> statement-breakpoint
CREATE INDEX "absences_approval_idx" ON "absences" USING btree ("approval_id");--> statement-breakpoint
CREATE UNIQUE INDEX "absences_missed_open_uq" ON "absences" USING btree ("missed_id") WHERE "absences"."type" = 'makeup' and "absences"."status" in (10, 20);--> statement-breakpoint
CREATE INDEX "school_transfers_from_idx" ON "school_transfers" USING btree ("from_school_item_code","created_at");--> statement-breakpoint
CREATE INDEX "school_transfers_to_idx" ON "school_transfers" USING btree ("to_school_item_code","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "school_transfers_open_uq" ON "school_transfers" USING btree ("student_id") WHERE "school_transfers"."status" = 10;--> statement-breakpoint
CREATE INDEX "refund_applications_campus_idx" ON "refund_applications" USING btree ("school_item_code","created_at");--> statement-breakpoint
CREATE INDEX "refund_applications_student_idx" ON "refund_applications" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "agreements_campus_type_idx" ON "agreements" USING btree ("school_item_code","type","created_at");--> statement-breakpoint
CREATE INDEX "agreements_order_idx" ON "agreements" USING btree ("order_id","type");--> statement-breakpoint
CREATE INDEX "agreements_student_idx" ON "agreements" USING btree ("student_id","type");