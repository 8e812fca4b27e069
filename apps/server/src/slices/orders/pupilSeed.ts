// A teacher's pupils (deterministic): SH01 students who bought nothing in the first demo orders get
// an effective order of a course SH01's second teacher may teach (not the demo account's E0005,
// whose timetable the journeys and tests book), paid and approved
// about ten weeks before the seed's today, so the teaching history, leave and make-up demo rows
// (teaching/historySeed.ts, absences/seed.ts) stand on real purchased hours. Written through the
// slice's own commands and the approval engine, as the first demo orders are.
import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import { ROLE, STUDENT_STATUS, EMPLOYEE_STATUS } from '@bo/domain';
import type { SeedContext } from '../../seed/context.js';
import { buyAndPay, demoActors } from '../../seed/demoSteps.js';
import { courseAuthorities, courseAuthorityRanks, courses, employees } from '../../db/schema.js';
import { students } from '../students/index.js';

import type { Deps } from './service.js';
import { orders } from './tables.js';

export const PUPIL_CAMPUS = 'SH01';
/** The demo teacher account's employee: their pupils are left to the journeys and tests. */
const DEMO_TEACHER = 'E0005';
/** How many pupils the demo teacher gets. */
const PUPILS = 4;

/** The first SH01 teacher other than the demo account's and the first course they may teach, or null. */
async function pupilCourse(db: Deps['db']) {
  const [c] = await db
    .select({ code: courses.code })
    .from(courses)
    .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.courseRankCode, courses.rankCode))
    .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
    .innerJoin(employees, eq(employees.code, courseAuthorities.employeeCode))
    .where(
      and(
        eq(employees.schoolItemCode, PUPIL_CAMPUS),
        eq(employees.postCode, 'TEACHER'),
        eq(employees.status, EMPLOYEE_STATUS.employed),
        ne(employees.code, DEMO_TEACHER),
        eq(courseAuthorities.validStatus, 1),
        eq(courses.validStatus, 1),
        eq(courses.purchaseUnit, 1),
      ),
    )
    .orderBy(asc(employees.code), asc(courses.code))
    .limit(1);
  return c?.code ?? null;
}

export async function seedPupilOrdersDemo({ db, now, wiring }: SeedContext) {
  const actors = await demoActors(db, { sales: [ROLE.consultant], finance: [ROLE.finance] });
  if (!actors) return;
  const { sales, finance } = actors;
  const course = await pupilCourse(db);
  if (!course) return;
  const buyers = db.select({ id: orders.studentId }).from(orders);
  const pupils = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.schoolItemCode, PUPIL_CAMPUS),
        eq(students.status, STUDENT_STATUS.reading),
        ne(students.status, STUDENT_STATUS.deleted),
        notInArray(students.id, buyers),
      ),
    )
    .orderBy(asc(students.id))
    .limit(PUPILS);
  for (const [i, p] of pupils.entries()) {
    // Signed about ten weeks ago, a few days apart.
    const at = new Date(now.getTime() - (72 - i * 3) * 86_400_000);
    await buyAndPay(
      { db, ...wiring, now: () => at },
      sales,
      finance,
      {
        schoolItemCode: PUPIL_CAMPUS,
        studentId: p.id,
        items: [{ courseCode: course, quantity: 40, giftQuantity: i % 2 ? 0 : 4 }],
        manualDiscount: '0',
        remark: '',
      },
      { method: i % 2 ? 1 : 2, paidAt: at },
    );
  }
}
