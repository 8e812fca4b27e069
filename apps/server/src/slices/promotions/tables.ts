// Promotions (issue 16 A, docs/pricing.md): the offers headquarters designs (discounts, gift
// lessons, voucher configurations, activities and their first-level groups), the vouchers issued
// from a configuration and their single use, the terms, and the stacking principles the engine reads.
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export interface GiftTier {
  /** Hundredths of the unit bought (at least). */
  min100: number;
  /** Hundredths of the unit given. */
  gift100: number;
}

/**
 * One table for every kind of offer, so both generations of screens, the engine and the lists read
 * one shape: `kind` 'discount' | 'gift' | 'voucher' (a voucher configuration) | 'activity' (v2,
 * second level: a bundle of a discount, gift tiers and vouchers) | 'firstActivity' (a group of
 * activities). Status 0 draft / disabled, 1 published / enabled, 2 cancelled; the §4 activity status
 * is computed from it and the dates.
 */
export const promoOffers = pgTable(
  'promo_offers',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** 'ZK' discount, 'ZS' gift, 'YH' voucher, 'HD' activity, 'HZ' first-level + 8 digits of the id. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    /** 'rate' | 'amount' | '' (none: a gift-only activity). */
    mode: text('mode').notNull().default(''),
    /** Percent off (15.00 = 15 % off, i.e. 8.5 折). */
    offPercent: numeric('off_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    /** The list amount of the matching lines the offer needs (0: none). */
    minSpendCents: bigint('min_spend_cents', { mode: 'number' }).notNull().default(0),
    giftTiers: jsonb('gift_tiers').$type<GiftTier[]>().notNull().default([]),
    /** Empty: every course / campus. */
    courseCodes: jsonb('course_codes').$type<string[]>().notNull().default([]),
    campusCodes: jsonb('campus_codes').$type<string[]>().notNull().default([]),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Vouchers: days an issued voucher stays valid (0: until the configuration's end date). */
    validDays: integer('valid_days').notNull().default(0),
    /** Activities: the voucher configurations that come with it. */
    couponIds: jsonb('coupon_ids').$type<number[]>().notNull().default([]),
    /** Activities: the first-level activity they belong to. */
    parentId: integer('parent_id'),
    status: integer('status').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('promo_offers_kind_idx').on(t.kind, t.status, t.startDate),
    index('promo_offers_parent_idx').on(t.parentId),
  ],
);

/** 10 unused, 20 used (see promo_voucher_uses), 30 void. */
export const promoVouchers = pgTable(
  'promo_vouchers',
  {
    id: serial('id').primaryKey(),
    configId: integer('config_id').notNull(),
    code: text('code').notNull().unique(),
    /** Bound to one student (null: whoever shows the code). */
    studentId: integer('student_id'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    status: integer('status').notNull().default(10),
    issuedBy: integer('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('promo_vouchers_config_idx').on(t.configId),
    index('promo_vouchers_student_idx').on(t.studentId),
  ],
);

/**
 * The one use of a voucher: unique per voucher, so of two orders using it at once the second
 * insert fails whatever the timing (the row lock on the voucher makes the loser wait, then see it).
 */
export const promoVoucherUses = pgTable(
  'promo_voucher_uses',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id').notNull(),
    orderId: integer('order_id').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('promo_voucher_uses_voucher_uq').on(t.voucherId),
    index('promo_voucher_uses_order_idx').on(t.orderId),
  ],
);

/**
 * The stacking principles (one row per offer kind): the order the kinds apply in, which kinds an
 * item may already carry for this one to apply too, and the most this kind may take off an item's
 * list price. The row 'all' caps every offer together (the manual discount is the consultant's,
 * outside the caps).
 */
export const promoPrinciples = pgTable('promo_principles', {
  kind: text('kind').primaryKey(),
  seq: integer('seq').notNull(),
  combinesWith: jsonb('combines_with').$type<string[]>().notNull().default([]),
  /** Percent of the item's list price (100: no cap). */
  capPercent: numeric('cap_percent', { precision: 5, scale: 2 }).notNull().default('100'),
  enabled: boolean('enabled').notNull().default(true),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Terms (学期) orders and term bills are sold for. */
export const promoTerms = pgTable(
  'promo_terms',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    courseCodes: jsonb('course_codes').$type<string[]>().notNull().default([]),
    remark: text('remark').notNull().default(''),
    validStatus: integer('valid_status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('promo_terms_dates_idx').on(t.startDate)],
);
