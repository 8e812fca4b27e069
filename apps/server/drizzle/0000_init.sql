CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text,
	"action" text NOT NULL,
	"target" text,
	"detail" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privileges" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"group_code" text,
	"type" text NOT NULL,
	"navigate_url" text,
	"css_name" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_privileges" (
	"role_code" integer NOT NULL,
	"privilege_code" text NOT NULL,
	CONSTRAINT "role_privileges_role_code_privilege_code_pk" PRIMARY KEY("role_code","privilege_code")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"code" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"all_scope" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"method" text DEFAULT 'password' NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_campuses" (
	"user_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	CONSTRAINT "user_campuses_user_id_school_item_code_pk" PRIMARY KEY("user_id","school_item_code")
);
--> statement-breakpoint
CREATE TABLE "user_regions" (
	"user_id" integer NOT NULL,
	"province_type_code" text NOT NULL,
	CONSTRAINT "user_regions_user_id_province_type_code_pk" PRIMARY KEY("user_id","province_type_code")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_code" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_code_pk" PRIMARY KEY("user_id","role_code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"mobile" text,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"employee_code" text,
	"ding_user_id" text,
	"wxcp_user_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_ding_user_id_unique" UNIQUE("ding_user_id"),
	CONSTRAINT "users_wxcp_user_id_unique" UNIQUE("wxcp_user_id")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rank_code" text,
	"division_code" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "cities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "city_ranks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "city_ranks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "province_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "province_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "school_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"province_type_code" text NOT NULL,
	"city_code" text,
	"business_type_code" text,
	"address" text,
	"phone" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "school_items_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"content" text NOT NULL,
	"source_code" integer DEFAULT 3 NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_username" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"handled_by" integer,
	"handled_by_name" text,
	"handled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "feedbacks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"purpose" integer,
	"upload_token_hash" text,
	"token_expires_at" timestamp with time zone,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "channel_groups_code_unique" UNIQUE("code"),
	CONSTRAINT "channel_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sys_dicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"dict_type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag_type" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjust_cost_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "adjust_cost_reasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "course_buy_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"income_type_code" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "course_buy_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "course_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "course_categories_code_unique" UNIQUE("code"),
	CONSTRAINT "course_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "course_ranks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category_code" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "course_ranks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category_code" text NOT NULL,
	"rank_code" text NOT NULL,
	"teaching_mode" integer DEFAULT 2 NOT NULL,
	"buy_type_id" integer,
	"purchase_unit" integer DEFAULT 1 NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"lesson_minutes" integer DEFAULT 45 NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "courses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "audit_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "login_attempts_user_idx" ON "login_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "school_items_province_idx" ON "school_items" USING btree ("province_type_code");--> statement-breakpoint
CREATE UNIQUE INDEX "school_items_name_uq" ON "school_items" USING btree ("name");--> statement-breakpoint
CREATE INDEX "feedbacks_status_idx" ON "feedbacks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "files_uploader_idx" ON "files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dicts_type_code_uq" ON "sys_dicts" USING btree ("dict_type","code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dicts_type_name_uq" ON "sys_dicts" USING btree ("dict_type","name");--> statement-breakpoint
CREATE INDEX "sys_dicts_type_idx" ON "sys_dicts" USING btree ("dict_type");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_type_name_uq" ON "tags" USING btree ("tag_type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "course_ranks_category_name_uq" ON "course_ranks" USING btree ("category_code","name");--> statement-breakpoint
CREATE INDEX "course_ranks_category_idx" ON "course_ranks" USING btree ("category_code");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_rank_name_uq" ON "courses" USING btree ("rank_code","name");--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("category_code");--> statement-breakpoint
CREATE INDEX "courses_rank_idx" ON "courses" USING btree ("rank_code");