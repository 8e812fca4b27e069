// Status and code tables of spec §4 and §9, each with zh-CN/en labels (and a colour where the spec gives one).
import { type Label, type Locale } from './labels.js';
import { WEEKDAYS } from './dates.js';

/** A coded entry of a table. */
export interface CodeEntry<C extends number | string = number> {
  readonly code: C;
  readonly label: Label;
}

function byCode<E extends CodeEntry<number>>(table: Record<string, E>, code: unknown): E | null {
  if (code === null || code === undefined || code === '') return null;
  const n = Number(code);
  return Object.values(table).find((e) => e.code === n) ?? null;
}

// ---------------------------------------------------------------- activity status

/** Activity statuses: 5 not started (orange), 10 in progress (blue), 20 ended (green), 30 cancelled (grey). */
export const ACTIVITY_STATUS = {
  NOT_STARTED: { code: 5, label: { 'zh-CN': '未开始', en: 'Not started' }, color: 'orange' },
  IN_PROGRESS: { code: 10, label: { 'zh-CN': '进行中', en: 'In progress' }, color: 'blue' },
  ENDED: { code: 20, label: { 'zh-CN': '已结束', en: 'Ended' }, color: 'green' },
  CANCELLED: { code: 30, label: { 'zh-CN': '已取消', en: 'Cancelled' }, color: 'grey' },
} as const;

/** One activity status entry. */
export type ActivityStatus = (typeof ACTIVITY_STATUS)[keyof typeof ACTIVITY_STATUS];

/** The activity status of a code (number or numeric string); null when unknown. Example: `activityStatus(10)?.color` → 'blue'. */
export function activityStatus(code: unknown): ActivityStatus | null {
  return byCode(ACTIVITY_STATUS, code);
}

// ---------------------------------------------------------------- approval status

/** Approval status names. REVOKE and CANCEL are ours (the spec names only the first four; docs/approvals.md). */
export type ApprovalStatusName = 'WAIT' | 'DEFAULT' | 'PASS' | 'REJECT' | 'REVOKE' | 'CANCEL';

/**
 * Approval statuses with the numeric codes that mean them: 5 WAIT, 10 DEFAULT, 15/20 PASS, 30 REJECT
 * (spec §4); 40 REVOKE (an approved request undone) and 50 CANCEL (withdrawn by its requester) are ours.
 */
export const APPROVAL_STATUS = {
  WAIT: { name: 'WAIT', codes: [5], label: { 'zh-CN': '待审批', en: 'Pending approval' } },
  DEFAULT: { name: 'DEFAULT', codes: [10], label: { 'zh-CN': '审批中', en: 'In approval' } },
  PASS: { name: 'PASS', codes: [15, 20], label: { 'zh-CN': '已通过', en: 'Approved' } },
  REJECT: { name: 'REJECT', codes: [30], label: { 'zh-CN': '已驳回', en: 'Rejected' } },
  REVOKE: { name: 'REVOKE', codes: [40], label: { 'zh-CN': '已撤销', en: 'Revoked' } },
  CANCEL: { name: 'CANCEL', codes: [50], label: { 'zh-CN': '已取消', en: 'Cancelled' } },
} as const satisfies Record<
  ApprovalStatusName,
  { name: ApprovalStatusName; codes: readonly number[]; label: Label }
>;

/**
 * Normalises a numeric code or a name (case-insensitive) to the status name; null when unknown.
 * Example: `approvalStatus(20)` → 'PASS'; `approvalStatus('reject')` → 'REJECT'.
 */
export function approvalStatus(valueOrName: unknown): ApprovalStatusName | null {
  if (typeof valueOrName === 'string') {
    const upper = valueOrName.trim().toUpperCase();
    if (upper in APPROVAL_STATUS) return upper as ApprovalStatusName;
  }
  if (
    valueOrName === null ||
    valueOrName === undefined ||
    valueOrName === '' ||
    typeof valueOrName === 'boolean'
  )
    return null;
  const n = Number(valueOrName);
  const hit = Object.values(APPROVAL_STATUS).find((s) => (s.codes as readonly number[]).includes(n));
  return hit ? hit.name : null;
}

/** The code the server stores for each status (PASS: 20; 15 is read as PASS too). */
export const APPROVAL_CODE = {
  WAIT: 5,
  DEFAULT: 10,
  PASS: 20,
  REJECT: 30,
  REVOKE: 40,
  CANCEL: 50,
} as const satisfies Record<ApprovalStatusName, number>;

/** Statuses that still wait for a decision. */
export const APPROVAL_OPEN: readonly number[] = [APPROVAL_CODE.WAIT, APPROVAL_CODE.DEFAULT];

/** The stored code of a status given as code or name; null when unknown. Example: `approvalCode('pass')` → 20. */
export function approvalCode(valueOrName: unknown): number | null {
  const name = approvalStatus(valueOrName);
  return name ? APPROVAL_CODE[name] : null;
}

/** Display label of an approval status (code or name); '-' when unknown. Example: `approvalStatusLabel(5, 'en')` → 'Pending approval'. */
export function approvalStatusLabel(valueOrName: unknown, locale: Locale = 'zh-CN'): string {
  const name = approvalStatus(valueOrName);
  return name ? APPROVAL_STATUS[name].label[locale] : '-';
}

// ---------------------------------------------------------------- students and employees

/** Student status codes (a student record's `status`): 10 reading 在读, 20 suspended 休学, 30 finished 结课, 90 deleted (soft). */
export const STUDENT_STATUS = { reading: 10, suspended: 20, finished: 30, deleted: 90 } as const;

/** Employee status codes (an employee record's `status`): 1 employed 在职, 0 left 离职. */
export const EMPLOYEE_STATUS = { employed: 1, left: 0 } as const;

// ---------------------------------------------------------------- degree (seat) types and frequency

/** Degree types; each loads a different student list. */
export const DEGREE_TYPES = {
  FORMAL_STUDENT: { code: 'FORMAL_STUDENT', label: { 'zh-CN': '正式学员', en: 'Formal student' } },
  TEMP_STUDENT: { code: 'TEMP_STUDENT', label: { 'zh-CN': '临时学员', en: 'Temporary student' } },
  GROUP_COURSE: { code: 'GROUP_COURSE', label: { 'zh-CN': '团体课', en: 'Group course' } },
  ASSIST_TASK: { code: 'ASSIST_TASK', label: { 'zh-CN': '辅助任务', en: 'Assist task' } },
  BOOK_STUDENT: { code: 'BOOK_STUDENT', label: { 'zh-CN': '预约学员', en: 'Booked student' } },
} as const;

/** A degree type name. */
export type DegreeType = keyof typeof DEGREE_TYPES;

/** Whether a degree type has a schedule-order list (formal and temp students only). Example: `hasScheduleOrders('TEMP_STUDENT')` → true. */
export function hasScheduleOrders(type: unknown): boolean {
  return type === 'FORMAL_STUDENT' || type === 'TEMP_STUDENT';
}

/** Named frequency types; any other degree item carries a weekly list of weekday codes in `frequencyConfig`. */
export const FREQUENCY_TYPES = {
  NON_FIXED: { code: 'NON_FIXED', label: { 'zh-CN': '临时', en: 'Temporary' } },
  CONTINUOUS: { code: 'CONTINUOUS', label: { 'zh-CN': '连续', en: 'Continuous' } },
  DISCONTINUITY: { code: 'DISCONTINUITY', label: { 'zh-CN': '间断', en: 'Discontinuous' } },
} as const;

/** A named frequency type. */
export type FrequencyType = keyof typeof FREQUENCY_TYPES;

/** The frequency fields of a degree item. */
export interface FrequencyItem {
  readonly frequencyType?: string | null;
  readonly frequencyConfig?: string | readonly (number | string)[] | null;
}

/**
 * Frequency for display: the named type's label, otherwise the weekly days Monday first; '-' when none.
 * Example: `describeFrequency({ frequencyType: 'WEEKLY', frequencyConfig: '2,4,6' }, 'en')` → 'Weekly: Mon, Wed, Fri'.
 */
export function describeFrequency(item: FrequencyItem | null | undefined, locale: Locale = 'zh-CN'): string {
  if (!item) return '-';
  const type = item.frequencyType ?? '';
  if (type in FREQUENCY_TYPES) return FREQUENCY_TYPES[type as FrequencyType].label[locale];
  const raw = item.frequencyConfig ?? '';
  const codes = new Set((typeof raw === 'string' ? raw.split(/[,，\s]+/) : raw).map((c) => Number(c)));
  const days = WEEKDAYS.filter((w) => codes.has(w.code));
  if (days.length === 0) return '-';
  return locale === 'en'
    ? `Weekly: ${days.map((d) => d.short.en).join(', ')}`
    : `每周${days.map((d) => d.short['zh-CN']).join('、')}`;
}

// ---------------------------------------------------------------- orders, units, time bands

/** Order type codes. */
export const ORDER_TYPES = {
  RENEWAL: { code: 0, label: { 'zh-CN': '续费', en: 'Renewal' } },
  NEW_ENROLMENT: { code: 1, label: { 'zh-CN': '新报', en: 'New enrolment' } },
  PLACEMENT: { code: 3, label: { 'zh-CN': '插班', en: 'Placement' } },
  CLUE_PAYMENT: { code: 4, label: { 'zh-CN': '线索缴费', en: 'Clue payment' } },
  COLLECT_AND_PAY: { code: 5, label: { 'zh-CN': '代收代付', en: 'Collect and pay on behalf' } },
} as const;

/** Order type entry of a code; null when unknown. Example: `orderType(5)?.label.en` → 'Collect and pay on behalf'. */
export function orderType(code: unknown): (typeof ORDER_TYPES)[keyof typeof ORDER_TYPES] | null {
  return byCode(ORDER_TYPES, code);
}

/** Payment methods of a pay record. */
export const PAY_METHODS = {
  CASH: { code: 1, label: { 'zh-CN': '现金', en: 'Cash' } },
  BANK_TRANSFER: { code: 2, label: { 'zh-CN': '银行转账', en: 'Bank transfer' } },
  POS: { code: 3, label: { 'zh-CN': 'POS', en: 'POS' } },
  ONLINE: { code: 4, label: { 'zh-CN': '线上支付', en: 'Online payment' } },
} as const;

/** Payment method entry of a code; null when unknown. Example: `payMethod(2)?.label['zh-CN']` → '银行转账'. */
export function payMethod(code: unknown): (typeof PAY_METHODS)[keyof typeof PAY_METHODS] | null {
  return byCode(PAY_METHODS, code);
}

/** Purchase unit codes. */
export const UNITS = {
  LESSON_HOUR: { code: 1, label: { 'zh-CN': '课时', en: 'Lesson hour' } },
  DAY: { code: 2, label: { 'zh-CN': '天', en: 'Day' } },
} as const;

/** Unit entry of a code; null when unknown. Example: `unit(2)?.label['zh-CN']` → '天'. */
export function unit(code: unknown): (typeof UNITS)[keyof typeof UNITS] | null {
  return byCode(UNITS, code);
}

/** The rest constant of spec §9. */
export const REST_CONSTANT = 6;

/** Time-band types. */
export const TIME_BANDS = {
  A_WEEKDAY: { code: 1, label: { 'zh-CN': 'A段（平日班）', en: 'Section A (weekday class)' } },
  B_EVENING: { code: 2, label: { 'zh-CN': 'B段（晚班）', en: 'Section B (evening class)' } },
  B_WEEKEND: { code: 3, label: { 'zh-CN': 'B段（周末班）', en: 'Section B (weekend class)' } },
  C_HOLIDAY: { code: 4, label: { 'zh-CN': 'C段（假期班）', en: 'Section C (holiday class)' } },
} as const;

/** Time-band entry of a code; null when unknown. Example: `timeBand(4)?.label.en` → 'Section C (holiday class)'. */
export function timeBand(code: unknown): (typeof TIME_BANDS)[keyof typeof TIME_BANDS] | null {
  return byCode(TIME_BANDS, code);
}

/** Label of a coded entry, '-' when unknown. Example: `codeLabel(orderType(0), 'en')` → 'Renewal'. */
export function codeLabel(
  entry: { readonly label: Label } | null | undefined,
  locale: Locale = 'zh-CN',
): string {
  return entry ? entry.label[locale] : '-';
}
