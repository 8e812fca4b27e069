// Shared pieces of the teaching slice: the clock of a lesson (a campus day plus minutes), names of
// the master data a lesson points at, and who may act on a teacher's lessons.
import { inArray } from 'drizzle-orm';
import { isDateLocked, shanghaiDate } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { hasPrivilege, type AuthUser } from '../../http/auth.js';
import { noPermission, ruleViolation } from '../../http/errors.js';
import { codeNames, idNames } from '../../shared/masterdata/index.js';
import { courses } from '../../db/schema.js';
import { employees } from '../../db/schema.js';
import { students } from '../students/index.js';
import { classrooms } from './tables.js';
import type { Ports } from '../../deps.js';

export interface Deps {
  db: DbOrTx;
  now: () => Date;
  /** Scheduling asks who is on approved leave (the composition root wires the absences slice). */
  ports: Pick<Ports, 'leaves'>;
}

/** Planners place and move lessons; others (teachers) act only on the lessons they teach. */
export const PLANNER_PRIVILEGES = ['/education/courseAdjustment', '/education/teamCourse'];

export const toMinute = (hhmm: string): number => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};
export const fromMinute = (n: number): string =>
  `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;

/** Adds whole days to a 'YYYY-MM-DD'. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const today = (deps: Deps) => shanghaiDate(deps.now());

export function assertSpan(startTime: string, endTime: string) {
  if (toMinute(endTime) <= toMinute(startTime))
    throw ruleViolation('结束时间须晚于开始时间 / the end time must be after the start time', 'endTime');
}

/** A lesson may not be placed on (or moved from) a day the §5 date lock has closed in the past. */
export function assertNotLockedPast(deps: Deps, day: string, field: string) {
  const t = today(deps);
  if (day < t && isDateLocked(day, t))
    throw ruleViolation(
      `${day} 已过锁定期，不能再排课或调课 / ${day} is past the date lock: lessons there can no longer change`,
      field,
    );
}

/** Attendance operations (/financial/studentClassOperate) sign and cancel signs on any lesson of their campuses. */
export const SIGN_OPERATORS = ['/financial/studentClassOperate'];

/** A teacher may sign and confirm only their own lessons; planners (and `also`) any of their campuses. */
export function assertOwnLesson(u: AuthUser, teacherCode: string, also: readonly string[] = []) {
  if (hasPrivilege(u, [...PLANNER_PRIVILEGES, ...also])) return;
  if (u.employeeCode !== teacherCode)
    throw noPermission('只能操作本人的课程 / you may only act on the lessons you teach');
}

export const q100 = (v: string | number) => Math.round(Number(v) * 100);
export const hoursOf = (n100: number) => n100 / 100;

export async function namesOf(
  tx: DbOrTx,
  o: { courseCodes?: string[]; teacherCodes?: string[]; roomIds?: number[]; studentIds?: number[] },
) {
  const cs = o.courseCodes?.length
    ? await tx
        .select({ code: courses.code, name: courses.name, rankCode: courses.rankCode })
        .from(courses)
        .where(inArray(courses.code, o.courseCodes))
    : [];
  const ss = o.studentIds?.length
    ? await tx
        .select({ id: students.id, code: students.code, name: students.name })
        .from(students)
        .where(inArray(students.id, o.studentIds))
    : [];
  return {
    course: new Map(cs.map((c) => [c.code, c])),
    teacher: await codeNames(tx, employees, o.teacherCodes ?? []),
    room: await idNames(tx, classrooms, o.roomIds ?? []),
    student: new Map(ss.map((s) => [s.id, s])),
  };
}
