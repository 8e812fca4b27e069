ALTER TABLE "clue_tags" DROP CONSTRAINT "clue_tags_clue_id_tag_pk";--> statement-breakpoint
ALTER TABLE "clue_tags" ALTER COLUMN "tag_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "clue_tags" ADD CONSTRAINT "clue_tags_clue_id_tag_id_pk" PRIMARY KEY("clue_id","tag_id");--> statement-breakpoint
CREATE INDEX "clue_tags_tag_idx" ON "clue_tags" USING btree ("tag_id");--> statement-breakpoint
ALTER TABLE "clue_tags" DROP COLUMN "tag";