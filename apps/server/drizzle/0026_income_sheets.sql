CREATE TABLE "income_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"payer" text NOT NULL,
	"title" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"issued_by" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "income_sheets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "income_sheets_order_idx" ON "income_sheets" USING btree ("order_id");