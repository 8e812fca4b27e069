ALTER TABLE "cities" ADD COLUMN "province_type_code" text;--> statement-breakpoint
-- A city takes the region of its campuses when they all lie in one region; otherwise it stays
-- unassigned (null: any region) until an administrator gives it one.
UPDATE "cities" SET "province_type_code" = r."region"
FROM (
  SELECT "city_code", min("province_type_code") AS "region"
  FROM "school_items"
  WHERE "city_code" IS NOT NULL
  GROUP BY "city_code"
  HAVING count(DISTINCT "province_type_code") = 1
) r
WHERE r."city_code" = "cities"."code" AND "cities"."province_type_code" IS NULL;
