// Invoices (issue 14): content configurations and invoices requested against paid orders.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What an invoice may say: the goods-or-service name, its tax classification code and rate. */
export const invoiceContents = pgTable('invoice_contents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  taxCode: text('tax_code').notNull(),
  /** Basis points: 3% = 300. */
  taxRateBp: integer('tax_rate_bp').notNull(),
  validstatus: integer('validstatus').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  version: integer('version').notNull().default(1),
});

/**
 * status: 10 requested, 20 issuing (sent to the provider), 30 issued, 40 failed, 50 cancelled,
 * 60 reversed (an issued invoice a red invoice cancels), 70 red invoice (its negative twin).
 * A red invoice is itself issued by the provider: 20 issuing (its original stays 30) → 70 red (the
 * original 60) or 40 failed (the original stays 30). Requested, issuing and issued blue invoices
 * hold their amount of the order's paid money; red ones never count, so a reversed invoice frees
 * its money only once its red twin is issued.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** 'FP' + 10 digits of the id; the provider's serial number (idempotent resend). */
    code: text('code').notNull().unique(),
    studentId: integer('student_id').notNull(),
    orderId: integer('order_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    contentId: integer('content_id').notNull(),
    /** The content as it was when requested (a later change of the configuration does not touch it). */
    contentName: text('content_name').notNull(),
    taxCode: text('tax_code').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    /** Tax included (价税合计), and the tax within it. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    /** 1 a person, 2 a company or institution. */
    buyerType: integer('buyer_type').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerTaxNo: text('buyer_tax_no').notNull().default(''),
    email: text('email').notNull().default(''),
    remark: text('remark').notNull().default(''),
    status: integer('status').notNull().default(10),
    invoiceNo: text('invoice_no'),
    /** The tax office's invoice code beside the number (older invoices); '' for a digital one. */
    invoiceCode: text('invoice_code'),
    pdfUrl: text('pdf_url'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    failReason: text('fail_reason'),
    /** A red invoice (status 70, amounts negative): the issued invoice it reverses (红冲). */
    reversesId: integer('reverses_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('invoices_campus_created_idx').on(t.schoolItemCode, t.createdAt),
    index('invoices_student_idx').on(t.studentId),
    // The sum an order holds is read over its live invoices on every request.
    index('invoices_order_live_idx')
      .on(t.orderId)
      .where(sql`${t.status} in (10, 20, 30)`),
    uniqueIndex('invoices_invoice_no_uq').on(t.invoiceNo),
    // An invoice is reversed at most once, also when two reversals race; a red invoice the
    // provider failed does not count, so the reversal may be asked again.
    uniqueIndex('invoices_reverses_live_uq')
      .on(t.reversesId)
      .where(sql`${t.status} <> 40`),
  ],
);
