CREATE TABLE "refund_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"course_code" text NOT NULL,
	"course_name" text NOT NULL,
	"hours" numeric(12, 2) NOT NULL,
	"gift_hours" numeric(12, 2) DEFAULT '0' NOT NULL,
	"value_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"order_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"reason_code" text NOT NULL,
	"reason_name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "refund_orders_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "refund_order_items_refund_idx" ON "refund_order_items" USING btree ("refund_order_id");--> statement-breakpoint
CREATE INDEX "refund_orders_order_idx" ON "refund_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refund_orders_student_idx" ON "refund_orders" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "refund_orders_campus_idx" ON "refund_orders" USING btree ("school_item_code","type");