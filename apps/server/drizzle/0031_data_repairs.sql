CREATE TABLE "data_repairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"done_by" integer NOT NULL,
	"done_by_name" text NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"reverted_by" integer,
	"reverted_at" timestamp with time zone,
	"revert_reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "data_repairs_order_idx" ON "data_repairs" USING btree ("order_id","done_at");