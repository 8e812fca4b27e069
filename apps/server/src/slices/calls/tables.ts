// Call records, their quality scorings and the agents' seat sessions at the call-centre providers.
import {
  boolean,
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

export const callRecords = pgTable(
  'call_records',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    /** The agent who made (or took) the call. */
    userId: integer('user_id').notNull(),
    clueId: integer('clue_id'),
    resourceId: integer('resource_id'),
    /** Campus of the clue or resource when the call was saved (managers' scope). */
    schoolItemCode: text('school_item_code'),
    phone: text('phone').notNull(),
    callerPhone: text('caller_phone'),
    /** out | in */
    direction: text('direction').notNull(),
    callType: text('call_type'),
    /** answered | no_answer | busy | failed */
    result: text('result').notNull(),
    /** tencent | zhichi | manual */
    provider: text('provider').notNull().default('manual'),
    startAt: tz('start_at').notNull(),
    endAt: tz('end_at'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    recordingUrl: text('recording_url'),
    content: text('content').notNull().default(''),
    contentUpdatedAt: tz('content_updated_at'),
    /** The current quality total (mirrors the current scoring, for list filters). */
    qualityTotal: integer('quality_total'),
    deletedAt: tz('deleted_at'),
    deletedBy: integer('deleted_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_records_session_uq').on(t.sessionId),
    index('call_records_user_start_idx').on(t.userId, t.startAt),
    index('call_records_start_idx').on(t.startAt, t.id),
    // A manager's or a filter's campus, newest first (the list's order).
    index('call_records_campus_start_idx').on(t.schoolItemCode, t.startAt, t.id),
    index('call_records_clue_idx').on(t.clueId),
    index('call_records_resource_idx').on(t.resourceId),
    index('call_records_phone_idx').on(t.phone),
  ],
);

/** Every scoring of a call; version 1, 2, … and only the newest is current. */
export const callQualityScores = pgTable(
  'call_quality_scores',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id').notNull(),
    version: integer('version').notNull(),
    current: boolean('current').notNull().default(true),
    items: jsonb('items').notNull(),
    total: integer('total').notNull(),
    comment: text('comment').notNull().default(''),
    reviewerId: integer('reviewer_id').notNull(),
    reviewedAt: tz('reviewed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_quality_call_version_uq').on(t.callId, t.version),
    index('call_quality_call_idx').on(t.callId),
  ],
);

/** An agent's seat session at a provider (no provider token is stored). */
export const callAgentSessions = pgTable(
  'call_agent_sessions',
  {
    userId: integer('user_id').notNull(),
    /** tencent | zhichi */
    provider: text('provider').notNull(),
    agentId: text('agent_id').notNull(),
    phone: text('phone'),
    loggedInAt: tz('logged_in_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    endedAt: tz('ended_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);
