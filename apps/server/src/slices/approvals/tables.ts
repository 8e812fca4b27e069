// The approval engine's tables (docs/approvals.md): requests of every kind, their decisions, and the
// flows (policies) an administrator saved.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** One resolved step as a request carries it (the policy's step, thresholds already applied). */
export interface StoredStep {
  name: string;
  roles: number[];
  userIds: number[];
  mode: 'any' | 'all';
  aboveCents: number | null;
}

export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    /** Registered kind, e.g. 'clueInvalid'. */
    kind: text('kind').notNull(),
    /** What the request is about: a type ('clue', 'order', …), its id and, where it has one, its code. */
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    subjectCode: text('subject_code'),
    /** Display name of the subject when the request was filed (the task centre shows it). */
    subjectName: text('subject_name').notNull().default(''),
    /** docs/approvals.md: 5 WAIT, 10 DEFAULT, 20 PASS, 30 REJECT, 40 REVOKE, 50 CANCEL. */
    status: integer('status').notNull().default(5),
    /** The subject's campus; an approver must hold it (or the second campus, e.g. a transfer's target). */
    schoolItemCode: text('school_item_code'),
    toSchoolItemCode: text('to_school_item_code'),
    requestedBy: integer('requested_by'),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    reason: text('reason').notNull().default(''),
    /** Data only the kind reads (e.g. a transfer's target consultant). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The flow as it stood when the request was filed: later policy edits do not change it. */
    steps: jsonb('steps').$type<StoredStep[]>().notNull(),
    /** The current step (0-based). */
    step: integer('step').notNull().default(0),
    /**
     * Who may still decide the current step, as 'role:<code>' and 'user:<id>' tokens: an all-of step
     * drops the tokens a pass satisfied. Empty once the request is closed. "My pending decisions" is an
     * overlap query on it.
     */
    awaiting: text('awaiting')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    decidedBy: integer('decided_by'),
    decidedAt: tz('decided_at'),
    /** The comment of the closing decision. */
    comment: text('comment'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('approval_requests_open_idx').on(t.status, t.kind),
    index('approval_requests_subject_idx').on(t.subjectType, t.subjectId),
    index('approval_requests_requester_idx').on(t.requestedBy),
    index('approval_requests_awaiting_idx').using('gin', t.awaiting),
  ],
);

export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id').notNull(),
    step: integer('step').notNull(),
    userId: integer('user_id'),
    /** pass | reject | cancel | revoke | close (the owning slice closed it, e.g. an administrator's correction). */
    decision: text('decision').notNull(),
    comment: text('comment').notNull().default(''),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [index('approval_decisions_request_idx').on(t.requestId)],
);

/** A saved flow; a kind without a row runs on the default it registered. */
export const approvalPolicies = pgTable('approval_policies', {
  kind: text('kind').primaryKey(),
  steps: jsonb('steps').$type<StoredStep[]>().notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});
