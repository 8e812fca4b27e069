// Clue settings: channels and channel types, transfer/abandon/flow types, customer intentions, entry
// methods, invalid/unreach/undeal reasons, revisit events, and clue targets.
import { index, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

/** A settings list: a unique code, a unique name, a status and an order. */
const simple = () => ({
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().unique(),
  remark: text('remark'),
  validStatus: integer('valid_status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});

export const clueChannelTypes = pgTable('clue_channel_types', { ...simple(), ...audit });
export const clueChannels = pgTable(
  'clue_channels',
  {
    ...simple(),
    /** Code of the channel type (clue_channel_types). */
    channelTypeCode: text('channel_type_code').notNull(),
    /** Code of the channel group (the dictionaries slice's channel groups), if any. */
    channelGroupCode: text('channel_group_code'),
    /** Online channels are paid traffic (web, apps); offline ones are events, referrals, walk-ins. */
    online: integer('online').notNull().default(1),
    ...audit,
  },
  (t) => [index('clue_channels_type_idx').on(t.channelTypeCode)],
);
export const clueTransferTypes = pgTable('clue_transfer_types', { ...simple(), ...audit });
export const clueAbandonTypes = pgTable('clue_abandon_types', { ...simple(), ...audit });
export const clueFlowTypes = pgTable('clue_flow_types', { ...simple(), ...audit });
export const clueCustomerIntentions = pgTable('clue_customer_intentions', { ...simple(), ...audit });
export const clueEntryMethods = pgTable('clue_entry_methods', { ...simple(), ...audit });
export const clueInvalidReasons = pgTable('clue_invalid_reasons', { ...simple(), ...audit });
export const clueUnreachReasons = pgTable('clue_unreach_reasons', { ...simple(), ...audit });
export const clueUndealReasons = pgTable('clue_undeal_reasons', { ...simple(), ...audit });
export const clueRevisitEvents = pgTable('clue_revisit_events', {
  ...simple(),
  /** Days after the triggering event when the revisit falls due. */
  dueDays: integer('due_days').notNull().default(1),
  ...audit,
});

/**
 * Assessment scales: the named instruments of a child's entrance assessment, with the applicable age
 * range in months and the items (name, max score) as an ordered jsonb array.
 */
export const assessScales = pgTable('assess_scales', {
  ...simple(),
  ageFrom: integer('age_from').notNull().default(0),
  ageTo: integer('age_to').notNull().default(216),
  items: jsonb('items').$type<{ name: string; maxScore: number }[]>().notNull().default([]),
  ...audit,
});

/**
 * Clue (lead) targets: type 1 a campus's lead target for a year, type 2 a consultant's lead target in
 * a campus; both with twelve monthly values (m1..m12, lead counts).
 */
export const clueTargets = pgTable(
  'clue_targets',
  {
    id: serial('id').primaryKey(),
    targetYear: integer('target_year').notNull(),
    targetType: integer('target_type').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    /** '' for a campus target (type 1); the consultant's employee code for type 2. */
    employeeCode: text('employee_code').notNull().default(''),
    m1: integer('m1').notNull().default(0),
    m2: integer('m2').notNull().default(0),
    m3: integer('m3').notNull().default(0),
    m4: integer('m4').notNull().default(0),
    m5: integer('m5').notNull().default(0),
    m6: integer('m6').notNull().default(0),
    m7: integer('m7').notNull().default(0),
    m8: integer('m8').notNull().default(0),
    m9: integer('m9').notNull().default(0),
    m10: integer('m10').notNull().default(0),
    m11: integer('m11').notNull().default(0),
    m12: integer('m12').notNull().default(0),
    remark: text('remark'),
    ...audit,
  },
  (t) => [
    unique('clue_targets_key_uq').on(t.targetYear, t.targetType, t.schoolItemCode, t.employeeCode),
    index('clue_targets_school_idx').on(t.schoolItemCode),
  ],
);
