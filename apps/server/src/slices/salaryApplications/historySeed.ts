// Demo: a year of payroll (issue 34 §5). Every closed salary month of the demo year is computed for
// every campus by the payroll's own computation (base pay, the class hours the class-hour history
// seed filed and passed, commissions), each campus applies through the slice's own command and HR and
// finance approve it, so the payroll screens, the applications tab and the payroll dashboards have
// history. Last month (still open) is computed for four campuses other than SH01, their applications
// left in each state: waiting for HR, waiting for finance, rejected, passed. SH01's month before last
// is applied for by the salary-application seed (it runs after this one and computes SH01 again) and
// SH01's last month stays open for the journeys (docs/demo.md).
import { asc, inArray } from 'drizzle-orm';
import { ROLE } from '@bo/domain';
import { seedActor, type SeedContext } from '../../seed/context.js';
import { schoolItems, users } from '../../db/schema.js';
import { decide } from '../approvals/index.js';
import { campusPeriodTotals, computePeriod } from '../payroll/index.js';
import { apply } from './service.js';

const IP = '127.0.0.1';
/** The first month of the history: the salary rules' first month (payroll seed). */
const FIRST_BACK = 11;
const SH01 = 'SH01';

type Outcome = 'waitingHr' | 'waitingFinance' | 'rejected' | 'passed';
/** Last month's applications by campus; a campus not named here has not applied yet. */
const LAST_MONTH: Record<string, Outcome> = {
  SH02: 'waitingHr',
  HZ01: 'waitingFinance',
  NJ01: 'rejected',
  BJ01: 'passed',
};

export async function seedPayrollHistoryDemo({ db, now, bulkFollows, wiring }: SeedContext) {
  // At benchmark scale the bulk payroll computes the closed months with the bulk volume.
  if (bulkFollows) return;
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['director', 'hr', 'finance']));
  const row = (name: string) => people.find((p) => p.username === name);
  const [directorRow, hrRow, financeRow] = [row('director'), row('hr'), row('finance')];
  if (!directorRow || !hrRow || !financeRow) return;
  const director = seedActor(directorRow.id, 'director', [ROLE.director]);
  const hr = seedActor(hrRow.id, 'hr', [ROLE.hr]);
  const finance = seedActor(financeRow.id, 'finance', [ROLE.finance]);
  const campuses = (
    await db.select({ code: schoolItems.code }).from(schoolItems).orderBy(asc(schoolItems.code))
  ).map((c) => c.code);

  for (let back = FIRST_BACK; back >= 1; back--) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const period = { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1 };
    // Computed on the 3rd of the next month, applied on the 5th, decided on the 8th and 10th.
    const day = (d: number) => {
      const at = new Date(Date.UTC(period.year, period.month - 1 + 1, d, 2));
      return at > now ? now : at;
    };
    // Every campus at once (SH01's month before last again by the salary-application seed after this
    // one); last month only for the campuses that applied.
    const mine = back > 1 ? campuses : campuses.filter((c) => c in LAST_MONTH);
    const by = { userId: hrRow.id, at: day(3) };
    if (back > 1) await computePeriod(wiring, db, { ...period, schoolItemCode: null }, by);
    else
      for (const schoolItemCode of mine) await computePeriod(wiring, db, { ...period, schoolItemCode }, by);
    for (const schoolItemCode of mine) {
      // SH01's month before last is the salary-application seed's.
      if (schoolItemCode === SH01 && back === 2) continue;
      const outcome: Outcome | undefined = back === 1 ? LAST_MONTH[schoolItemCode] : 'passed';
      if (!outcome) continue;
      if (!(await campusPeriodTotals(db, schoolItemCode, period.year, period.month)).computedAt) continue;
      const { approvalId } = await apply({ db, ...wiring, now: () => day(5) }, director, {
        ...period,
        schoolItemCode,
        remark: '本月薪资已核对',
      });
      if (outcome === 'waitingHr') continue;
      const deps = { db, ...wiring, now: () => day(8) };
      if (outcome === 'rejected') {
        await decide(
          deps,
          hr,
          { id: approvalId, pass: false, comment: '两名教师的考勤天数有误，请重新计算' },
          IP,
        );
        continue;
      }
      await decide(deps, hr, { id: approvalId, pass: true, comment: '人数与考勤一致' }, IP);
      if (outcome === 'waitingFinance') continue;
      await decide(
        { db, ...wiring, now: () => day(10) },
        finance,
        { id: approvalId, pass: true, comment: '同意发放' },
        IP,
      );
    }
  }
}
