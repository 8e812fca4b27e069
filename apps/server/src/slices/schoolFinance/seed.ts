// Demo campus costs, revenue and monthly advance data for the three months before the seed's today (deterministic).
import { addAmounts, fromCents } from '@bo/domain';
import type { SeedContext } from '../../seed/context.js';
import { demoStaff } from '../employees/index.js';
import { monthlyAdvances, schoolCosts, schoolRevenues } from './tables.js';

const CAMPUSES = ['SH01', 'SH02', 'HZ01', 'NJ01', 'BJ01', 'BJ02', 'TJ01', 'GZ01', 'SZ01', 'CD01', 'CQ01'];

/** The months before `now`, oldest first, as YYYY-MM. */
function lastMonths(now: Date, n: number): string[] {
  const out: string[] = [];
  for (let i = n; i >= 1; i -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}
/** A deterministic amount in yuan around `base`, varied by campus and month position. */
const amount = (base: number, i: number, j: number) =>
  fromCents(BigInt(base * 100 + ((i * 7919 + j * 104729) % 97) * 10000 + ((i + j) % 4) * 50));

export async function seedSchoolFinance({ db, now }: SeedContext) {
  const months = lastMonths(now, 3);
  const staff = demoStaff();
  const CONSULTANTS = staff
    .filter((e) => e.postCode === 'CONSULTANT')
    .map((e) => ({ code: e.code, campus: e.schoolItemCode }));
  const GROWTH_CONSULTANTS = staff
    .filter((e) => e.postCode === 'GROWTH')
    .map((e) => ({ code: e.code, campus: e.schoolItemCode }));
  const costs = [];
  const revenues = [];
  const advances = [];
  for (const [j, month] of months.entries()) {
    for (const [i, code] of CAMPUSES.entries()) {
      const big = i < 2 ? 1.4 : 1;
      const c = {
        rent: amount(Math.round(60000 * big), i, j),
        labour: amount(Math.round(180000 * big), i, j + 1),
        utilities: amount(8000, i, j + 2),
        marketing: amount(25000, i, j + 3),
        materials: amount(5000, i, j + 4),
        other: amount(3000, i, j + 5),
      };
      costs.push({
        month,
        schoolItemCode: code,
        ...c,
        total: addAmounts(...Object.values(c)),
        updatedBy: 'seed',
      });
      const r = {
        course: amount(Math.round(380000 * big), i, j),
        assessment: amount(18000, i, j + 1),
        materials: amount(4000, i, j + 2),
        other: amount(1000, i, j + 3),
      };
      revenues.push({
        month,
        schoolItemCode: code,
        ...r,
        total: addAmounts(...Object.values(r)),
        updatedBy: 'seed',
      });
      advances.push({
        kind: 'centerAdvanceIncome',
        month,
        schoolItemCode: code,
        amount: amount(420000, i, j),
        updatedBy: 'seed',
      });
      advances.push({
        kind: 'centerAdvanceConsumer',
        month,
        schoolItemCode: code,
        amount: amount(360000, i, j + 1),
        updatedBy: 'seed',
      });
    }
    for (const [i, e] of CONSULTANTS.entries())
      advances.push({
        kind: 'consultantAdvanceIncome',
        month,
        schoolItemCode: e.campus,
        employeeCode: e.code,
        amount: amount(150000, i, j),
        updatedBy: 'seed',
      });
    for (const [i, e] of GROWTH_CONSULTANTS.entries()) {
      advances.push({
        kind: 'growthConsultantAdvanceIncome',
        month,
        schoolItemCode: e.campus,
        employeeCode: e.code,
        amount: amount(90000, i, j),
        updatedBy: 'seed',
      });
      advances.push({
        kind: 'growthConsultantAdvanceConsumer',
        month,
        schoolItemCode: e.campus,
        employeeCode: e.code,
        amount: amount(70000, i, j),
        updatedBy: 'seed',
      });
    }
  }
  await db.insert(schoolCosts).values(costs);
  await db.insert(schoolRevenues).values(revenues);
  await db.insert(monthlyAdvances).values(advances);
}
