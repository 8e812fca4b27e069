// Accounts, roles, privileges, sessions and the audit log.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const roles = pgTable('roles', {
  /** The numeric role code of spec §6 (76, 72, 58, ...). */
  code: integer('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: integer('status').notNull().default(1),
  /** Holds every privilege. */
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Sees every region and campus regardless of the account's own. */
  allScope: boolean('all_scope').notNull().default(false),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const privileges = pgTable('privileges', {
  /** A route path of spec §2 ('/setting/campus') or an action code ('clues.approve'). */
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  /** Menu group key (e.g. 'setting'); groups themselves are privileges with type 'group'. */
  groupCode: text('group_code'),
  /** 'group' (menu group), 'menu' (a screen in the menu), 'page' (a screen not in the menu), 'action'. */
  type: text('type').notNull(),
  navigateUrl: text('navigate_url'),
  cssName: text('css_name'),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  version: integer('version').notNull().default(1),
});

export const rolePrivileges = pgTable(
  'role_privileges',
  {
    roleCode: integer('role_code').notNull(),
    privilegeCode: text('privilege_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleCode, t.privilegeCode] })],
);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Sign-in name; also the "user code" of /system/resetpassword. */
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  avatar: text('avatar').notNull().default(''),
  mobile: text('mobile'),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  status: integer('status').notNull().default(1),
  /** The employee this account belongs to (employees slice), if any. */
  employeeCode: text('employee_code'),
  /** Messenger identities for QR / enterprise sign-in. */
  dingUserId: text('ding_user_id').unique(),
  wxcpUserId: text('wxcp_user_id').unique(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_roles',
  { userId: integer('user_id').notNull(), roleCode: integer('role_code').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.roleCode] })],
);
export const userRegions = pgTable(
  'user_regions',
  { userId: integer('user_id').notNull(), provinceTypeCode: text('province_type_code').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.provinceTypeCode] })],
);
export const userCampuses = pgTable(
  'user_campuses',
  { userId: integer('user_id').notNull(), schoolItemCode: text('school_item_code').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.schoolItemCode] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').notNull(),
    method: text('method').notNull().default('password'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username'),
    /** e.g. 'auth.login', 'auth.loginFailed', 'role.privileges', 'status.change', 'clue.recycle'. */
    action: text('action').notNull(),
    /** What was acted on, e.g. 'school_items:SH01'. */
    target: text('target'),
    detail: jsonb('detail'),
    ip: text('ip'),
  },
  // By target: a record's history read from its trail (a term bill's, shared/audit.ts auditOf).
  (t) => [
    index('audit_action_idx').on(t.action),
    index('audit_at_idx').on(t.at),
    index('audit_target_idx').on(t.target),
  ],
);

/** Sign-in attempts (password, chgpass, providers) for throttling per account and per IP; survive restarts. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Lower-cased username as typed (also for unknown names, so they are throttled alike). */
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
  },
  (t) => [
    index('login_attempts_user_idx').on(t.username, t.at),
    index('login_attempts_ip_idx').on(t.ip, t.at),
  ],
);

/**
 * Saved views of list screens: a user's named filter states of one screen (route path, '#prefix'
 * for one of several lists), restored by the list kit. Only ever read and changed by their owner.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    screen: text('screen').notNull(),
    name: text('name').notNull(),
    /** { filters, sort, hiddenColumns } as the list kit keeps them (SavedViewState of the contract). */
    state: jsonb('state').notNull(),
    /** Applied when the screen opens without filters in its URL; one per user and screen. */
    isDefault: boolean('is_default').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('saved_views_name_uq').on(t.userId, t.screen, t.name),
    uniqueIndex('saved_views_default_uq')
      .on(t.userId, t.screen)
      .where(sql`${t.isDefault}`),
  ],
);
