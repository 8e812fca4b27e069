ALTER TABLE "clue_tags" ADD COLUMN "tag_id" integer;--> statement-breakpoint
-- Clue tags become references to tag records (type 1, clue tags): a name no record has yet gets one.
INSERT INTO "tags" ("tag_type", "name", "sort")
SELECT 1, n."tag", (SELECT coalesce(max("sort"), 0) + 1 FROM "tags" WHERE "tag_type" = 1)
FROM (SELECT DISTINCT "tag" FROM "clue_tags") n
WHERE NOT EXISTS (SELECT 1 FROM "tags" g WHERE g."tag_type" = 1 AND g."name" = n."tag");--> statement-breakpoint
UPDATE "clue_tags" ct SET "tag_id" = g."id" FROM "tags" g WHERE g."tag_type" = 1 AND g."name" = ct."tag";
