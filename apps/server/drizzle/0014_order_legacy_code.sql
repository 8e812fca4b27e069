ALTER TABLE "orders" ADD COLUMN "legacy_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_legacy_code_unique" UNIQUE("legacy_code");