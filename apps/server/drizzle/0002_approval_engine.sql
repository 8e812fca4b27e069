CREATE TABLE "approval_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"step" integer NOT NULL,
	"user_id" integer,
	"decision" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_policies" (
	"kind" text PRIMARY KEY NOT NULL,
	"steps" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_code" text,
	"subject_name" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 5 NOT NULL,
	"school_item_code" text,
	"to_school_item_code" text,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount_cents" bigint,
	"reason" text DEFAULT '' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"awaiting" text[] DEFAULT '{}'::text[] NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"comment" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "approval_decisions_request_idx" ON "approval_decisions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "approval_requests_open_idx" ON "approval_requests" USING btree ("status","kind");--> statement-breakpoint
CREATE INDEX "approval_requests_subject_idx" ON "approval_requests" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "approval_requests_requester_idx" ON "approval_requests" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "approval_requests_awaiting_idx" ON "approval_requests" USING gin ("awaiting");--> statement-breakpoint
-- The clue approvals of the previous release move onto the engine, keeping their ids (clues point at them).
INSERT INTO "approval_requests" ("id", "kind", "subject_type", "subject_id", "subject_code", "subject_name", "status", "school_item_code", "to_school_item_code", "requested_by", "requested_at", "reason", "payload", "steps", "step", "awaiting", "decided_by", "decided_at", "comment", "version")
SELECT a."id",
	CASE a."kind" WHEN 'transfer' THEN 'clueTransfer' WHEN 'abandon' THEN 'clueAbandon' ELSE 'clueInvalid' END,
	'clue', a."clue_id", c."cluecode", coalesce(c."child_name", ''), a."status",
	a."from_school_item_code", a."to_school_item_code", a."requested_by", a."requested_at", a."reason",
	jsonb_build_object('fromState', a."from_state", 'fromUserId', a."from_user_id", 'toUserId', a."to_user_id", 'toPool', a."to_pool", 'reasonCode', a."reason_code"),
	'[{"name":"主管审批","roles":[1,76,72],"userIds":[],"mode":"any","aboveCents":null}]'::jsonb,
	0,
	CASE WHEN a."status" = 5 THEN ARRAY['role:1', 'role:76', 'role:72']::text[] ELSE '{}'::text[] END,
	a."decided_by", a."decided_at", a."comment", a."version"
FROM "clue_approvals" a LEFT JOIN "clues" c ON c."id" = a."clue_id";
--> statement-breakpoint
INSERT INTO "approval_decisions" ("request_id", "step", "user_id", "decision", "comment", "at")
SELECT "id", 0, "decided_by", CASE WHEN "status" = 30 THEN 'reject' ELSE 'pass' END, coalesce("comment", ''), "decided_at"
FROM "clue_approvals" WHERE "status" <> 5 AND "decided_at" IS NOT NULL;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('approval_requests', 'id'), coalesce((SELECT max("id") FROM "approval_requests"), 0) + 1, false);
