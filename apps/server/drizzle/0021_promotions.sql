CREATE TABLE "promo_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"mode" text DEFAULT '' NOT NULL,
	"off_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"min_spend_cents" bigint DEFAULT 0 NOT NULL,
	"gift_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"course_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"campus_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"valid_days" integer DEFAULT 0 NOT NULL,
	"coupon_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parent_id" integer,
	"status" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "promo_offers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "promo_principles" (
	"kind" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"combines_with" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cap_percent" numeric(5, 2) DEFAULT '100' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"course_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "promo_terms_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "promo_voucher_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"cents" bigint NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"code" text NOT NULL,
	"student_id" integer,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"issued_by" integer,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_vouchers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "promo_offers_kind_idx" ON "promo_offers" USING btree ("kind","status","start_date");--> statement-breakpoint
CREATE INDEX "promo_offers_parent_idx" ON "promo_offers" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "promo_terms_dates_idx" ON "promo_terms" USING btree ("start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_voucher_uses_voucher_uq" ON "promo_voucher_uses" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "promo_voucher_uses_order_idx" ON "promo_voucher_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promo_vouchers_config_idx" ON "promo_vouchers" USING btree ("config_id");--> statement-breakpoint
CREATE INDEX "promo_vouchers_student_idx" ON "promo_vouchers" USING btree ("student_id");