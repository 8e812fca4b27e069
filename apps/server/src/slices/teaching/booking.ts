// What the one scheduling form offers (docs/teaching.md "The scheduling form"): a student's courses
// (hours left on effective orders, or a study authorisation to be booked before paying), the
// teachers authorised for a course at a campus, and what the caller may book. The placement itself
// still checks everything (conflicts.ts); these lists only keep the form from offering a refusal.
import { and, asc, eq, exists, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TPlanMine, TPlanOrderRow } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, hasPrivilege, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { students } from '../students/index.js';
import {
  courseAuthorities,
  courseAuthorityRanks,
  courses,
  employeeCampuses,
  employees,
} from '../../db/schema.js';
import { PLANNER_PRIVILEGES, namesOf, type Deps } from './common.js';
import { remainRows } from './reports.js';
import { studyAuthorisations } from './tables.js';
import { STUDENT_STATUS, EMPLOYEE_STATUS } from '@bo/domain';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The courses a campus's students (or one student) can be booked in: every course with hours left,
 * with what is still bookable, and every course a live study authorisation names (booked beyond the
 * paid hours; `authorised`).
 */
export async function planOrders(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode: string; name?: string | undefined; studentId?: number | undefined },
): Promise<TPlanOrderRow[]> {
  assertCampus(u, q.schoolItemCode);
  const db = deps.db;
  if (q.studentId !== undefined) {
    const [s] = await db.select().from(students).where(eq(students.id, q.studentId));
    if (!s || s.schoolItemCode !== q.schoolItemCode) throw notFound('学员 / student');
  }
  const ids = q.studentId !== undefined ? [q.studentId] : await campusStudents(db, q.schoolItemCode, q.name);
  if (!ids.length) return [];
  const auths = await db
    .select({ studentId: studyAuthorisations.studentId, courseCode: studyAuthorisations.courseCode })
    .from(studyAuthorisations)
    .where(and(inArray(studyAuthorisations.studentId, ids), isNull(studyAuthorisations.revokedAt)));
  const authorised = new Set(auths.map((a) => `${a.studentId}|${a.courseCode}`));
  const rows: TPlanOrderRow[] = (await remainRows(db, ids))
    .filter((r) => r.remainingHours > 0)
    .map((r) => ({
      ...r,
      remainingValue: '',
      authorised: authorised.has(`${r.studentId}|${r.courseCode}`),
    }));
  const missing = auths.filter(
    (a) => !rows.some((r) => r.studentId === a.studentId && r.courseCode === a.courseCode),
  );
  if (missing.length) {
    const names = await namesOf(db, {
      courseCodes: [...new Set(missing.map((a) => a.courseCode))],
      studentIds: [...new Set(missing.map((a) => a.studentId))],
    });
    for (const a of missing) {
      const s = names.student.get(a.studentId);
      rows.push({
        studentId: a.studentId,
        studentCode: s?.code ?? '',
        studentName: s?.name ?? '',
        schoolItemCode: q.schoolItemCode,
        courseCode: a.courseCode,
        courseName: names.course.get(a.courseCode)?.name ?? a.courseCode,
        boughtHours: 0,
        giftHours: 0,
        consumedHours: 0,
        refundedHours: 0,
        remainingHours: 0,
        scheduledHours: 0,
        schedulableHours: 0,
        remainingValue: '',
        authorised: true,
      });
    }
  }
  return rows.sort(
    (a, b) => a.studentName.localeCompare(b.studentName) || a.courseCode.localeCompare(b.courseCode),
  );
}

/**
 * A campus's students that hold something to book: hours on the ledger or a live study authorisation
 * (at most 500; a name narrows them).
 */
async function campusStudents(db: DbOrTx, campus: string, name: string | undefined) {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.schoolItemCode, campus),
        ne(students.status, STUDENT_STATUS.deleted),
        name ? sql`${students.name} ilike ${like(name)}` : undefined,
      ),
    )
    .orderBy(asc(students.id))
    .limit(500);
  return rows.map((r) => r.id);
}

/** Teachers working at the campus whose enabled authority covers the course's rank, by name. */
export async function planTeachers(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode: string; courseCode: string },
): Promise<{ code: string; name: string }[]> {
  assertCampus(u, q.schoolItemCode);
  const db = deps.db;
  const [course] = await db
    .select({ rankCode: courses.rankCode })
    .from(courses)
    .where(eq(courses.code, q.courseCode));
  if (!course) throw notFound('课程 / course');
  return db
    .select({ code: employees.code, name: employees.name })
    .from(employees)
    .innerJoin(courseAuthorities, eq(courseAuthorities.employeeCode, employees.code))
    .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.authorityId, courseAuthorities.id))
    .where(
      and(
        eq(employees.status, EMPLOYEE_STATUS.employed),
        eq(courseAuthorities.validStatus, 1),
        eq(courseAuthorityRanks.courseRankCode, course.rankCode),
        exists(
          db
            .select({ one: sql`1` })
            .from(employeeCampuses)
            .where(
              and(
                eq(employeeCampuses.employeeCode, employees.code),
                eq(employeeCampuses.schoolItemCode, q.schoolItemCode),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(employees.name), asc(employees.code));
}

/**
 * What the caller may book: a planner every kind, anyone else (a teacher on the appointment screen)
 * trial and assessment lessons; and the caller as a teacher with the enabled courses of their ranks.
 */
export async function planMine(deps: Deps, u: AuthUser): Promise<TPlanMine> {
  const kinds: TPlanMine['kinds'] = hasPrivilege(u, PLANNER_PRIVILEGES)
    ? ['oneToOne', 'group', 'trial', 'assessment']
    : ['trial', 'assessment'];
  if (!u.employeeCode) return { kinds, teacher: null };
  const db = deps.db;
  const [me] = await db
    .select({ code: employees.code, name: employees.name })
    .from(employees)
    .innerJoin(courseAuthorities, eq(courseAuthorities.employeeCode, employees.code))
    .where(and(eq(employees.code, u.employeeCode), eq(courseAuthorities.validStatus, 1)));
  if (!me) return { kinds, teacher: null };
  const mine = await db
    .select({ code: courses.code, name: courses.name })
    .from(courses)
    .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.courseRankCode, courses.rankCode))
    .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
    .where(
      and(
        eq(courseAuthorities.employeeCode, me.code),
        eq(courseAuthorities.validStatus, 1),
        eq(courses.validStatus, 1),
      ),
    )
    .orderBy(asc(courses.code));
  return { kinds, teacher: { ...me, courses: mine } };
}
