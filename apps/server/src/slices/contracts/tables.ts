// Agreements (issue 14): paper contracts, contract supplements and service-time changes, one table;
// whether one is approved lives on the approval engine (approval_id).
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
