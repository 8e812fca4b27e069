// Demo salary rules: one any-rank rule per role from the first of the twelve demo salary periods, so
// HR can compute the open months of the demo at once (docs/payroll.md explains each field).
import type { SeedContext } from '../../seed/context.js';
import { salaryCourseSwitch, salaryRuleRates, salaryRules } from './tables.js';

export async function seedPayrollDemo({ db, now }: SeedContext) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const effectiveFrom = first.getUTCFullYear() * 100 + first.getUTCMonth() + 1;
  const rules = await db
    .insert(salaryRules)
    .values([
      { role: 'teacher', effectiveFrom, baseCents: 300000, bonusThresholdHours: '60', bonusCents: 50000 },
      { role: 'expert', effectiveFrom, baseCents: 400000, perCaseCents: 15000 },
      { role: 'supervisor', effectiveFrom, baseCents: 450000, perCaseCents: 2000 },
      { role: 'consultant', effectiveFrom, baseCents: 350000, commissionBp: 300 },
      { role: 'growth', effectiveFrom, baseCents: 350000, commissionBp: 200 },
      { role: 'leader', effectiveFrom, baseCents: 800000, commissionBp: 50, targetBonusCents: 100000 },
    ])
    .returning({ id: salaryRules.id, role: salaryRules.role });
  const teacher = rules.find((r) => r.role === 'teacher');
  if (teacher)
    await db.insert(salaryRuleRates).values(
      (
        [
          ['oneToOne', 'present', 8000],
          ['oneToOne', 'late', 8000],
          ['oneToOne', 'absent', 4000],
          ['oneToOne', 'makeup', 8000],
          ['group', '*', 3000],
          ['assessment', '*', 10000],
          ['home', '*', 10000],
          ['*', '*', 6000],
        ] as const
      ).map(([payType, attendanceStatus, hourlyCents]) => ({
        ruleId: teacher.id,
        payType,
        attendanceStatus,
        hourlyCents,
      })),
    );
  await db.insert(salaryCourseSwitch).values({ courseCode: 'PG001', payType: 'assessment' });
}
