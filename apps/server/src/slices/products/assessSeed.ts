// Assessments sold and given in the demo (issue 34 §5), so the settlement screens
// /settlement/evaluateInventory and /settlement/checkInventory open on last month with rows: at the
// campuses that sell the assessment products (SZ01 and GZ01 of SZ01, GZ01, TJ01; products/seed.ts) students buy the
// entry assessment (入学综合评估) the month before last and last month, one the stage assessment
// (阶段发育评估); a senior teacher of the campus gives most bought entry assessments last month
// (one-to-one lessons of the assessment course, signed present: the hours are used), and finance
// takes the stocktaking sheets of both months on the second of the month after. Everything through
// the slices' own commands (orders, payments and their approval, lessons, attendance, the sheet);
// no lesson falls in a month whose payroll the demo computed (payroll history: SH02, HZ01, NJ01, BJ01
// last month, every campus before it).
import { and, asc, eq } from 'drizzle-orm';
import { ROLE, shanghaiDate, STUDENT_STATUS, EMPLOYEE_STATUS } from '@bo/domain';
import { seedDeps, type SeedContext } from '../../seed/context.js';
import { bookAndSign, buyAndPay, demoActors } from '../../seed/demoSteps.js';
import { courseAuthorities, courseAuthorityRanks, courses, employees, students } from '../../db/schema.js';
import { generateRecheck } from './inventory.js';

const CAMPUSES = ['SZ01', 'GZ01'];
const ENTRY = 'PG001';
const STAGE = 'PG002';
const IP = '127.0.0.1';
const DAY = 86_400_000;

/** Noon in Shanghai of `day` (YYYY-MM-DD). */
const noon = (day: string) => new Date(`${day}T12:00:00+08:00`);
const plusDays = (day: string, n: number) => shanghaiDate(new Date(noon(day).getTime() + n * DAY));

export async function seedAssessmentsDemo({ db, now, wiring }: SeedContext) {
  const actors = await demoActors(db, { admin: [ROLE.admin], finance: [ROLE.finance] });
  if (!actors) return;
  // The campuses have no account of their own in the demo: the administrator enters and books.
  const { admin, finance } = actors;
  const [entry] = await db
    .select({ lessonMinutes: courses.lessonMinutes, rankCode: courses.rankCode })
    .from(courses)
    .where(and(eq(courses.code, ENTRY), eq(courses.validStatus, 1)));
  if (!entry) return;
  const thisMonth = `${shanghaiDate(now).slice(0, 7)}-01`;
  const lastMonth = plusDays(thisMonth, -1).slice(0, 7);
  const monthBefore = plusDays(`${lastMonth}-01`, -1).slice(0, 7);
  const at = (day: string) => ({ db, ...wiring, now: () => noon(day) });

  const buy = (studentId: number, campus: string, course: string, day: string) =>
    buyAndPay(
      at(day),
      admin,
      finance,
      {
        schoolItemCode: campus,
        studentId,
        items: [{ courseCode: course, quantity: 1 }],
        manualDiscount: '0',
        remark: course === ENTRY ? '入学前综合评估' : '半年阶段评估',
      },
      { method: 2, paidAt: noon(day) },
    );

  for (const [c, campus] of CAMPUSES.entries()) {
    const [teacher] = await db
      .select({ code: employees.code })
      .from(employees)
      .innerJoin(courseAuthorities, eq(courseAuthorities.employeeCode, employees.code))
      .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.authorityId, courseAuthorities.id))
      .where(
        and(
          eq(employees.schoolItemCode, campus),
          eq(employees.postCode, 'TEACHER'),
          eq(employees.status, EMPLOYEE_STATUS.employed),
          eq(courseAuthorities.validStatus, 1),
          eq(courseAuthorityRanks.courseRankCode, entry.rankCode),
        ),
      )
      .orderBy(asc(employees.code))
      .limit(1);
    const kids = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolItemCode, campus), eq(students.status, STUDENT_STATUS.reading)))
      .orderBy(asc(students.id))
      .limit(4);
    if (kids.length < 4) continue;
    // Bought: two the month before last, two last month (the last of them the stage assessment).
    const bought: Array<[number, string, string]> = kids.map((k, i) => [
      k.id,
      i === 3 ? STAGE : ENTRY,
      i < 2
        ? `${monthBefore}-${String(12 + c + i * 5).padStart(2, '0')}`
        : `${lastMonth}-${String(3 + c + i).padStart(2, '0')}`,
    ]);
    for (const [id, course, day] of bought) await buy(id, campus, course, day);
    if (!teacher) continue;
    // Given last month: the three entry assessments, but the last campus's newest one (bought, not
    // yet given: it stays in the inventory).
    const given = bought.filter(([, course]) => course === ENTRY).slice(0, c === CAMPUSES.length - 1 ? 2 : 3);
    for (const [i, [id]] of given.entries()) {
      const day = `${lastMonth}-${String(14 + c * 2 + i * 3).padStart(2, '0')}`;
      const start = 9 + i * 2;
      const end = start * 60 + entry.lessonMinutes;
      const hhmm = (m: number) =>
        `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      await bookAndSign(
        at(plusDays(day, -3)),
        admin,
        {
          schoolItemCode: campus,
          courseCode: ENTRY,
          teacherCode: teacher.code,
          studentId: id,
          lessonDate: day,
          startTime: hhmm(start * 60),
          endTime: hhmm(end),
        },
        { deps: at(day), status: 'present', remark: '评估完成，报告一周内出具' },
      );
    }
  }

  // Finance's stocktaking sheets, each taken on the second of the month after.
  for (const month of [monthBefore, lastMonth]) {
    const takenOn = plusDays(`${month}-01`, 40).slice(0, 7) + '-02';
    const takenAt = new Date(Math.min(noon(takenOn).getTime(), now.getTime()));
    await generateRecheck({ deps: seedDeps(wiring, db, takenAt), user: finance, ip: IP }, month);
  }
}
