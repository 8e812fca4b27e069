DROP INDEX "teaching_assess_tasks_campus_idx";--> statement-breakpoint
ALTER TABLE "teaching_assess_tasks" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_assess_tasks" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_assess_tasks" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teaching_assess_tasks" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
CREATE INDEX "teaching_assess_tasks_assessor_idx" ON "teaching_assess_tasks" USING btree ("assessor_code","status","due_date");--> statement-breakpoint
CREATE INDEX "teaching_assess_tasks_campus_idx" ON "teaching_assess_tasks" USING btree ("school_item_code","status","due_date");