// A teacher's recent lessons (deterministic): the scheduler books one-to-one lessons of the pupils'
// course (orders/pupilSeed.ts) with SH01's second teacher (not the demo account's E0005, whose
// timetable the journeys and tests book) on the days before the seed's today, and signs them on the
// day as the campus's attendance operator: most present, some absent (the hours are consumed: the
// missed lessons the make-up demo requests name). Each command runs on a clock set to when it would have
// happened, so the date lock and the sealing checks hold as they do for people. Nothing is
// confirmed: the current month's confirmation is the teacher's to do.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { ROLE, STUDENT_STATUS, EMPLOYEE_STATUS } from '@bo/domain';
import type { SeedContext } from '../../seed/context.js';
import { bookAndSign, demoActors, withPrivileges } from '../../seed/demoSteps.js';
import {
  courseAuthorities,
  courseAuthorityRanks,
  courses,
  employees,
  orderItems,
  orders,
  students,
} from '../../db/schema.js';
import { PLANNER_PRIVILEGES, SIGN_OPERATORS } from './common.js';
import { ORDER_STATUS_CODE } from '../orders/index.js';

const CAMPUS = 'SH01';
/** The demo teacher account's employee, left to the journeys and tests. */
const DEMO_TEACHER = 'E0005';
/** Days before today of each pupil's lessons, and which of them the pupil missed. */
const DAYS_BACK = [20, 17, 14, 12, 10, 7, 5, 3];
const ABSENT_AT = new Set([14, 5]);
/** Each pupil's hour (weekday afternoon opening hours; the class-hour demo's lessons are mornings). */
const SLOTS = [
  ['13:30', '14:30'],
  ['14:30', '15:30'],
  ['15:30', '16:30'],
  ['16:30', '17:30'],
] as const;

const dayOf = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The scheduler (planner and attendance operator), SH01's second teacher and their pupils, or null. */
/** A one-to-one lesson of a pupil with the teacher at SH01. */
const pupilLesson = (
  teacherCode: string,
  p: { id: number; course: string },
  lessonDate: string,
  startTime: string,
  endTime: string,
) => ({
  schoolItemCode: CAMPUS,
  courseCode: p.course,
  teacherCode,
  studentId: p.id,
  lessonDate,
  startTime,
  endTime,
});

async function pupilsOfTeacher(db: SeedContext['db']) {
  const actors = await demoActors(db, { scheduler: [ROLE.academic] });
  if (!actors) return null;
  const scheduler = withPrivileges(actors.scheduler, [...PLANNER_PRIVILEGES, ...SIGN_OPERATORS]);
  // SH01's first teacher after the demo account's, the courses they may teach, and the SH01 pupils
  // with an effective order of one of them.
  const [teacher] = await db
    .select({ code: employees.code })
    .from(employees)
    .where(
      and(
        eq(employees.schoolItemCode, CAMPUS),
        eq(employees.postCode, 'TEACHER'),
        eq(employees.status, EMPLOYEE_STATUS.employed),
        ne(employees.code, DEMO_TEACHER),
      ),
    )
    .orderBy(asc(employees.code))
    .limit(1);
  if (!teacher) return null;
  const teachable = db
    .select({ code: courses.code })
    .from(courses)
    .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.courseRankCode, courses.rankCode))
    .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
    .where(and(eq(courseAuthorities.employeeCode, teacher.code), eq(courseAuthorities.validStatus, 1)));
  const pupils = await db
    .selectDistinct({ id: students.id, course: orderItems.courseCode })
    .from(students)
    .innerJoin(orders, eq(orders.studentId, students.id))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(students.schoolItemCode, CAMPUS),
        eq(orders.status, ORDER_STATUS_CODE.effective),
        eq(students.status, STUDENT_STATUS.reading),
        inArray(orderItems.courseCode, teachable),
      ),
    )
    .orderBy(asc(students.id));
  const seen = new Set<number>();
  const taught = pupils.filter((p) => !seen.has(p.id) && seen.add(p.id)).slice(-SLOTS.length);
  return { scheduler, teacher, taught };
}

export async function seedLessonHistoryDemo({ db, now, wiring }: SeedContext) {
  const found = await pupilsOfTeacher(db);
  if (!found) return;
  const { scheduler, teacher, taught } = found;
  for (const [i, p] of taught.entries()) {
    const [startTime, endTime] = SLOTS[i] ?? SLOTS[0];
    for (const back of DAYS_BACK) {
      const lessonDay = new Date(now.getTime() - back * 86_400_000);
      const day = dayOf(lessonDay);
      const bookedAt = new Date(lessonDay.getTime() - 2 * 86_400_000);
      // Signed in the evening of the lesson's day (Beijing).
      await bookAndSign(
        { db, ...wiring, now: () => bookedAt },
        scheduler,
        pupilLesson(teacher.code, p, day, startTime, endTime),
        {
          deps: { db, ...wiring, now: () => new Date(`${day}T12:00:00Z`) },
          status: ABSENT_AT.has(back) ? 'absent' : 'present',
          remark: ABSENT_AT.has(back) ? '家长未请假，未到课' : '',
        },
      );
    }
  }
}

/** Today's lessons of the pupils (booked yesterday): mornings and an early afternoon. */
const TODAY_SLOTS = [
  ['08:30', '09:30'],
  ['09:30', '10:30'],
  ['10:30', '11:30'],
  ['13:30', '14:30'],
] as const;

/**
 * Today's sign sheet at SH01 (/financial/studentClassOperate opens on today at the user's first
 * campus): the pupils' lessons of today with the same teacher, booked yesterday by the scheduler; the
 * ones begun by the seed's now are signed (present, one late: hours consumed), the others wait to be.
 * The hour reports of this month (/financial/studentCost, teacherClass) then hold today's lessons too,
 * so they are not empty on the first days of a month.
 */
export async function seedTodayLessonsDemo({ db, now, wiring }: SeedContext) {
  const found = await pupilsOfTeacher(db);
  if (!found) return;
  const { scheduler, teacher, taught } = found;
  const day = dayOf(now);
  const bookedAt = new Date(now.getTime() - 86_400_000);
  for (const [i, p] of taught.entries()) {
    const [startTime, endTime] = TODAY_SLOTS[i] ?? TODAY_SLOTS[0];
    // The lessons begun by now are signed.
    const begun = new Date(`${day}T${startTime}:00+08:00`) <= now;
    await bookAndSign(
      { db, ...wiring, now: () => bookedAt },
      scheduler,
      pupilLesson(teacher.code, p, day, startTime, endTime),
      begun
        ? {
            deps: { db, ...wiring, now: () => now },
            status: i === 1 ? 'late' : 'present',
            remark: i === 1 ? '迟到十分钟' : '',
          }
        : undefined,
    );
  }
}
