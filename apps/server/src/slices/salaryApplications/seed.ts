// Demo: SH01's payroll of the month before last computed, applied for by the campus head and approved
// by HR and finance through the slice's own command and the approval engine, so the applications
// tab, the snapshot screens and a locked period are not empty on a fresh demo. Last month stays open
// for HR to compute and a campus to apply (the payroll journey in e2e does exactly that).
import { inArray } from 'drizzle-orm';
import { ROLE } from '@bo/domain';
import { seedActor, type SeedContext } from '../../seed/context.js';
import { users } from '../../db/schema.js';
import { decide } from '../approvals/index.js';
import { campusPeriodTotals, computePeriod } from '../payroll/index.js';
import { apply } from './service.js';

const CAMPUS = 'SH01';
const IP = '127.0.0.1';

export async function seedSalaryApplicationsDemo({ db, now, wiring }: SeedContext) {
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
  const deps = { db, ...wiring, now: () => now };

  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  const period = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
  await computePeriod(wiring, db, { ...period, schoolItemCode: CAMPUS }, { userId: hrRow.id, at: now });
  // A demo without SH01 staff (a trimmed seed) has nothing to apply for.
  if (!(await campusPeriodTotals(db, CAMPUS, period.year, period.month)).computedAt) return;
  const { approvalId } = await apply(deps, director, {
    ...period,
    schoolItemCode: CAMPUS,
    remark: '本月薪资已核对',
  });
  await decide(deps, hr, { id: approvalId, pass: true, comment: '人数与考勤一致' }, IP);
  await decide(deps, finance, { id: approvalId, pass: true, comment: '同意发放' }, IP);
}
