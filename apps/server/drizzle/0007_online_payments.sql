CREATE TABLE "online_payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"out_trade_no" text,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"gateway" text NOT NULL,
	"pay_method_type" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_code" text NOT NULL,
	"school_item_code" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"code_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"trade_state" text DEFAULT 'NOTPAY' NOT NULL,
	"transaction_id" text,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payments_out_trade_no_unique" UNIQUE("out_trade_no")
);
--> statement-breakpoint
CREATE INDEX "online_payment_events_trade_idx" ON "online_payment_events" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "online_payments_order_idx" ON "online_payments" USING btree ("order_id","id");