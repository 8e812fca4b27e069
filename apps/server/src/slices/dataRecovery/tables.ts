// Repairs an administrator made to orders (/dataRecovery/orderRecovery): what was changed, the values
// before and after, the reason, and the undo — so every repair can be read back and reversed.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const dataRepairs = pgTable(
  'data_repairs',
  {
    id: serial('id').primaryKey(),
    /** deleteIncome (a confirmed pay record voided) or updateIsNew (order type 1 ↔ 0). */
    kind: text('kind').notNull(),
    orderId: integer('order_id').notNull(),
    /** The pay record (deleteIncome) or the order (updateIsNew) changed. */
    targetId: integer('target_id').notNull(),
    before: jsonb('before').$type<Record<string, number>>().notNull(),
    after: jsonb('after').$type<Record<string, number>>().notNull(),
    reason: text('reason').notNull(),
    doneBy: integer('done_by').notNull(),
    doneByName: text('done_by_name').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    revertedBy: integer('reverted_by'),
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    revertReason: text('revert_reason').notNull().default(''),
  },
  (t) => [index('data_repairs_order_idx').on(t.orderId, t.doneAt)],
);
