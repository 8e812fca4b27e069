// E-sales resources and their history (docs/clue-states.md "Resources").
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true });

export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    /** 'ZY' + 8 digits of the id. */
    rescode: text('rescode').notNull().unique(),
    /** The contact's (parent's) name. */
    name: text('name').notNull(),
    childName: text('child_name').notNull().default(''),
    gender: integer('gender').notNull().default(0),
    birthDate: text('birth_date'),
    phone: text('phone').notNull(),
    provinceTypeCode: text('province_type_code'),
    /** The campus the resource is meant for; send's default target. */
    schoolItemCode: text('school_item_code'),
    channelCode: text('channel_code'),
    /** A–D (getResLevel). */
    level: text('level'),
    /** new | assigned | following | sent | invalid | abandoned */
    status: text('status').notNull(),
    ownerUserId: integer('owner_user_id'),
    assignedAt: tz('assigned_at'),
    lastFollowAt: tz('last_follow_at'),
    nextFollowAt: tz('next_follow_at'),
    invalidReason: text('invalid_reason'),
    abandonReason: text('abandon_reason'),
    clueId: integer('clue_id'),
    sentAt: tz('sent_at'),
    /** created | routed */
    sendOutcome: text('send_outcome'),
    /** manual | import */
    source: text('source').notNull().default('manual'),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** Optimistic concurrency: every command updates `where version = ?`. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // One working resource per phone, also under concurrent imports.
    uniqueIndex('resources_active_phone_uq')
      .on(t.phone)
      .where(sql`status in ('new', 'assigned', 'following', 'abandoned')`),
    index('resources_phone_idx').on(t.phone),
    index('resources_owner_idx').on(t.ownerUserId, t.status),
    // A specialist's own resources, newest first (the list's default order).
    index('resources_owner_created_idx').on(t.ownerUserId, t.createdAt, t.id),
    index('resources_campus_idx').on(t.schoolItemCode, t.status),
    index('resources_created_idx').on(t.createdAt, t.id),
    index('resources_campus_created_idx').on(t.schoolItemCode, t.createdAt, t.id),
  ],
);

/** Follow records (action 'follow') and every command on a resource, with the state change. */
export const resourceFlows = pgTable(
  'resource_flows',
  {
    id: serial('id').primaryKey(),
    resourceId: integer('resource_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    content: text('content').notNull().default(''),
    level: text('level'),
    nextFollowAt: tz('next_follow_at'),
    userId: integer('user_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('resource_flows_resource_idx').on(t.resourceId)],
);
