// Transfer-school applications (issue 14): a student moving to another campus with their open
// orders and hours; approval on the engine (kind schoolTransfer), the move in its transaction.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** status: 10 awaiting approval, 20 moved, 30 rejected, 50 withdrawn. */
export const schoolTransfers = pgTable(
  'school_transfers',
  {
    id: serial('id').primaryKey(),
    /** 'ZX' + 10 digits of the id. */
    code: text('code').notNull().unique(),
    studentId: integer('student_id').notNull(),
    fromSchoolItemCode: text('from_school_item_code').notNull(),
    toSchoolItemCode: text('to_school_item_code').notNull(),
    reason: text('reason').notNull(),
    status: integer('status').notNull().default(10),
    approvalId: integer('approval_id'),
    /** How many orders moved on approval. */
    movedOrders: integer('moved_orders').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('school_transfers_from_idx').on(t.fromSchoolItemCode, t.createdAt),
    index('school_transfers_to_idx').on(t.toSchoolItemCode, t.createdAt),
    // A student has at most one transfer awaiting approval.
    uniqueIndex('school_transfers_open_uq')
      .on(t.studentId)
      .where(sql`${t.status} = 10`),
  ],
);
