// Role checks (spec §5 permission directive, §6) and the option lists of region, campus and city selectors.
import { type Label, type Locale } from './labels.js';
import { REGION_ALL_CODE } from './constants.js';

/** A role as the token carries it: `{ code }` or the bare code. */
export type RoleRef = { readonly code: number | string } | number | string;

/** Anything with the token's roles. */
export interface WithRoles {
  readonly roles?: readonly RoleRef[] | null;
}

/**
 * Role codes (spec §6 gives the numbers; the meanings are ours, docs/decisions.md "System and
 * sign-in"). The only place a role code is written as a number: everything else names it.
 */
export const ROLE = {
  /** 超级管理员: every privilege, every region and campus. */
  admin: 1,
  /** 电销专员: works resources and phone leads. */
  esales: 5,
  /** 成长顾问: looks after enrolled families and renewals. */
  growth: 15,
  /** 财务: orders, payments, refunds, finance master data; all campuses. */
  finance: 20,
  /** 人力资源: employees, salary; all campuses. */
  hr: 30,
  /** 课程顾问 (sales): follows up and converts clues. */
  consultant: 34,
  /** 教师: own timetable and class confirmation. */
  teacher: 40,
  /** 教务: scheduling, classrooms, course authorisation. */
  academic: 50,
  /** 销售主管: distributes clues, watches the team. */
  supervisor: 58,
  /** 居家干预: home-intervention therapist. */
  homeIntervention: 60,
  /** 中心主任: runs campuses, approves within them. */
  centreLeader: 72,
  /** 区域总监: approves transfers, abandons and invalid clues in their regions. */
  director: 76,
} as const;
/** A role code of `ROLE`. */
export type RoleCode = (typeof ROLE)[keyof typeof ROLE];

/** Managers of the clue flows: see every clue of their campuses, distribute, correct (with administrators). */
export const MANAGER_ROLES: readonly RoleCode[] = [ROLE.director, ROLE.centreLeader, ROLE.supervisor];
/** Approvers of clue transfers, abandons and invalid clues (with administrators). */
export const APPROVER_ROLES: readonly RoleCode[] = [ROLE.director, ROLE.centreLeader];
/** Front-line clue staff a manager may hand clues to: consultants and the managers above them. */
export const CLUE_STAFF_ROLES: readonly RoleCode[] = [
  ROLE.consultant,
  ROLE.supervisor,
  ROLE.centreLeader,
  ROLE.director,
];

/** Role codes that see the task centre badge (spec §6). */
export const TASK_BADGE_ROLES: readonly RoleCode[] = [
  ROLE.director,
  ROLE.centreLeader,
  ROLE.supervisor,
  ROLE.consultant,
  ROLE.growth,
  ROLE.esales,
];
/** Badge count from which the badge changes style. */
export const TASK_BADGE_HIGH = 1000;

function roleCodes(user: WithRoles | null | undefined): number[] {
  return (user?.roles ?? [])
    .map((r) => Number(typeof r === 'object' ? r.code : r))
    .filter((n) => !Number.isNaN(n));
}

/** Whether the user holds at least one of the codes (compared as numbers). Example: `hasAnyRole({ roles: [{ code: '5' }] }, [5, 15])` → true. */
export function hasAnyRole(user: WithRoles | null | undefined, codes: readonly (number | string)[]): boolean {
  const wanted = new Set(codes.map(Number));
  return roleCodes(user).some((c) => wanted.has(c));
}

/** Whether the user holds none of the codes. Example: `hasNoRole({ roles: [1] }, [5])` → true. */
export function hasNoRole(user: WithRoles | null | undefined, codes: readonly (number | string)[]): boolean {
  return !hasAnyRole(user, codes);
}

/** Whether the user sees the task centre badge (roles 76, 72, 58, 34, 15, 5). Example: `showsTaskBadge({ roles: [72] })` → true. */
export function showsTaskBadge(user: WithRoles | null | undefined): boolean {
  return hasAnyRole(user, TASK_BADGE_ROLES);
}

/** Whether a badge count takes the 'high' style (1000 and above). Example: `isTaskBadgeHigh(1000)` → true. */
export function isTaskBadgeHigh(count: number): boolean {
  return count >= TASK_BADGE_HIGH;
}

/** Raised when a permission check is configured without role codes. */
export class PermissionConfigError extends Error {
  /** The message in both languages. */
  readonly messages: Label = {
    'zh-CN': '需要配置正确的权限，如 v-permission="[23,21]"',
    en: 'a correct permission configuration is required, such as v-permission="[23,21]"',
  };
  constructor() {
    super('需要配置正确的权限，如 v-permission="[23,21]"');
    this.name = 'PermissionConfigError';
  }
}

/** Throws PermissionConfigError unless `codes` is a non-empty list. Example: `assertRoleList([23, 21])` passes; `assertRoleList([])` throws. */
export function assertRoleList(codes: unknown): asserts codes is readonly (number | string)[] {
  if (!Array.isArray(codes) || codes.length === 0) throw new PermissionConfigError();
}

/** A selector option. `all` marks the 'All' option that is not a real choice. */
export interface Option<V = number | string> {
  readonly value: V;
  readonly label: string;
  readonly all?: boolean;
}

/** The two centres that may head the city list. */
export const CITY_CENTRES: readonly { readonly value: number; readonly label: Label }[] = [
  { value: -1, label: { 'zh-CN': '品牌流量中心', en: 'Brand traffic centre' } },
  { value: -2, label: { 'zh-CN': '运营管理中心', en: 'Operations management centre' } },
];

/**
 * City options (value = code, label = name), headed by the brand traffic centre (−1) and the
 * operations management centre (−2) unless `withCentres: false`.
 * Example: `cityOptions([{ code: '0101', name: '北京' }])` → `[{ value: -1, … }, { value: -2, … }, { value: '0101', label: '北京' }]`.
 */
export function cityOptions(
  cities: readonly { readonly code: number | string; readonly name: string }[],
  { withCentres = true, locale = 'zh-CN' }: { readonly withCentres?: boolean; readonly locale?: Locale } = {},
): Option[] {
  const list: Option[] = cities.map((c) => ({ value: c.code, label: c.name }));
  return withCentres
    ? [...CITY_CENTRES.map((c) => ({ value: c.value, label: c.label[locale] })), ...list]
    : list;
}

/**
 * Region or campus options from the user's own list: type 1 adds 'All' (code 0) first, type 2 does not.
 * Example: `scopeOptions([{ code: 'A', name: '华东' }], 1, 'en')` → `[{ value: 0, label: 'All', all: true }, { value: 'A', label: '华东' }]`.
 */
export function scopeOptions(
  items: readonly { readonly code: number | string; readonly name: string }[] | null | undefined,
  type: 1 | 2,
  locale: Locale = 'zh-CN',
): Option[] {
  const list: Option[] = (items ?? []).map((i) => ({ value: i.code, label: i.name }));
  if (type !== 1) return list;
  return [{ value: REGION_ALL_CODE, label: locale === 'en' ? 'All' : '全部', all: true }, ...list];
}

/**
 * The value to preselect: the only real option's value; when a choice is required (a list that reads
 * one campus at a time) and there are several, the first, so the screen opens with rows instead of
 * asking; else undefined. Example: `preselect([{ value: 'A', label: 'a' }])` → 'A'.
 */
export function preselect<V>(options: readonly Option<V>[], required = false): V | undefined {
  const real = options.filter((o) => !o.all);
  return real.length === 1 || (required && real.length > 0) ? real[0]?.value : undefined;
}
