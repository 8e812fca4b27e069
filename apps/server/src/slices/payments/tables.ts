// Online payments: one row per payment created at the gateway (a QR code shown for an order), and a
// log of every notification and query outcome, refused ones included, for finance to trace.
import { bigint, bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const onlinePayments = pgTable(
  'online_payments',
  {
    id: serial('id').primaryKey(),
    /** Our trade number at the gateway: the order code, '-', the attempt number (unique per merchant). */
    outTradeNo: text('out_trade_no').notNull().unique(),
    /** 'wechatpay' (the only gateway so far). */
    gateway: text('gateway').notNull(),
    /** payMethodType of the request (1 WeChat Pay Native). */
    payMethodType: integer('pay_method_type').notNull(),
    orderId: integer('order_id').notNull(),
    orderCode: text('order_code').notNull(),
    /** The instalment term it pays (termBills), when it pays one term rather than the order's balance. */
    termBillItemId: integer('term_bill_item_id'),
    schoolItemCode: text('school_item_code').notNull(),
    /** The family share outstanding when the QR code was made; the gateway must confirm exactly this. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What the screen shows as a QR code. */
    codeUrl: text('code_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The gateway's trade state: NOTPAY, USERPAYING, SUCCESS, CLOSED, REVOKED, PAYERROR, REFUND. */
    tradeState: text('trade_state').notNull().default('NOTPAY'),
    /** The gateway's own trade number once paid (the pay record's reference). */
    transactionId: text('transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('online_payments_order_idx').on(t.orderId, t.id)],
);

export const onlinePaymentEvents = pgTable(
  'online_payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outTradeNo: text('out_trade_no'),
    /** notify | query */
    source: text('source').notNull(),
    /** recorded | repeated | pending | refusedSignature | refusedAmount | refusedOrder | unknownTrade | malformed */
    outcome: text('outcome').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('online_payment_events_trade_idx').on(t.outTradeNo)],
);
