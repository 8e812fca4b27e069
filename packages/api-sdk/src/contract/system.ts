// Sign-in, sessions, roles, privileges, menus, accounts (spec §7 Auth and system).
import { z } from 'zod';
import { Mobile, optionalPhone } from './fields.js';
import {
  SavedView,
  SavedViewCreateInput,
  SavedViewDefaultInput,
  SavedViewScreen,
  SavedViewUpdateInput,
} from './savedViews.js';
import { Ok, PageQuery, page, post, get, priv, publicAccess, signedIn, type Slice } from './define.js';

export * from './savedViews.js';

export const RoleRef = z.object({ code: z.number().int(), name: z.string() });
export const ProvinceTypeRef = z.object({ code: z.string(), name: z.string() });
export const SchoolItemRef = z.object({ code: z.string(), name: z.string(), provincetypecode: z.string() });

/** The user token object of spec §3. */
export const UserToken = z.object({
  token: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  roles: z.array(RoleRef),
  provinceTypes: z.array(ProvinceTypeRef),
  schoolItems: z.array(SchoolItemRef),
  /** True when the account must change its password before working (after an administrator's reset). */
  mustChangePassword: z.boolean(),
});
export type TUserToken = z.infer<typeof UserToken>;

export const LoginInput = z.object({
  username: z.string().trim().min(1, 'username is required').max(64),
  password: z.string().min(1, 'password is required').max(128),
});

/** A new password: 8–128 characters with at least one letter and one digit. */
export const NewPassword = z
  .string()
  .min(8, '新密码至少8位 / the new password needs at least 8 characters')
  .max(128, '新密码最多128位 / the new password may have at most 128 characters')
  .regex(/[A-Za-z]/, '新密码须包含字母和数字 / the new password needs letters and digits')
  .regex(/\d/, '新密码须包含字母和数字 / the new password needs letters and digits');

export const ChangePasswordInput = z.object({
  oldPassword: z.string().min(1, 'the current password is required').max(128),
  newPassword: NewPassword,
});

/** /auth/chgpass: the spec's query form (username, newpassword) plus the current password. */
export const ChgPassInput = z.object({
  username: z.string().trim().min(1, 'username is required').max(64),
  oldpassword: z.string().min(1, 'the current password is required').max(128),
  newpassword: NewPassword,
});

/** Which sign-in methods are configured (the login page shows only these). */
export const LoginOptions = z.object({
  password: z.literal(true),
  dingQr: z.object({
    enabled: z.boolean(),
    /** Where the login page sends the browser for the messenger QR code (null when disabled). */
    authorizeUrl: z.string().nullable(),
    clientId: z.string().nullable(),
  }),
  wxcp: z.object({ enabled: z.boolean(), appIds: z.array(z.string()) }),
  dashboardSso: z.object({ enabled: z.boolean() }),
});

/** A menu entry of spec §3: a group with the screens the user holds. */
export const MenuEntry = z.object({
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  cssname: z.string(),
  path: z.string(),
  privileges: z.array(
    z.object({ code: z.string(), name: z.string(), nameEn: z.string(), navigateurl: z.string() }),
  ),
});
export type TMenuEntry = z.infer<typeof MenuEntry>;

export const GroupCodeQuery = z.object({ groupcode: z.coerce.number().int().optional() });

export const StatusValue = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1)]));

export const RoleRow = z.object({
  code: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.number().int(),
  isAdmin: z.boolean(),
  allScope: z.boolean(),
  userCount: z.number().int(),
  version: z.number().int(),
});
export type TRoleRow = z.infer<typeof RoleRow>;
export const RoleDetail = RoleRow.extend({ privilegeCodes: z.array(z.string()) });

export const RoleInput = z.object({
  /**
   * The role's number: assigned by the server when a role is created without one (the screen never
   * asks for it); required to update. Scripts may still name a free number when creating.
   */
  code: z.coerce.number().int().min(1).max(9999).optional(),
  name: z.string().trim().min(1, 'name is required').max(50),
  description: z.string().trim().max(500).default(''),
  allScope: z.boolean().default(false),
  status: StatusValue.default(1),
  /** Absent: create a new role; present: update that version of it. */
  version: z.number().int().optional(),
});

export const PRIVILEGE_TYPES = ['group', 'menu', 'page', 'action'] as const;
export const PrivilegeType = z.enum(PRIVILEGE_TYPES);

export interface TPrivilegeNode {
  code: string;
  name: string;
  nameEn: string;
  type: z.infer<typeof PrivilegeType>;
  groupCode: string | null;
  navigateUrl: string | null;
  cssName: string | null;
  sort: number;
  status: number;
  version: number;
  children: TPrivilegeNode[];
}
const PrivilegeBase = z.object({
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  type: PrivilegeType,
  groupCode: z.string().nullable(),
  navigateUrl: z.string().nullable(),
  cssName: z.string().nullable(),
  sort: z.number().int(),
  status: z.number().int(),
  version: z.number().int(),
});
/** A node of the privilege tree: groups hold their screens and actions. */
export const PrivilegeNode: z.ZodType<TPrivilegeNode> = z.lazy(() =>
  PrivilegeBase.extend({ children: z.array(PrivilegeNode) }),
);

export const PrivilegeInput = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'code is required')
    .max(200)
    .regex(
      /^(\/[A-Za-z0-9_:/-]*|[A-Za-z][A-Za-z0-9_.-]*)$/,
      'a route path (/setting/campus) or an action code (clues.approve)',
    ),
  name: z.string().trim().min(1, 'name is required').max(50),
  nameEn: z.string().trim().max(100).default(''),
  type: PrivilegeType,
  groupCode: z.string().trim().max(50).nullable().default(null),
  navigateUrl: z.string().trim().max(200).nullable().default(null),
  cssName: z.string().trim().max(50).nullable().default(null),
  sort: z.coerce.number().int().default(0),
  status: StatusValue.default(1),
  version: z.number().int().optional(),
});

export const KeyStatusInput = z.object({
  code: z.coerce.string().trim().min(1, 'code is required'),
  status: StatusValue,
});
export const RoleStatusInput = z.object({ code: z.coerce.number().int(), status: StatusValue });

export const AuthInfoQuery = PageQuery.extend({
  name: z.string().trim().optional(),
  username: z.string().trim().optional(),
  roleCode: z.coerce.number().int().optional(),
  status: StatusValue.optional(),
});

export const AuthInfoRow = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  status: z.number().int(),
  roles: z.array(RoleRef),
  regions: z.array(z.string()),
  campuses: z.array(z.string()),
  employeeCode: z.string().nullable(),
  mustChangePassword: z.boolean(),
  version: z.number().int(),
});
export type TAuthInfoRow = z.infer<typeof AuthInfoRow>;

export const AuthInfoInput = z.object({
  /** Absent: create an account (a temporary password is returned once). */
  id: z.number().int().optional(),
  username: z
    .string()
    .trim()
    .min(2, 'username needs at least 2 characters')
    .max(64)
    .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits and _ . @ - only'),
  name: z.string().trim().min(1, 'name is required').max(50),
  mobile: optionalPhone(Mobile),
  roles: z.array(z.coerce.number().int()).min(1, 'at least one role'),
  regions: z.array(z.string().trim().min(1)).default([]),
  campuses: z.array(z.string().trim().min(1)).default([]),
  employeeCode: z.string().trim().max(50).nullable().optional(),
  status: StatusValue.default(1),
  version: z.number().int().optional(),
});
export const AuthInfoSaved = z.object({
  id: z.number().int(),
  username: z.string(),
  temporaryPassword: z.string().nullable(),
});

/**
 * A service account for server-to-server use: an account that signs in with no password, only with
 * the long-lived token answered once at its creation, scoped by its roles and campuses like a user.
 */
export const ServiceAccountInput = z.object({
  /** What uses it, e.g. 'nightly payments report'. */
  name: z.string().trim().min(1, 'name is required').max(50),
  roles: z.array(z.coerce.number().int().positive()).min(1, 'choose at least one role').max(20),
  /** Campus codes; none only with a role that sees every campus. */
  campuses: z.array(z.string().trim().min(1).max(20)).max(500).default([]),
  /** Days the token lives (default a year). */
  days: z.coerce.number().int().min(1).max(3650).default(365),
});
export const ServiceAccountCreated = z.object({
  id: z.number().int(),
  /** The account's username (svc-…): revoke it by this name. */
  username: z.string(),
  /** The token, shown once and stored only as a hash: send it in the `token` header. */
  token: z.string(),
  expiresAt: z.string(),
});
export const ServiceAccountRevokeInput = z.object({
  username: z.string().trim().regex(/^svc-/, 'not a service account / 不是服务账号').max(64),
});

export const TemporaryPassword = z.object({ username: z.string(), temporaryPassword: z.string() });
export const UserPick = z.object({ id: z.number().int(), username: z.string(), name: z.string() });

/** Endpoints a user may still call while the account must change its password (checked centrally). */
export const PASSWORD_CHANGE_EXEMPT: readonly string[] = [
  'system.changePassword',
  'system.chgpass',
  'system.logout',
  'system.userInfo',
  'system.menu',
  'system.forbiddenRoutes',
];

const ROLES = '/setting/roleAuthorization';
const ACCOUNTS = '/setting/systemUsers';

export const system = {
  login: post('/auth/login', {
    service: 'user',
    summary:
      'Sign in with username and password (JSON body; the query form is accepted too). Throttled per account and per IP.',
    access: publicAccess,
    body: LoginInput.optional(),
    query: LoginInput.partial().optional(),
    response: UserToken,
  }),
  logout: post('/auth/logout', {
    service: 'user',
    summary: 'Sign out: revokes the current session.',
    access: signedIn,
    response: Ok,
  }),
  userInfo: get('/setting/user/info', {
    service: 'setting',
    summary: 'The signed-in user (token object without the token).',
    access: signedIn,
    response: UserToken.omit({ token: true }),
  }),
  changePassword: post('/auth/chgpwd', {
    service: 'user',
    summary:
      'Change the own password (current one required); revokes the other sessions and clears the forced change.',
    access: signedIn,
    body: ChangePasswordInput,
    response: Ok,
  }),
  chgpass: post('/auth/chgpass', {
    service: 'user',
    summary:
      'Change a password by username and current password (the /modifyPwd page; query or body). Throttled like sign-in; revokes other sessions.',
    access: publicAccess,
    body: ChgPassInput.optional(),
    query: ChgPassInput.partial().optional(),
    response: Ok,
  }),
  dingQrLogin: post('/auth/dingqrlogin', {
    service: 'user',
    summary: 'Sign in with the authorization code of the corporate messenger QR login (type 2).',
    access: publicAccess,
    body: z.object({
      code: z.string().trim().min(1, 'code is required').max(512),
      type: z.coerce.number().int().pipe(z.literal(2)).default(2),
    }),
    response: UserToken,
  }),
  wxcpLogin: post('/auth/wxcp/login/{appid}', {
    service: 'user',
    summary: 'Sign in with an enterprise-messaging OAuth code for the configured app {appid}.',
    access: publicAccess,
    params: z.object({ appid: z.string().trim().min(1).max(100) }),
    query: z.object({ code: z.string().trim().min(1, 'code is required').max(512) }),
    response: UserToken,
  }),
  loginDashboard: get('/auth/loginDashboard', {
    service: 'user',
    summary:
      'Single sign-on for the income dashboard (/dataStatistics/incomeGM?dd_code=): exchanges the mobile-chat code.',
    access: publicAccess,
    query: z.object({ code: z.string().trim().min(1, 'code is required').max(512) }),
    response: UserToken,
  }),
  loginOptions: get('/auth/loginOptions', {
    service: 'user',
    summary: 'Which sign-in methods are configured, with the QR authorize URL.',
    access: publicAccess,
    response: LoginOptions,
  }),
  isJujiganyu: get('/auth/isJujiganyu', {
    service: 'user',
    summary: 'True when the signed-in user holds the home-intervention (居家干预) role, code 60.',
    access: signedIn,
    response: z.boolean(),
  }),
  menu: get('/system/privilegetypes', {
    service: 'setting',
    summary: "The user's menu: groups in order with the enabled screens the user holds (spec §3 menu entry).",
    access: signedIn,
    query: GroupCodeQuery,
    response: z.array(MenuEntry),
  }),
  forbiddenRoutes: get('/system/no/privilegetypes', {
    service: 'setting',
    summary:
      'Route paths the user may not open (the /noauth list), then the action privileges the user does not hold.',
    access: signedIn,
    query: GroupCodeQuery,
    response: z.array(z.string()),
  }),
  roles: get('/system/roles', {
    service: 'setting',
    summary:
      'Every role with its status and number of accounts (the role selector of the account and staff screens).',
    // Screens that assign roles; a role list with account counts is not for every signed-in user.
    access: priv(ROLES, ACCOUNTS, '/staff/list', '/setting/employees'),
    query: z.object({ name: z.string().trim().optional(), status: StatusValue.optional() }),
    response: z.array(RoleRow),
  }),
  roleSave: post('/system/rolesave', {
    service: 'setting',
    summary: 'Create a role (no version) or update it (with its version).',
    access: priv(ROLES),
    body: RoleInput,
    response: RoleRow,
  }),
  roleUpdateStatus: post('/system/roleupdatestatus', {
    service: 'setting',
    summary: 'Enable or disable a role.',
    access: priv(ROLES),
    body: RoleStatusInput,
    response: Ok,
  }),
  role: get('/system/role/{code}', {
    service: 'setting',
    summary: 'A role with the codes of its privileges.',
    access: priv(ROLES, ACCOUNTS),
    params: z.object({ code: z.coerce.number().int() }),
    response: RoleDetail,
  }),
  rolePrivilegeSave: post('/system/roleprivilegesave', {
    service: 'setting',
    summary: "Replace a role's privileges.",
    access: priv(ROLES),
    body: z.object({
      code: z.coerce.number().int(),
      privilegeCodes: z.array(z.string().trim().min(1)).max(2000),
    }),
    response: Ok,
  }),
  privileges: get('/system/privileges', {
    service: 'setting',
    summary: 'The privilege tree: menu groups with their screens and actions.',
    access: priv(ROLES),
    query: GroupCodeQuery,
    response: z.array(PrivilegeNode),
  }),
  privilegeSave: post('/system/privilegesave', {
    service: 'setting',
    summary: 'Create a privilege (no version) or update it (with its version).',
    access: priv(ROLES),
    body: PrivilegeInput,
    response: Ok,
  }),
  privilegeUpdateStatus: post('/system/privilegeupdatestatus', {
    service: 'setting',
    summary: 'Enable or disable a privilege (a disabled one is held by nobody but administrators).',
    access: priv(ROLES),
    body: KeyStatusInput,
    response: Ok,
  }),
  authInfos: get('/system/authinfos', {
    service: 'setting',
    summary:
      'Accounts, filtered (name, username, roleCode, status) and paged; limited to the caller’s campuses.',
    access: priv(ACCOUNTS),
    query: AuthInfoQuery,
    response: page(AuthInfoRow),
  }),
  authInfoSave: post('/system/authinfosave', {
    service: 'setting',
    summary: 'Create an account (returns a temporary password once) or update it (version check).',
    access: priv(ACCOUNTS),
    body: AuthInfoInput,
    response: AuthInfoSaved,
  }),
  authInfoUpdateStatus: post('/system/authinfoupdatestatus', {
    service: 'setting',
    summary: 'Enable or disable an account by username; disabling revokes its sessions.',
    access: priv(ACCOUNTS),
    body: KeyStatusInput,
    response: Ok,
  }),
  resetPassword: post('/system/resetpassword', {
    service: 'setting',
    summary:
      'Set a random temporary password (answered once), force a change at next sign-in, revoke every session.',
    access: priv(ACCOUNTS),
    query: z.object({ usercode: z.string().trim().min(1, 'usercode is required') }),
    response: TemporaryPassword,
  }),
  generateIdCode: get('/system/generateidcode', {
    service: 'setting',
    summary: 'A stable id code from a code and a name: <code>-<first 4 hex of sha1(name)>.',
    access: signedIn,
    query: z.object({
      code: z.string().trim().min(1, 'code is required').max(50),
      name: z.string().trim().min(1, 'name is required').max(100),
    }),
    response: z.string(),
  }),
  serviceAccountCreate: post('/system/serviceaccount/create', {
    service: 'setting',
    summary:
      'Administrators only: create a service account (roles, campuses) and its long-lived token, answered once (stored hashed).',
    access: priv(ACCOUNTS),
    body: ServiceAccountInput,
    response: ServiceAccountCreated,
  }),
  serviceAccountRevoke: post('/system/serviceaccount/revoke', {
    service: 'setting',
    summary:
      'Administrators only: revoke a service account: its token stops at once and the account is disabled.',
    access: priv(ACCOUNTS),
    body: ServiceAccountRevokeInput,
    response: Ok,
  }),
  allUsers: get('/system/alluser', {
    service: 'setting',
    summary:
      'Enabled accounts for pickers (by name or username, at most 50); outside all-campus scope only accounts sharing a campus.',
    access: priv(ACCOUNTS, ROLES),
    query: z.object({ name: z.string().trim().optional() }),
    response: z.array(UserPick),
  }),
  // Saved views of list screens: every signed-in user, only their own (another's answers 404).
  viewList: get('/system/views', {
    service: 'setting',
    summary: "The caller's saved views of one screen (route path), by name; at most one is the default.",
    access: signedIn,
    query: z.object({ screen: SavedViewScreen }),
    response: z.array(SavedView),
  }),
  viewCreate: post('/system/view/create', {
    service: 'setting',
    summary:
      'Save the current filters of a list as a named view (name 1..30, unique per screen; at most 20 views per screen).',
    access: signedIn,
    body: SavedViewCreateInput,
    response: SavedView,
  }),
  viewUpdate: post('/system/view/update', {
    service: 'setting',
    summary: "Rename one's view or replace its filters; version check.",
    access: signedIn,
    body: SavedViewUpdateInput,
    response: SavedView,
  }),
  viewDelete: post('/system/view/delete', {
    service: 'setting',
    summary: "Delete one's view.",
    access: signedIn,
    body: z.object({ id: z.number().int().positive() }),
    response: Ok,
  }),
  viewSetDefault: post('/system/view/default', {
    service: 'setting',
    summary:
      "Make one's view the screen's default (applied when the screen opens without filters), or clear it; version check.",
    access: signedIn,
    body: SavedViewDefaultInput,
    response: SavedView,
  }),
} satisfies Slice;
