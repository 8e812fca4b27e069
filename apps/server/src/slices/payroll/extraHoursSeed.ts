// Demo class hours given outside the timetable (deterministic): over the five closed months before this
// one, HR imports through the course-hour import (/staffsalary/courseimport) the home-intervention,
// cover and screening hours of the first teacher of SH02, HZ01, NJ01 and BJ01 (the campuses whose last
// month the payroll history computes), a few days after each month ended. HZ01's teacher visits
// families four hours a day on fifteen days of each of the last two months, so those hours reach the
// class bonus threshold. The payroll history (salaryApplications/historySeed.ts), seeded after this,
// pays them: the emergency area (/staffsalary/emergency) lists these lines, /staffsalary/kjbonus the
// bonus. SH01 is left out (its months are the journeys' and the salary-application seed's).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ROLE, EMPLOYEE_STATUS } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { employees, users } from '../../db/schema.js';
import { must } from '../../shared/must.js';
import { importExtraHours } from './hours.js';

/** The campuses and what their first teacher did outside the timetable each month. */
const CAMPUSES = ['SH02', 'HZ01', 'NJ01', 'BJ01'];
/** [day of month, pay type, hours, remark] of every campus's teacher each month. */
const MONTHLY: ReadonlyArray<readonly [number, string, number, string]> = [
  [6, 'home', 2, '居家干预：家庭训练指导'],
  [13, 'oneToOne', 1.5, '临时代课：同事病假'],
  [20, 'assessment', 3, '社区儿童发育筛查'],
];
/** HZ01's home visits in the last two months: four hours on each of these days (60 hours). */
const VISIT_DAYS = [2, 3, 4, 5, 9, 10, 11, 12, 16, 17, 18, 19, 23, 24, 25];
const MONTHS_BACK = 5;
const DAY = 86_400_000;

export async function seedExtraHoursDemo({ db, now, wiring }: SeedContext) {
  const [hrRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'hr'));
  if (!hrRow) return;
  const hr = { ...seedActor(hrRow.id, 'hr', [ROLE.hr]), privileges: new Set<string>() };
  const teachers = await db
    .select({ code: employees.code, campus: employees.schoolItemCode })
    .from(employees)
    .where(
      and(
        inArray(employees.schoolItemCode, CAMPUSES),
        eq(employees.postCode, 'TEACHER'),
        eq(employees.status, EMPLOYEE_STATUS.employed),
      ),
    )
    .orderBy(asc(employees.code));
  const first = new Map<string, string>();
  for (const t of teachers) if (!first.has(t.campus)) first.set(t.campus, t.code);
  for (let back = MONTHS_BACK; back >= 1; back--) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const ym = start.toISOString().slice(0, 7);
    const rows: Record<string, unknown>[] = [];
    for (const campus of CAMPUSES) {
      const teacherCode = first.get(campus);
      if (!teacherCode) continue;
      for (const [d, payType, hours, remark] of MONTHLY)
        rows.push({
          schoolItemCode: campus,
          teacherCode,
          workDate: `${ym}-${String(d).padStart(2, '0')}`,
          payType,
          hours: String(hours),
          remark,
        });
      if (campus === 'HZ01' && back <= 2)
        for (const d of VISIT_DAYS)
          rows.push({
            schoolItemCode: campus,
            teacherCode,
            workDate: `${ym}-${String(d).padStart(2, '0')}`,
            payType: 'home',
            hours: '4',
            remark: '送教上门',
          });
    }
    if (!rows.length) continue;
    // Imported on the 2nd of the following month (Beijing morning), never after the seed's today.
    const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 2, 2));
    const at = new Date(Math.min(next.getTime(), now.getTime() - DAY / 24));
    const r = await importExtraHours({ deps: seedDeps(wiring, db, at), user: hr, ip: '127.0.0.1' }, rows, {
      dryRun: false,
      firstRow: 2,
    });
    must(r.errors.length === 0 ? r : null, `the demo extra hours of ${ym}: ${JSON.stringify(r.errors)}`);
  }
}
