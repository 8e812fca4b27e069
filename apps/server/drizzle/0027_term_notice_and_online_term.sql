ALTER TABLE "online_payments" ADD COLUMN "term_bill_item_id" integer;--> statement-breakpoint
ALTER TABLE "term_bills" ADD COLUMN "notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "term_bills" ADD COLUMN "notice_sent_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_bills" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "term_bills" ADD COLUMN "signer_name" text;--> statement-breakpoint
ALTER TABLE "term_bills" ADD COLUMN "signed_by" integer;