CREATE TABLE "clue_public_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"clue_id" integer NOT NULL,
	"school_item_code" text,
	"matriculation_type" text NOT NULL,
	"matriculation_id" integer,
	"send_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "clue_public_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "clue_matriculations" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "clue_matriculations" ADD COLUMN "answers" jsonb;--> statement-breakpoint
CREATE INDEX "clue_public_links_clue_idx" ON "clue_public_links" USING btree ("clue_id");