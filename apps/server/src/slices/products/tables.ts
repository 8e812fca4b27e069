// Products and assessment products share one catalogue, one sale table and one price history; `kind`
// tells them apart ('product' | 'assess'), so both follow the same rules (docs/decisions.md
// "Promotions and products").
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

/** A package of one course's hours or days with headquarters' standard unit price. */
export const saleItems = pgTable(
  'sale_items',
  {
    id: serial('id').primaryKey(),
    /** 'product' or 'assess'. */
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    courseCode: text('course_code').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    remark: text('remark').notNull().default(''),
    validStatus: integer('valid_status').notNull().default(1),
    ...audit,
  },
  (t) => [
    uniqueIndex('sale_items_kind_code_uq').on(t.kind, t.code),
    uniqueIndex('sale_items_kind_name_uq').on(t.kind, t.name),
    index('sale_items_course_idx').on(t.courseCode),
  ],
);

/** A campus may sell an item from a day (to a day) while enabled; one row per item and campus. */
export const itemSales = pgTable(
  'item_sales',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** 1 enabled, 0 disabled. */
    status: integer('status').notNull().default(1),
    ...audit,
  },
  (t) => [
    uniqueIndex('item_sales_item_campus_uq').on(t.itemId, t.schoolItemCode),
    index('item_sales_campus_idx').on(t.schoolItemCode, t.status),
  ],
);

/**
 * Unit prices with history: the price of a campus on a day is the latest valid row of that campus
 * whose day has come, else the latest all-campus row (school_item_code null), else the standard price.
 * Rows are never changed once in effect; a later price is a new row.
 */
export const itemPrices = pgTable(
  'item_prices',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').notNull(),
    schoolItemCode: text('school_item_code'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** 1 valid, 0 cancelled (only before its day). */
    status: integer('status').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledBy: integer('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('item_prices_lookup_idx').on(t.itemId, t.schoolItemCode, t.effectiveDate)],
);

/** A stocktaking sheet row: the month's assessment inventory of one campus and product as generated. */
export const stocktakingRows = pgTable(
  'stocktaking_rows',
  {
    id: serial('id').primaryKey(),
    month: text('month').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    itemId: integer('item_id').notNull(),
    opening: numeric('opening', { precision: 12, scale: 2 }).notNull(),
    sold: numeric('sold', { precision: 12, scale: 2 }).notNull(),
    used: numeric('used', { precision: 12, scale: 2 }).notNull(),
    closing: numeric('closing', { precision: 12, scale: 2 }).notNull(),
    generatedBy: integer('generated_by'),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('stocktaking_rows_month_uq').on(t.month, t.schoolItemCode, t.itemId)],
);
