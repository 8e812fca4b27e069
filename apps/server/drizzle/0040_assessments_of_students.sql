ALTER TABLE "clue_matriculations" ALTER COLUMN "clue_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clue_matriculations" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "clue_matriculations" ADD COLUMN "school_item_code" text;--> statement-breakpoint
ALTER TABLE "clue_matriculations" ADD COLUMN "status" text DEFAULT 'submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "clue_matriculations" ADD COLUMN "assessed_on" date;--> statement-breakpoint
ALTER TABLE "clue_matriculations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clue_matriculations" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "clue_matriculations_student_idx" ON "clue_matriculations" USING btree ("student_id");