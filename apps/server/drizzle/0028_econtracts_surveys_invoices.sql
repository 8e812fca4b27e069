CREATE TABLE "e_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"student_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"signer_name" text NOT NULL,
	"signer_phone" text NOT NULL,
	"flow_id" text,
	"status" integer DEFAULT 0 NOT NULL,
	"signed_file_key" text,
	"signed_at" timestamp with time zone,
	"send_count" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "e_contracts_code_unique" UNIQUE("code"),
	CONSTRAINT "e_contracts_flow_id_unique" UNIQUE("flow_id")
);
--> statement-breakpoint
CREATE TABLE "special_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"answers" jsonb NOT NULL,
	"guardian_consent" boolean DEFAULT false NOT NULL,
	"filled_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "special_surveys_student_id_unique" UNIQUE("student_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tax_code" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"validstatus" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_contents_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"student_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"content_id" integer NOT NULL,
	"content_name" text NOT NULL,
	"tax_code" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"buyer_type" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_tax_no" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"invoice_no" text,
	"pdf_url" text,
	"issued_at" timestamp with time zone,
	"fail_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "e_contracts_student_idx" ON "e_contracts" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "e_contracts_open_order_uq" ON "e_contracts" USING btree ("order_id") WHERE "e_contracts"."status" in (0, 10, 20);--> statement-breakpoint
CREATE INDEX "invoices_campus_created_idx" ON "invoices" USING btree ("school_item_code","created_at");--> statement-breakpoint
CREATE INDEX "invoices_student_idx" ON "invoices" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "invoices_order_live_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."status" in (10, 20, 30);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_no_uq" ON "invoices" USING btree ("invoice_no");