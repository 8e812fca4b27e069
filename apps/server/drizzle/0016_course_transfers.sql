CREATE TABLE "course_transfer_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"course_code" text NOT NULL,
	"hours" numeric(12, 2) NOT NULL,
	"gift_hours" numeric(12, 2) DEFAULT '0' NOT NULL,
	"value_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"target_order_id" integer NOT NULL,
	"value_cents" bigint NOT NULL,
	"start_date" date,
	"pay_date" date,
	"income_attr" text DEFAULT '' NOT NULL,
	"commissioner_id" integer,
	"screenshot" text DEFAULT '' NOT NULL,
	"is_beyond_date" boolean DEFAULT false NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_transfers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "course_transfer_sources_transfer_idx" ON "course_transfer_sources" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "course_transfer_sources_order_idx" ON "course_transfer_sources" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "course_transfers_student_idx" ON "course_transfers" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "course_transfers_campus_idx" ON "course_transfers" USING btree ("school_item_code","kind","created_at");