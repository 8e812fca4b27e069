// System dictionaries (typed code lists such as business_type), tags and channel groups.
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

/** A dictionary item: one value of a dictionary type (business_type, assist_course_type, calendar_type...). */
export const sysDicts = pgTable(
  'sys_dicts',
  {
    id: serial('id').primaryKey(),
    dictType: text('dict_type').notNull(),
    /** The stored value (what records keep, e.g. REHAB). */
    code: text('code').notNull(),
    /** The label shown (e.g. 康复). */
    name: text('name').notNull(),
    remark: text('remark'),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex('sys_dicts_type_code_uq').on(t.dictType, t.code),
    uniqueIndex('sys_dicts_type_name_uq').on(t.dictType, t.name),
    index('sys_dicts_type_idx').on(t.dictType),
  ],
);

/** Tags attached to clues or students (type 1 clue, 2 student). */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    tagType: integer('tag_type').notNull().default(1),
    name: text('name').notNull(),
    color: text('color'),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('tags_type_name_uq').on(t.tagType, t.name)],
);

/** Channel groups: the clue settings' channels reference one by code (clue_channels.channel_group_code). */
export const channelGroups = pgTable('channel_groups', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().unique(),
  remark: text('remark'),
  validStatus: integer('valid_status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  ...audit,
});
