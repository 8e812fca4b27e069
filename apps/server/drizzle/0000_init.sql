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
CREATE TABLE "clue_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" integer DEFAULT 5 NOT NULL,
	"clue_id" integer NOT NULL,
	"from_state" text NOT NULL,
	"from_user_id" integer,
	"from_school_item_code" text,
	"to_user_id" integer,
	"to_school_item_code" text,
	"to_pool" boolean DEFAULT false NOT NULL,
	"reason_code" text,
	"reason" text DEFAULT '' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"comment" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_calendar_days" (
	"date_str" text NOT NULL,
	"type_calendar" integer DEFAULT 1 NOT NULL,
	"is_open" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "clue_calendar_days_date_str_type_calendar_pk" PRIMARY KEY("date_str","type_calendar")
);
--> statement-breakpoint
CREATE TABLE "clue_calendar_schools" (
	"date_str" text NOT NULL,
	"school_item_code" text NOT NULL,
	"is_open" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "clue_calendar_schools_date_str_school_item_code_pk" PRIMARY KEY("date_str","school_item_code")
);
--> statement-breakpoint
CREATE TABLE "clue_channel_signs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"channel_code" text NOT NULL,
	"school_item_code" text,
	"remark" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"clue_id" integer NOT NULL,
	"name" text NOT NULL,
	"relation" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_distribution_rules" (
	"school_item_code" text PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'manual' NOT NULL,
	"last_user_id" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_evaluation_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"phone" text NOT NULL,
	"matriculation_type" text NOT NULL,
	"link" text NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"clue_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"user_id" integer,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"clue_id" integer NOT NULL,
	"content" text NOT NULL,
	"intention_level" text,
	"next_visit_at" timestamp with time zone,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_leads_baidu" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" text NOT NULL,
	"phone" text NOT NULL,
	"parent_name" text DEFAULT '' NOT NULL,
	"child_name" text DEFAULT '' NOT NULL,
	"school_item_code" text,
	"campaign_name" text DEFAULT '' NOT NULL,
	"ad_account_name" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"clue_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clue_leads_baidu_lead_id_unique" UNIQUE("lead_id")
);
--> statement-breakpoint
CREATE TABLE "clue_leads_douyin" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" text NOT NULL,
	"phone" text NOT NULL,
	"parent_name" text DEFAULT '' NOT NULL,
	"child_name" text DEFAULT '' NOT NULL,
	"school_item_code" text,
	"campaign_name" text DEFAULT '' NOT NULL,
	"ad_account_name" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"clue_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clue_leads_douyin_lead_id_unique" UNIQUE("lead_id")
);
--> statement-breakpoint
CREATE TABLE "clue_leads_h5" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" text NOT NULL,
	"phone" text NOT NULL,
	"parent_name" text DEFAULT '' NOT NULL,
	"child_name" text DEFAULT '' NOT NULL,
	"school_item_code" text,
	"campaign_name" text DEFAULT '' NOT NULL,
	"ad_account_name" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"clue_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clue_leads_h5_lead_id_unique" UNIQUE("lead_id")
);
--> statement-breakpoint
CREATE TABLE "clue_matriculations" (
	"id" serial PRIMARY KEY NOT NULL,
	"clue_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"matriculation_type" text NOT NULL,
	"conclusion" text NOT NULL,
	"score" double precision,
	"suggestion" text DEFAULT '' NOT NULL,
	"assessor_name" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "clue_matriculations_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "clue_tags" (
	"clue_id" integer NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "clue_tags_clue_id_tag_pk" PRIMARY KEY("clue_id","tag")
);
--> statement-breakpoint
CREATE TABLE "clues" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluecode" text NOT NULL,
	"child_name" text NOT NULL,
	"gender" integer DEFAULT 0 NOT NULL,
	"birth_date" text,
	"parent_name" text NOT NULL,
	"phone" text NOT NULL,
	"relation" text DEFAULT '' NOT NULL,
	"school_item_code" text,
	"channel_code" text,
	"recommender" text,
	"intention" text,
	"intention_level" text,
	"flow_state" text NOT NULL,
	"pending_from" text,
	"pending_approval_id" integer,
	"owner_user_id" integer,
	"assigned_at" timestamp with time zone,
	"source" text DEFAULT 'manual' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"insurance" boolean DEFAULT false NOT NULL,
	"last_follow_at" timestamp with time zone,
	"next_visit_at" timestamp with time zone,
	"visit_at" timestamp with time zone,
	"visited_at" timestamp with time zone,
	"assessed_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"student_code" text,
	"invalid_reason" text,
	"invalid_reject_count" integer DEFAULT 0 NOT NULL,
	"merged_into_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clues_cluecode_unique" UNIQUE("cluecode")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"gender" integer DEFAULT 0 NOT NULL,
	"birth_date" text,
	"parent_name" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"school_item_code" text NOT NULL,
	"source_clue_id" integer,
	"insurance" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "students_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"clue_id" integer,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"content" text DEFAULT '' NOT NULL,
	"level" text,
	"next_follow_at" timestamp with time zone,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"rescode" text NOT NULL,
	"name" text NOT NULL,
	"child_name" text DEFAULT '' NOT NULL,
	"gender" integer DEFAULT 0 NOT NULL,
	"birth_date" text,
	"phone" text NOT NULL,
	"province_type_code" text,
	"school_item_code" text,
	"channel_code" text,
	"level" text,
	"status" text NOT NULL,
	"owner_user_id" integer,
	"assigned_at" timestamp with time zone,
	"last_follow_at" timestamp with time zone,
	"next_follow_at" timestamp with time zone,
	"invalid_reason" text,
	"abandon_reason" text,
	"clue_id" integer,
	"sent_at" timestamp with time zone,
	"send_outcome" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "resources_rescode_unique" UNIQUE("rescode")
);
--> statement-breakpoint
CREATE TABLE "call_agent_sessions" (
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"agent_id" text NOT NULL,
	"phone" text,
	"logged_in_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "call_agent_sessions_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "call_quality_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"version" integer NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"items" jsonb NOT NULL,
	"total" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reviewer_id" integer NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"clue_id" integer,
	"resource_id" integer,
	"school_item_code" text,
	"phone" text NOT NULL,
	"caller_phone" text,
	"direction" text NOT NULL,
	"call_type" text,
	"result" text NOT NULL,
	"provider" text DEFAULT 'manual' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"recording_url" text,
	"content" text DEFAULT '' NOT NULL,
	"content_updated_at" timestamp with time zone,
	"quality_total" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_no" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch_name" text DEFAULT '' NOT NULL,
	"school_item_code" text NOT NULL,
	"pay_type_id" integer NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_bank_accounts_account_no_unique" UNIQUE("account_no")
);
--> statement-breakpoint
CREATE TABLE "fee_bill_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_bill_types_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_bill_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_cost_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_cost_types_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_cost_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"symbol" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_currencies_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_currencies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_dict_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"reason_type" text DEFAULT 'refund' NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_dict_reasons_name_uq" UNIQUE NULLS NOT DISTINCT("reason_type","parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "fee_income_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"bill_type_id" integer,
	"tax_rate_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_income_types_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_income_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_materiels" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_materiels_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_materiels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_pay_function_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"pay_type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_pay_function_names_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_pay_function_names_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_pay_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_pay_types_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_pay_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_refund_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_refund_reasons_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_refund_reasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_settlement_orgs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"tax_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_settlement_orgs_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_settlement_orgs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_tax_rates_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_tax_rates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_voucher_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_voucher_types_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_voucher_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "assess_scales" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"age_from" integer DEFAULT 0 NOT NULL,
	"age_to" integer DEFAULT 216 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "assess_scales_code_unique" UNIQUE("code"),
	CONSTRAINT "assess_scales_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_abandon_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_abandon_types_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_abandon_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_channel_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_channel_types_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_channel_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"channel_type_code" text NOT NULL,
	"channel_group_code" text,
	"online" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_channels_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_channels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_customer_intentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_customer_intentions_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_customer_intentions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_entry_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_entry_methods_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_entry_methods_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_flow_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_flow_types_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_flow_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_invalid_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_invalid_reasons_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_invalid_reasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_revisit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"due_days" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_revisit_events_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_revisit_events_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_year" integer NOT NULL,
	"target_type" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"employee_code" text DEFAULT '' NOT NULL,
	"m1" integer DEFAULT 0 NOT NULL,
	"m2" integer DEFAULT 0 NOT NULL,
	"m3" integer DEFAULT 0 NOT NULL,
	"m4" integer DEFAULT 0 NOT NULL,
	"m5" integer DEFAULT 0 NOT NULL,
	"m6" integer DEFAULT 0 NOT NULL,
	"m7" integer DEFAULT 0 NOT NULL,
	"m8" integer DEFAULT 0 NOT NULL,
	"m9" integer DEFAULT 0 NOT NULL,
	"m10" integer DEFAULT 0 NOT NULL,
	"m11" integer DEFAULT 0 NOT NULL,
	"m12" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_targets_key_uq" UNIQUE("target_year","target_type","school_item_code","employee_code")
);
--> statement-breakpoint
CREATE TABLE "clue_transfer_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_transfer_types_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_transfer_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_undeal_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_undeal_reasons_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_undeal_reasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clue_unreach_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clue_unreach_reasons_code_unique" UNIQUE("code"),
	CONSTRAINT "clue_unreach_reasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "course_authorities" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_code" text NOT NULL,
	"remark" text,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "course_authorities_employee_code_unique" UNIQUE("employee_code")
);
--> statement-breakpoint
CREATE TABLE "course_authority_ranks" (
	"authority_id" integer NOT NULL,
	"course_rank_code" text NOT NULL,
	CONSTRAINT "course_authority_ranks_authority_id_course_rank_code_pk" PRIMARY KEY("authority_id","course_rank_code")
);
--> statement-breakpoint
CREATE TABLE "monthly_advances" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"month" text NOT NULL,
	"school_item_code" text NOT NULL,
	"employee_code" text DEFAULT '' NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "monthly_advances_key_uq" UNIQUE("kind","month","school_item_code","employee_code")
);
--> statement-breakpoint
CREATE TABLE "school_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"school_item_code" text NOT NULL,
	"rent" numeric(14, 2) DEFAULT '0' NOT NULL,
	"labour" numeric(14, 2) DEFAULT '0' NOT NULL,
	"utilities" numeric(14, 2) DEFAULT '0' NOT NULL,
	"marketing" numeric(14, 2) DEFAULT '0' NOT NULL,
	"materials" numeric(14, 2) DEFAULT '0' NOT NULL,
	"other" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "school_costs_key_uq" UNIQUE("month","school_item_code")
);
--> statement-breakpoint
CREATE TABLE "school_revenues" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"school_item_code" text NOT NULL,
	"course" numeric(14, 2) DEFAULT '0' NOT NULL,
	"assessment" numeric(14, 2) DEFAULT '0' NOT NULL,
	"materials" numeric(14, 2) DEFAULT '0' NOT NULL,
	"other" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "school_revenues_key_uq" UNIQUE("month","school_item_code")
);
--> statement-breakpoint
CREATE TABLE "employee_campuses" (
	"employee_code" text NOT NULL,
	"school_item_code" text NOT NULL,
	CONSTRAINT "employee_campuses_employee_code_school_item_code_pk" PRIMARY KEY("employee_code","school_item_code")
);
--> statement-breakpoint
CREATE TABLE "employee_subjects" (
	"employee_code" text NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "employee_subjects_employee_code_subject_id_pk" PRIMARY KEY("employee_code","subject_id")
);
--> statement-breakpoint
CREATE TABLE "employee_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "employee_types_code_unique" UNIQUE("code"),
	CONSTRAINT "employee_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text,
	"gender" integer DEFAULT 1 NOT NULL,
	"school_item_code" text NOT NULL,
	"post_code" text NOT NULL,
	"employee_type_code" text,
	"skill_rank_code" text,
	"entry_date" date,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "employees_code_unique" UNIQUE("code"),
	CONSTRAINT "employees_mobile_unique" UNIQUE("mobile")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"post_role" text DEFAULT 'other' NOT NULL,
	"family_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "posts_code_unique" UNIQUE("code"),
	CONSTRAINT "posts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "salary_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_rank_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "skill_rank_types_code_unique" UNIQUE("code"),
	CONSTRAINT "skill_rank_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "skill_ranks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type_code" text NOT NULL,
	"level" integer NOT NULL,
	"valid_status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "skill_ranks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "subjects_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "course_authority_ranks" ADD CONSTRAINT "course_authority_ranks_authority_id_course_authorities_id_fk" FOREIGN KEY ("authority_id") REFERENCES "public"."course_authorities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "courses_rank_idx" ON "courses" USING btree ("rank_code");--> statement-breakpoint
CREATE INDEX "clue_approvals_status_idx" ON "clue_approvals" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "clue_approvals_clue_idx" ON "clue_approvals" USING btree ("clue_id");--> statement-breakpoint
CREATE INDEX "clue_contacts_clue_idx" ON "clue_contacts" USING btree ("clue_id");--> statement-breakpoint
CREATE INDEX "clue_contacts_phone_idx" ON "clue_contacts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "clue_events_clue_idx" ON "clue_events" USING btree ("clue_id");--> statement-breakpoint
CREATE INDEX "clue_events_action_user_idx" ON "clue_events" USING btree ("action","user_id","at");--> statement-breakpoint
CREATE INDEX "clue_follows_clue_idx" ON "clue_follows" USING btree ("clue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clues_active_phone_uq" ON "clues" USING btree ("phone") WHERE flow_state not in ('invalid', 'merged');--> statement-breakpoint
CREATE INDEX "clues_phone_idx" ON "clues" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "clues_campus_state_idx" ON "clues" USING btree ("school_item_code","flow_state");--> statement-breakpoint
CREATE INDEX "clues_owner_idx" ON "clues" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "students_phone_idx" ON "students" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "students_campus_idx" ON "students" USING btree ("school_item_code");--> statement-breakpoint
CREATE INDEX "todos_user_idx" ON "todos" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "resource_flows_resource_idx" ON "resource_flows" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_active_phone_uq" ON "resources" USING btree ("phone") WHERE status in ('new', 'assigned', 'following', 'abandoned');--> statement-breakpoint
CREATE INDEX "resources_phone_idx" ON "resources" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "resources_owner_idx" ON "resources" USING btree ("owner_user_id","status");--> statement-breakpoint
CREATE INDEX "resources_campus_idx" ON "resources" USING btree ("school_item_code","status");--> statement-breakpoint
CREATE UNIQUE INDEX "call_quality_call_version_uq" ON "call_quality_scores" USING btree ("call_id","version");--> statement-breakpoint
CREATE INDEX "call_quality_call_idx" ON "call_quality_scores" USING btree ("call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_records_session_uq" ON "call_records" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "call_records_user_start_idx" ON "call_records" USING btree ("user_id","start_at");--> statement-breakpoint
CREATE INDEX "call_records_clue_idx" ON "call_records" USING btree ("clue_id");--> statement-breakpoint
CREATE INDEX "call_records_resource_idx" ON "call_records" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "call_records_phone_idx" ON "call_records" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "fee_bank_accounts_school_idx" ON "fee_bank_accounts" USING btree ("school_item_code");--> statement-breakpoint
CREATE INDEX "fee_bank_accounts_pay_type_idx" ON "fee_bank_accounts" USING btree ("pay_type_id");--> statement-breakpoint
CREATE INDEX "fee_dict_reasons_parent_idx" ON "fee_dict_reasons" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "fee_income_types_bill_idx" ON "fee_income_types" USING btree ("bill_type_id");--> statement-breakpoint
CREATE INDEX "fee_pay_function_names_pay_type_idx" ON "fee_pay_function_names" USING btree ("pay_type_id");--> statement-breakpoint
CREATE INDEX "clue_channels_type_idx" ON "clue_channels" USING btree ("channel_type_code");--> statement-breakpoint
CREATE INDEX "clue_targets_school_idx" ON "clue_targets" USING btree ("school_item_code");--> statement-breakpoint
CREATE INDEX "course_authority_ranks_rank_idx" ON "course_authority_ranks" USING btree ("course_rank_code");--> statement-breakpoint
CREATE INDEX "monthly_advances_month_idx" ON "monthly_advances" USING btree ("kind","month");--> statement-breakpoint
CREATE INDEX "school_costs_school_idx" ON "school_costs" USING btree ("school_item_code");--> statement-breakpoint
CREATE INDEX "school_revenues_school_idx" ON "school_revenues" USING btree ("school_item_code");--> statement-breakpoint
CREATE INDEX "employee_campuses_campus_idx" ON "employee_campuses" USING btree ("school_item_code");--> statement-breakpoint
CREATE INDEX "employee_subjects_subject_idx" ON "employee_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "employees_campus_idx" ON "employees" USING btree ("school_item_code");--> statement-breakpoint
CREATE INDEX "employees_post_idx" ON "employees" USING btree ("post_code");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_periods_year_month_uq" ON "salary_periods" USING btree ("year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "skill_ranks_type_name_uq" ON "skill_ranks" USING btree ("type_code","name");--> statement-breakpoint
CREATE INDEX "skill_ranks_type_idx" ON "skill_ranks" USING btree ("type_code");