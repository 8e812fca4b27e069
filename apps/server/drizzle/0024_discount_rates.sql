CREATE TABLE "month_discount_rate_schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"month_rate_id" integer NOT NULL,
	"month" text NOT NULL,
	"school_item_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "month_discount_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"rate_id" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_discount_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "order_discount_rates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "month_discount_rate_schools_uq" ON "month_discount_rate_schools" USING btree ("month","school_item_code");--> statement-breakpoint
CREATE INDEX "month_discount_rate_schools_rule_idx" ON "month_discount_rate_schools" USING btree ("month_rate_id");--> statement-breakpoint
CREATE INDEX "month_discount_rates_month_idx" ON "month_discount_rates" USING btree ("month");