// Columns every editable master-data record carries: when it was created and changed, and the
// version for optimistic concurrency (incremented on every update; a stale version is refused).
import { integer, timestamp } from 'drizzle-orm/pg-core';

export const audit = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Optimistic concurrency: incremented on every update. */
  version: integer('version').notNull().default(1),
};
