CREATE INDEX "clues_created_idx" ON "clues" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clues_owner_created_idx" ON "clues" USING btree ("owner_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clues_campus_created_idx" ON "clues" USING btree ("school_item_code","created_at","id");--> statement-breakpoint
CREATE INDEX "clues_state_created_idx" ON "clues" USING btree ("flow_state","created_at","id");--> statement-breakpoint
CREATE INDEX "resources_created_idx" ON "resources" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "resources_campus_created_idx" ON "resources" USING btree ("school_item_code","created_at","id");--> statement-breakpoint
CREATE INDEX "call_records_start_idx" ON "call_records" USING btree ("start_at","id");