CREATE TABLE "training_attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"employee_code" text NOT NULL,
	"attended" boolean DEFAULT false NOT NULL,
	"signed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_item_code" text NOT NULL,
	"subject" text NOT NULL,
	"training_date" date NOT NULL,
	"hours" numeric(6, 2) NOT NULL,
	"trainer" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_attendees" ADD CONSTRAINT "training_attendees_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_attendees_uq" ON "training_attendees" USING btree ("training_id","employee_code");--> statement-breakpoint
CREATE INDEX "training_attendees_employee_idx" ON "training_attendees" USING btree ("employee_code");--> statement-breakpoint
CREATE INDEX "trainings_campus_date_idx" ON "trainings" USING btree ("school_item_code","training_date");--> statement-breakpoint
CREATE INDEX "trainings_date_idx" ON "trainings" USING btree ("training_date");