// Demo class-hour confirmations (deterministic), so /financial/classConfirm opens on every state: the
// SH01 teachers give two assessment lessons a month (assessments need no purchased hours), sign and
// confirm them, and submit the month; the campus head and finance then decide. Every step goes through
// the teaching and class-hour commands on a clock set to when it would have happened, so the date lock
// and the sealing checks hold as they do for people. E0005's month before last passes (payroll pays
// those hours when the salary-application seed computes that month); last month's wait for the campus
// head, wait for finance, or were rejected.
import { and, asc, eq, ne } from 'drizzle-orm';
import { ROLE, STUDENT_STATUS } from '@bo/domain';
import type { SeedContext } from '../../seed/context.js';
import { bookAndSign, demoActors } from '../../seed/demoSteps.js';
import { courseAuthorities, courseAuthorityRanks, courses, employees, students } from '../../db/schema.js';
import { decide } from '../approvals/index.js';
import { confirmLessons } from '../teaching/index.js';
import { submit } from './service.js';

const CAMPUS = 'SH01';
/** The campuses with a year of class-hour history (the demo campus head's, besides SH01). */
export const HISTORY_CAMPUSES = ['SH02', 'HZ01', 'NJ01'];
/** How many months back the class-hour history starts (half a year: the seed's time, docs/demo.md). */
export const HISTORY_MONTHS = 7;
const IP = '127.0.0.1';

type Outcome = 'waitingHead' | 'waitingFinance' | 'passed' | 'rejected';

/** Noon in Shanghai of a day of the month `back` months before `now`'s. */
const noonOf = (now: Date, back: number, day: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day, 4));
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A campus's teachers and a filer of one teacher's month there: two assessment lessons given, signed
 * and confirmed, the month submitted on the first of the next and decided to `outcome`.
 */
async function campusMonths({ db, now, wiring }: SeedContext, campus: string) {
  // The demo accounts that file and decide class hours.
  const people = await demoActors(db, {
    teacher: [ROLE.teacher],
    director: [ROLE.director],
    finance: [ROLE.finance],
  });
  if (!people) return null;
  const { director, finance } = people;

  const teachers = await db
    .select({ code: employees.code })
    .from(employees)
    .where(and(eq(employees.schoolItemCode, campus), eq(employees.postCode, 'TEACHER')))
    .orderBy(asc(employees.code));
  const pupils = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolItemCode, campus), ne(students.status, STUDENT_STATUS.deleted)))
    .orderBy(asc(students.id))
    .limit(2);
  if (!pupils.length) return null;
  /** A course the teacher may teach (their authority's ranks). */
  const courseOf = async (teacherCode: string) => {
    const [c] = await db
      .select({ code: courses.code })
      .from(courses)
      .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.courseRankCode, courses.rankCode))
      .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
      .where(
        and(
          eq(courseAuthorities.employeeCode, teacherCode),
          eq(courseAuthorities.validStatus, 1),
          eq(courses.validStatus, 1),
        ),
      )
      .orderBy(asc(courses.code))
      .limit(1);
    return c?.code ?? null;
  };

  const month = async (teacherCode: string, back: number, outcome: Outcome, hour: number) => {
    const courseCode = await courseOf(teacherCode);
    if (!courseCode) return;
    // The teacher acts for themself (the demo account "teacher" is E0005; the others sign their own).
    const teacher = { ...people.teacher, employeeCode: teacherCode };
    for (const [i, day] of [10, 17].entries()) {
      const at = noonOf(now, back, day);
      const deps = { db, ...wiring, now: () => at };
      const pupil = pupils[i % pupils.length] ?? pupils[0];
      if (!pupil) return;
      const lessonIds = await bookAndSign(
        deps,
        teacher,
        {
          schoolItemCode: campus,
          courseCode,
          teacherCode,
          kind: 'assessment',
          studentId: pupil.id,
          lessonDate: dayOf(at),
          // Each teacher their own hour: the pupils are shared.
          startTime: `${String(hour).padStart(2, '0')}:00`,
          endTime: `${String(hour + 1).padStart(2, '0')}:00`,
        },
        { deps, status: 'present', remark: '' },
      );
      await confirmLessons(deps, teacher, lessonIds);
    }
    // Submitted and decided on the first of the next month.
    const submittedAt = noonOf(now, back - 1, 1);
    const deps = { db, ...wiring, now: () => submittedAt };
    const first = noonOf(now, back, 1);
    const { approvalId } = await submit(deps, teacher, {
      schoolItemCode: campus,
      teacherCode,
      year: first.getUTCFullYear(),
      month: first.getUTCMonth() + 1,
      remark: '本月课时已核对',
    });
    if (outcome === 'waitingHead') return;
    if (outcome === 'rejected') {
      await decide(
        deps,
        director,
        { id: approvalId, pass: false, comment: '17日课时与签到表不符，请核对后重新提交' },
        IP,
      );
      return;
    }
    await decide(deps, director, { id: approvalId, pass: true, comment: '同意' }, IP);
    if (outcome === 'passed')
      await decide(deps, finance, { id: approvalId, pass: true, comment: '核对无误' }, IP);
  };

  return { teachers, month };
}

export async function seedClassHoursDemo(ctx: SeedContext) {
  const sh01 = await campusMonths(ctx, CAMPUS);
  if (!sh01) return;
  const { teachers, month } = sh01;
  const [first, second, third] = teachers;
  if (first) {
    await month(first.code, 2, 'passed', 9);
    await month(first.code, 1, 'waitingHead', 9);
  }
  if (second) await month(second.code, 1, 'waitingFinance', 10);
  if (third) await month(third.code, 1, 'rejected', 11);
}

/**
 * Half a year of class hours at the campus head's other campuses (SH02, HZ01, NJ01): the closed
 * salary months from seven months back to the month before last, a teacher's month filed and passed, so the payroll history
 * pays lessons as well as base pay (docs/demo.md). SH01's months are the seed above's.
 */
export async function seedClassHoursHistoryDemo(ctx: SeedContext) {
  for (const campus of HISTORY_CAMPUSES) {
    const filer = await campusMonths(ctx, campus);
    if (!filer) continue;
    // The campus's first teacher (the seed's time: docs/demo.md); the others are paid base pay.
    const [t] = filer.teachers;
    if (t) for (let back = HISTORY_MONTHS; back >= 2; back--) await filer.month(t.code, back, 'passed', 9);
  }
}
