// Business constants and limits of spec §9 (and the defaults of §2 screens).
import { type Label } from './labels.js';

/** Request version marker sent with calls. */
export const VERSION_MARKER = '1.1';
/** How often the page polls for a new deployed version (ms). */
export const UPDATE_POLL_MS = 300_000;
/** Default polling interval of class screens (ms). */
export const CLASS_POLL_MS = 30_000;
/** How long a lazily loaded chunk may take before it counts as failed (ms). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Default click-throttle window (ms). */
export const CLICK_THROTTLE_MS = 2_000;

/** Degree (seat) screen defaults. */
export const DEGREE_DEFAULT_PAGE = 1;
export const DEGREE_DEFAULT_PAGE_SIZE = 10;
export const DEGREE_DEFAULT_CHECKLIST: readonly number[] = [0, 1, 2, 5];
export const DEGREE_DEFAULT_CLASS_MODE = '1v1Student';

/** Feedback form limits and its fixed source code. */
export const FEEDBACK_MAX_CHARS = 3000;
export const FEEDBACK_MAX_FILES = 9;
export const FEEDBACK_ACCEPT: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'mp4'];
export const FEEDBACK_SOURCE_CODE = 3;

/** Upload size cap: 20 MiB. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Sidebar widths in px. */
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 64;

/** Query defaults of selectors and searches. */
export const MIN_TEACHER_RANK = 2;
export const DEFAULT_TEACHING_MODE = 2;
export const ATTENDING_STUDENT_TYPES: readonly number[] = [2, 3];
export const DICT_CALENDAR_TYPE = 1;
export const IS_CURRENT = 1;
export const IS_MYSELF = 1;
/** Code of the 'All' option of a type-1 region/campus selector. */
export const REGION_ALL_CODE = 0;

/** Amount precision and the amount input's integer digits. */
export const AMOUNT_DECIMALS = 2;
export const AMOUNT_MAX_INT_DIGITS = 7;

/** Date-lock window: days before and after today that stay open. */
export const DATE_LOCK_BEFORE_DAYS = 3;
export const DATE_LOCK_AFTER_DAYS = 2;

/** Browser storage keys (values equal their names). */
export const STORAGE_KEYS = {
  token: 'token',
  studentCode: 'studentCode',
  payCode: 'payCode',
  studentDetailCode: 'studentDetailCode',
  tabsList: 'tabsList',
  loadTop: 'loadTop',
  loadLeft: 'loadLeft',
} as const;

/** Names of exported workbooks. */
export const EXPORT_NAMES = {
  importResult: { 'zh-CN': '导入结果', en: 'Import result' },
  classHourDetail: { 'zh-CN': '课时明细', en: 'Class-hour detail' },
  supervisorCaseDetail: { 'zh-CN': '督导个案明细', en: 'Supervisor case detail' },
  assessmentDetail: { 'zh-CN': '测评明细', en: 'Assessment detail' },
} as const satisfies Record<string, Label>;

/**
 * Workbook file name with the date as YYYYMMDD (a Date gives its local date, a string its first
 * 'YYYY-MM-DD'). Example: `exportFileName('课时明细', '2026-03-05')` → '课时明细_20260305.xlsx'.
 */
export function exportFileName(base: string, date: Date | string): string {
  let stamp: string;
  if (date instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    stamp = `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}`;
  } else {
    stamp = date.trim().slice(0, 10).replace(/\D/g, '');
  }
  return `${base}_${stamp}.xlsx`;
}
