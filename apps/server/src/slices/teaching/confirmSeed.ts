// The demo teacher's month awaiting confirmation (deterministic): two new SH01 students (case files
// opened by the consultant) buy hours of the first course the demo account's teacher E0005 may teach, and
// on the days of the current month before the seed's today take one-to-one lessons with E0005 in the
// morning, booked by the scheduler and signed on the day (one absence), none confirmed, so the
// teacher's /education/classConfirm opens on lessons to confirm and file. The tests and journeys that
// file E0005's month use students and a month of their own; these rows never fall on the seed's
// today unless the month has no earlier day (the 1st), when they are booked for today and left unsigned.
import { and, asc, eq } from 'drizzle-orm';
import { contract } from '@bo/api-sdk';
import { ROLE, shanghaiDate } from '@bo/domain';
import { seedDeps, type SeedContext } from '../../seed/context.js';
import { bookAndSign, buyAndPay, demoActors, withPrivileges } from '../../seed/demoSteps.js';
import { courseAuthorities, courseAuthorityRanks, courses } from '../../db/schema.js';
import { insertStudent } from '../students/index.js';
import { PLANNER_PRIVILEGES, SIGN_OPERATORS } from './common.js';

const CAMPUS = 'SH01';
/** The demo teacher account's employee. */
export const DEMO_TEACHER = 'E0005';
const DAY = 86_400_000;
/** Each pupil's morning hour with the teacher. */
const SLOTS = [
  ['09:00', '10:00'],
  ['10:00', '11:00'],
] as const;
/** How many of the month's days before today carry lessons (the most recent ones). */
const DAYS = 4;
/** The new pupils: [name, parent, relation]. */
const PUPILS = [
  ['宋雨桐', '宋娜', '母亲'],
  ['韩子墨', '韩磊', '父亲'],
] as const;
const IP = '127.0.0.1';

/** The first course the demo teacher may teach that is sold by the hour, or null. */
async function teacherCourse(db: SeedContext['db']) {
  const [c] = await db
    .select({ code: courses.code })
    .from(courses)
    .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.courseRankCode, courses.rankCode))
    .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
    .where(
      and(
        eq(courseAuthorities.employeeCode, DEMO_TEACHER),
        eq(courseAuthorities.validStatus, 1),
        eq(courses.validStatus, 1),
        eq(courses.purchaseUnit, 1),
      ),
    )
    .orderBy(asc(courses.code))
    .limit(1);
  return c?.code ?? null;
}

export async function seedTeacherMonthDemo({ db, now, wiring }: SeedContext) {
  const actors = await demoActors(db, {
    sales: [ROLE.consultant],
    finance: [ROLE.finance],
    scheduler: [ROLE.academic],
  });
  if (!actors) return;
  const { sales, finance } = actors;
  const scheduler = withPrivileges(actors.scheduler, [...PLANNER_PRIVILEGES, ...SIGN_OPERATORS]);
  const course = await teacherCourse(db);
  if (!course) return;
  const today = shanghaiDate(now);
  const month = today.slice(0, 7);
  // The most recent days of this month before today; on the 1st, today itself.
  const earlier = Array.from({ length: 10 }, (_, i) => shanghaiDate(new Date(now.getTime() - (i + 1) * DAY)))
    .filter((d) => d.startsWith(month))
    .slice(0, DAYS)
    .reverse();
  const days = earlier.length ? earlier : [today];
  // Two new families of SH01, their case files opened by the consultant the week before.
  const opened = new Date(
    Math.min(now.getTime(), new Date(`${days[0] ?? today}T00:00:00Z`).getTime() - 7 * DAY),
  );
  const pupils: Array<{ id: number }> = [];
  for (const [i, [name, parentName, relation]] of PUPILS.entries())
    pupils.push(
      await insertStudent(
        seedDeps(wiring, db, opened),
        sales,
        contract.students.insertStudent.body.parse({
          name,
          gender: (i % 2) + 1,
          parentName,
          relation,
          phone: `1365210000${i + 1}`,
          schoolItemCode: CAMPUS,
          diagnosis: i ? '语言发育迟缓' : '构音障碍',
          remark: '老学员家长推荐',
        }),
        IP,
      ),
    );
  // Bought on the morning of the first lesson day (08:00 Beijing), paid and approved by finance, and
  // the month's lessons booked right after: the purchase is of this month, whose payroll is open.
  const bought = new Date(Math.min(now.getTime(), new Date(`${days[0] ?? today}T00:00:00Z`).getTime()));
  const bookedAt = new Date(Math.min(now.getTime(), bought.getTime() + 30 * 60_000));
  for (const [i, p] of pupils.entries())
    await buyAndPay(
      { db, ...wiring, now: () => bought },
      sales,
      finance,
      {
        schoolItemCode: CAMPUS,
        studentId: p.id,
        items: [{ courseCode: course, quantity: 20, giftQuantity: 0 }],
        manualDiscount: '0',
        remark: '',
      },
      { method: i % 2 ? 2 : 1, paidAt: bought },
    );
  for (const [i, p] of pupils.entries()) {
    const [startTime, endTime] = SLOTS[i] ?? SLOTS[0];
    for (const [k, day] of days.entries()) {
      // Signed in the evening of the lesson's day (Beijing); the second pupil missed one lesson; a
      // lesson of today is left unsigned.
      const absent = i === 1 && k === 0;
      await bookAndSign(
        { db, ...wiring, now: () => bookedAt },
        scheduler,
        {
          schoolItemCode: CAMPUS,
          courseCode: course,
          teacherCode: DEMO_TEACHER,
          studentId: p.id,
          lessonDate: day,
          startTime,
          endTime,
        },
        day === today
          ? undefined
          : {
              deps: { db, ...wiring, now: () => new Date(`${day}T12:00:00Z`) },
              status: absent ? 'absent' : 'present',
              remark: absent ? '孩子发烧，未到课' : '',
            },
      );
    }
  }
}
