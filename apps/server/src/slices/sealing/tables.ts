// Sealed salary periods (issue 17, §3 forbidBill): the one record of whether a period is sealed.
// Unsealing keeps the row (status 0) with who did it and why; every change is in the audit log too.
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const forbidBills = pgTable(
  'forbid_bills',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    /** 1 sealed, 0 unsealed. */
    status: integer('status').notNull().default(1),
    sealedBy: integer('sealed_by'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
    unsealedBy: integer('unsealed_by'),
    unsealedAt: timestamp('unsealed_at', { withTimezone: true }),
    unsealReason: text('unseal_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('forbid_bills_year_month_uq').on(t.year, t.month)],
);
