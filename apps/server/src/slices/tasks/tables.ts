// Personal todos (the task centre's other items are computed from clues and approvals).
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const todos = pgTable(
  'todos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }),
    clueId: integer('clue_id'),
    /** 0 open, 1 completed, 2 deleted. */
    status: integer('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('todos_user_idx').on(t.userId, t.status)],
);
