CREATE INDEX "student_ledger_reverses_idx" ON "student_ledger" USING btree ("reverses_id") WHERE "student_ledger"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "student_ledger_kind_posted_idx" ON "student_ledger" USING btree ("kind","posted_at");--> statement-breakpoint
-- Settlement groups the ledger by campus and Shanghai month: the planner needs the number of such
-- groups (its default guess is far too high, so it sorted on disk instead of hashing a few dozen).
CREATE STATISTICS IF NOT EXISTS "student_ledger_campus_month_stx" (ndistinct) ON "school_item_code", (date_trunc('month', "posted_at" AT TIME ZONE 'Asia/Shanghai')) FROM "student_ledger";--> statement-breakpoint
ANALYZE "student_ledger";
