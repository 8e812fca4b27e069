CREATE TABLE "item_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"school_item_code" text,
	"price_cents" bigint NOT NULL,
	"effective_date" date NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "item_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"course_code" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"price_cents" bigint NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stocktaking_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"school_item_code" text NOT NULL,
	"item_id" integer NOT NULL,
	"opening" numeric(12, 2) NOT NULL,
	"sold" numeric(12, 2) NOT NULL,
	"used" numeric(12, 2) NOT NULL,
	"closing" numeric(12, 2) NOT NULL,
	"generated_by" integer,
	"generated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "item_prices_lookup_idx" ON "item_prices" USING btree ("item_id","school_item_code","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "item_sales_item_campus_uq" ON "item_sales" USING btree ("item_id","school_item_code");--> statement-breakpoint
CREATE INDEX "item_sales_campus_idx" ON "item_sales" USING btree ("school_item_code","status");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_items_kind_code_uq" ON "sale_items" USING btree ("kind","code");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_items_kind_name_uq" ON "sale_items" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "sale_items_course_idx" ON "sale_items" USING btree ("course_code");--> statement-breakpoint
CREATE UNIQUE INDEX "stocktaking_rows_month_uq" ON "stocktaking_rows" USING btree ("month","school_item_code","item_id");