// Refund applications (issue 14): a family's written request for a refund, with attachments kept in
// object storage; once approved (kind refundApplication) the refunds slice files the refund order.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export interface StoredAttachment {
  key: string;
  filename: string;
  contentType: string;
  size: number;
}

/** status: 10 awaiting approval, 20 approved (refund order filed), 30 rejected, 50 withdrawn. */
export const refundApplications = pgTable(
  'refund_applications',
  {
    id: serial('id').primaryKey(),
    /** 'TS' + 10 digits of the id. */
    code: text('code').notNull().unique(),
    studentId: integer('student_id').notNull(),
    orderId: integer('order_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    reasonCode: text('reason_code').notNull(),
    /** The family's words. */
    content: text('content').notNull(),
    applicantName: text('applicant_name').notNull(),
    applicantPhone: text('applicant_phone').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    status: integer('status').notNull().default(10),
    approvalId: integer('approval_id'),
    /** The refund order filed on approval. */
    refundOrderId: integer('refund_order_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('refund_applications_campus_idx').on(t.schoolItemCode, t.createdAt),
    index('refund_applications_student_idx').on(t.studentId),
  ],
);
