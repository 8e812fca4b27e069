// Clues, their follow records, history, approvals, pools' rules, raw ad-platform leads and extras.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true });

export const clues = pgTable(
  'clues',
  {
    id: serial('id').primaryKey(),
    /** 'XS' + 8 digits of the id. */
    cluecode: text('cluecode').notNull().unique(),
    childName: text('child_name').notNull(),
    /** The child's name's pinyin sort key, kept by a database trigger (docs/decisions.md, pinyin order). */
    childNamePy: text('child_name_py').notNull().default(''),
    gender: integer('gender').notNull().default(0),
    birthDate: text('birth_date'),
    parentName: text('parent_name').notNull(),
    phone: text('phone').notNull(),
    relation: text('relation').notNull().default(''),
    /** Campus (school_items.code); null = the brand traffic centre. */
    schoolItemCode: text('school_item_code'),
    /** Channel code of the clue settings (validated against their table once it exists). */
    channelCode: text('channel_code'),
    recommender: text('recommender'),
    intention: text('intention'),
    intentionLevel: text('intention_level'),
    /** docs/clue-states.md */
    flowState: text('flow_state').notNull(),
    /** The state to return to when a pending request is rejected. */
    pendingFrom: text('pending_from'),
    pendingApprovalId: integer('pending_approval_id'),
    ownerUserId: integer('owner_user_id'),
    assignedAt: tz('assigned_at'),
    source: text('source').notNull().default('manual'),
    note: text('note').notNull().default(''),
    insurance: boolean('insurance').notNull().default(false),
    lastFollowAt: tz('last_follow_at'),
    nextVisitAt: tz('next_visit_at'),
    visitAt: tz('visit_at'),
    visitedAt: tz('visited_at'),
    assessedAt: tz('assessed_at'),
    convertedAt: tz('converted_at'),
    studentCode: text('student_code'),
    invalidReason: text('invalid_reason'),
    /** How many invalid-marking requests were rejected (more than two: no new request). */
    invalidRejectCount: integer('invalid_reject_count').notNull().default(0),
    mergedIntoId: integer('merged_into_id'),
    createdBy: integer('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** Optimistic concurrency: every command updates `where version = ?`. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // One active clue per phone: the database refuses a duplicate even under concurrent creation.
    uniqueIndex('clues_active_phone_uq')
      .on(t.phone)
      .where(sql`flow_state not in ('invalid', 'merged')`),
    index('clues_phone_idx').on(t.phone),
    index('clues_campus_state_idx').on(t.schoolItemCode, t.flowState),
    index('clues_owner_idx').on(t.ownerUserId),
    // The lists' order (newest first), alone and under their usual filters: the first page reads
    // about a page of index entries at any size.
    index('clues_created_idx').on(t.createdAt, t.id),
    index('clues_owner_created_idx').on(t.ownerUserId, t.createdAt, t.id),
    index('clues_campus_created_idx').on(t.schoolItemCode, t.createdAt, t.id),
    index('clues_state_created_idx').on(t.flowState, t.createdAt, t.id),
  ],
);

export const clueFollows = pgTable(
  'clue_follows',
  {
    id: serial('id').primaryKey(),
    clueId: integer('clue_id').notNull(),
    content: text('content').notNull(),
    intentionLevel: text('intention_level'),
    nextVisitAt: tz('next_visit_at'),
    userId: integer('user_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('clue_follows_clue_idx').on(t.clueId)],
);

/** The clue's own history: every state change and command, who and when. */
export const clueEvents = pgTable(
  'clue_events',
  {
    id: serial('id').primaryKey(),
    clueId: integer('clue_id').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    userId: integer('user_id'),
    detail: jsonb('detail'),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [
    index('clue_events_clue_idx').on(t.clueId),
    index('clue_events_action_user_idx').on(t.action, t.userId, t.at),
  ],
);

/** Transfer, abandon and invalid requests; status 5 pending, 20 passed, 30 rejected. */
export const clueDistributionRules = pgTable('clue_distribution_rules', {
  schoolItemCode: text('school_item_code').primaryKey(),
  /** manual | round_robin | least_loaded */
  mode: text('mode').notNull().default('manual'),
  /** round_robin: the user who got the last clue. */
  lastUserId: integer('last_user_id'),
  updatedBy: integer('updated_by'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

const leadColumns = () => ({
  id: serial('id').primaryKey(),
  leadId: text('lead_id').notNull().unique(),
  phone: text('phone').notNull(),
  parentName: text('parent_name').notNull().default(''),
  childName: text('child_name').notNull().default(''),
  schoolItemCode: text('school_item_code'),
  campaignName: text('campaign_name').notNull().default(''),
  adAccountName: text('ad_account_name').notNull().default(''),
  city: text('city').notNull().default(''),
  /** The lead as the platform sent it. */
  payload: jsonb('payload').notNull(),
  /** created | routed */
  outcome: text('outcome').notNull(),
  clueId: integer('clue_id'),
  receivedAt: tz('received_at').notNull().defaultNow(),
});
export const clueLeadsBaidu = pgTable('clue_leads_baidu', leadColumns());
export const clueLeadsDouyin = pgTable('clue_leads_douyin', leadColumns());
export const clueLeadsH5 = pgTable('clue_leads_h5', leadColumns());

export const clueContacts = pgTable(
  'clue_contacts',
  {
    id: serial('id').primaryKey(),
    clueId: integer('clue_id').notNull(),
    name: text('name').notNull(),
    relation: text('relation').notNull().default(''),
    phone: text('phone').notNull(),
    note: text('note').notNull().default(''),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('clue_contacts_clue_idx').on(t.clueId), index('clue_contacts_phone_idx').on(t.phone)],
);

/**
 * Tags of a clue: references to tag records of type 1 (dictionaries slice), so a renamed tag shows
 * its new name everywhere and the tag's usage check counts these rows.
 */
export const clueTags = pgTable(
  'clue_tags',
  { clueId: integer('clue_id').notNull(), tagId: integer('tag_id').notNull() },
  (t) => [primaryKey({ columns: [t.clueId, t.tagId] }), index('clue_tags_tag_idx').on(t.tagId)],
);

export const clueChannelSigns = pgTable('clue_channel_signs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  channelCode: text('channel_code').notNull(),
  schoolItemCode: text('school_item_code'),
  remark: text('remark').notNull().default(''),
  status: integer('status').notNull().default(1),
  createdAt: tz('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

export const clueCalendarDays = pgTable(
  'clue_calendar_days',
  {
    dateStr: text('date_str').notNull(),
    typeCalendar: integer('type_calendar').notNull().default(1),
    isOpen: boolean('is_open').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.dateStr, t.typeCalendar] })],
);
export const clueCalendarSchools = pgTable(
  'clue_calendar_schools',
  {
    dateStr: text('date_str').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    isOpen: boolean('is_open').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.dateStr, t.schoolItemCode] })],
);

/**
 * Assessments of a child on a scale: a clue's entrance assessment (clue_id) and, on the teaching
 * screens `/education/adminAssessment*`, an assessment of an enrolled student (student_id, campus,
 * draft until submitted). One record kind for both (docs/teaching.md "Assessments").
 */
export const clueMatriculations = pgTable(
  'clue_matriculations',
  {
    id: serial('id').primaryKey(),
    /** The clue of an entrance assessment; null for an assessment made of a student. */
    clueId: integer('clue_id'),
    uuid: text('uuid').notNull().unique(),
    matriculationType: text('matriculation_type').notNull(),
    conclusion: text('conclusion').notNull(),
    score: doublePrecision('score'),
    suggestion: text('suggestion').notNull().default(''),
    assessorName: text('assessor_name').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
    /** 'staff' (recorded on the assessment screen) or 'parent' (answered on the public evaluation page). */
    source: text('source').notNull().default('staff'),
    /** The parent's item scores of the scale, when answered on the public page. */
    answers: jsonb('answers').$type<{ name: string; score: number }[]>(),
    /** The student assessed (teaching's assessments); null on a clue's entrance assessment. */
    studentId: integer('student_id'),
    /** The student's campus when it was made (a clue's entrance assessment is scoped by its clue). */
    schoolItemCode: text('school_item_code'),
    /** 'draft' (teaching's assessments, editable) or 'submitted'; entrance assessments are submitted. */
    status: text('status').notNull().default('submitted'),
    /** The day the child was assessed (Shanghai); the creation time's day when null. */
    assessedOn: date('assessed_on', { mode: 'string' }),
    version: integer('version').notNull().default(1),
    updatedAt: tz('updated_at'),
  },
  (t) => [index('clue_matriculations_student_idx').on(t.studentId)],
);

/** Evaluation links sent to parents (an SMS adapter will deliver them; the record and link are kept). */
export const clueEvaluationSends = pgTable('clue_evaluation_sends', {
  id: serial('id').primaryKey(),
  uuid: text('uuid').notNull(),
  phone: text('phone').notNull(),
  matriculationType: text('matriculation_type').notNull(),
  link: text('link').notNull(),
  sentBy: integer('sent_by'),
  sentAt: tz('sent_at').notNull().defaultNow(),
});

/**
 * Links a parent opens without signing in (the evaluation form, an assessment result): only the
 * sha256 of the random token is kept, as for sessions. An evaluate link answers once (usedAt).
 */
export const cluePublicLinks = pgTable(
  'clue_public_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    /** 'evaluate' (the form) or 'result' (an assessment's result). */
    kind: text('kind').notNull(),
    clueId: integer('clue_id').notNull(),
    schoolItemCode: text('school_item_code'),
    matriculationType: text('matriculation_type').notNull(),
    /** result: the assessment shown; evaluate: the record the answers became. */
    matriculationId: integer('matriculation_id'),
    sendId: integer('send_id'),
    createdBy: integer('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('clue_public_links_clue_idx').on(t.clueId)],
);
