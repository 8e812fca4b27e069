// Agreements (issue 14): paper contracts, contract supplements and service-time changes, one table;
// whether one is approved lives on the approval engine (approval_id).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** status: 10 awaiting approval, 20 approved, 30 rejected, 50 withdrawn. */
export const agreements = pgTable(
  'agreements',
  {
    id: serial('id').primaryKey(),
    /** 'paperContract' | 'contractSupplement' | 'serviceTime'. */
    type: text('type').notNull(),
    /** 'HT' (paper contract), 'BC' (supplement), 'FW' (service time) + 10 digits of the id. */
    code: text('code').notNull().unique(),
    studentId: integer('student_id').notNull(),
    orderId: integer('order_id'),
    schoolItemCode: text('school_item_code').notNull(),
    contractNo: text('contract_no'),
    signedDate: text('signed_date'),
    /** Supplement: 'terms' | 'amount'. */
    supplementKind: text('supplement_kind'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    content: text('content').notNull().default(''),
    previousEndDate: text('previous_end_date'),
    serviceEndDate: text('service_end_date'),
    status: integer('status').notNull().default(10),
    approvalId: integer('approval_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('agreements_campus_type_idx').on(t.schoolItemCode, t.type, t.createdAt),
    index('agreements_order_idx').on(t.orderId, t.type),
    index('agreements_student_idx').on(t.studentId, t.type),
  ],
);

/**
 * Electronic contracts signed through the e-signature provider: one per order while it is being
 * sent, signing or signed. status: 0 being sent (reserved before the provider is asked), 10 signing,
 * 20 signed, 30 refused, 40 expired, 50 revoked.
 */
export const eContracts = pgTable(
  'e_contracts',
  {
    id: serial('id').primaryKey(),
    /** 'DZ' + 10 digits of the id; the provider's clientBizId. */
    code: text('code').notNull().unique(),
    studentId: integer('student_id').notNull(),
    orderId: integer('order_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    signerName: text('signer_name').notNull(),
    signerPhone: text('signer_phone').notNull(),
    flowId: text('flow_id').unique(),
    status: integer('status').notNull().default(0),
    /** Object-storage key of the signed PDF, once signed. */
    signedFileKey: text('signed_file_key'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    sendCount: integer('send_count').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('e_contracts_student_idx').on(t.studentId, t.createdAt),
    // Two sends of one order at once: the second finds the first's reservation.
    uniqueIndex('e_contracts_open_order_uq')
      .on(t.orderId)
      .where(sql`${t.status} in (0, 10, 20)`),
  ],
);

/**
 * The special-needs survey (特殊情况调查) of a student, filled with the family before a contract is
 * sent: one current row per student, edited with a version.
 */
export const specialSurveys = pgTable('special_surveys', {
  id: serial('id').primaryKey(),
  studentId: integer('student_id').notNull().unique(),
  schoolItemCode: text('school_item_code').notNull(),
  /** The answers (contract SpecialSurveyAnswers), validated by the contract on every save. */
  answers: jsonb('answers').notNull(),
  guardianConsent: boolean('guardian_consent').notNull().default(false),
  filledBy: integer('filled_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  version: integer('version').notNull().default(1),
});
