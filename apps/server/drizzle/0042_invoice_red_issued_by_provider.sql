DROP INDEX "invoices_reverses_uq";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "invoice_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reverses_live_uq" ON "invoices" USING btree ("reverses_id") WHERE "invoices"."status" <> 40;