ALTER TABLE "invoices" ADD COLUMN "reverses_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reverses_uq" ON "invoices" USING btree ("reverses_id");