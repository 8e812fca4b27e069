// Allowed discount rate rules and the rule each campus works under in a month.
import { index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

export const orderDiscountRates = pgTable('order_discount_rates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The highest discount ((list − paid) ÷ list) allowed, in percent. */
  rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
  remark: text('remark'),
  validStatus: integer('valid_status').notNull().default(1),
  ...audit,
});

export const monthDiscountRates = pgTable(
  'month_discount_rates',
  {
    id: serial('id').primaryKey(),
    month: text('month').notNull(),
    rateId: integer('rate_id').notNull(),
    remark: text('remark').notNull().default(''),
    ...audit,
  },
  (t) => [index('month_discount_rates_month_idx').on(t.month)],
);

/** One rule per campus and month. */
export const monthDiscountRateSchools = pgTable(
  'month_discount_rate_schools',
  {
    id: serial('id').primaryKey(),
    monthRateId: integer('month_rate_id').notNull(),
    month: text('month').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
  },
  (t) => [
    uniqueIndex('month_discount_rate_schools_uq').on(t.month, t.schoolItemCode),
    index('month_discount_rate_schools_rule_idx').on(t.monthRateId),
  ],
);
