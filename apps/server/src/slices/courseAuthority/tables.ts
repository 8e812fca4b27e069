// Course authority: which teacher (employee code) may teach which course ranks.
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const courseAuthorities = pgTable('course_authorities', {
  id: serial('id').primaryKey(),
  /** The teacher (employees slice), one authority record per teacher. */
  employeeCode: text('employee_code').notNull().unique(),
  remark: text('remark'),
  validStatus: integer('valid_status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/** The course ranks of an authority record. */
export const courseAuthorityRanks = pgTable(
  'course_authority_ranks',
  {
    authorityId: integer('authority_id')
      .notNull()
      .references(() => courseAuthorities.id, { onDelete: 'cascade' }),
    courseRankCode: text('course_rank_code').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.authorityId, t.courseRankCode] }),
    index('course_authority_ranks_rank_idx').on(t.courseRankCode),
  ],
);
