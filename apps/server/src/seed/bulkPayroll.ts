// Benchmark volume of payroll (SEED_SCALE beyond the detailed demo): every closed salary month that
// no run has computed yet is paid as a centre pays it — each bulk teacher's confirmed lessons of the
// month under a passed class-hour confirmation covering exactly those lessons (as the confirmation's
// approval leaves it), then the payroll's own computation for every campus (computePeriod: base pay,
// hours with their sources, commissions, the snapshot hooks). So the payroll figures (profit, cost ratio, the payroll screens
// and exports) read real volume. The demo's own month (SH01, computed and applied for) is left as is.
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { SeedContext } from './context.js';
import { DETAILED_SCALE_MAX } from './bulk.js';
import { salaryPeriods, salaryRuns } from '../db/schema.js';
import { computePeriod } from '../slices/payroll/index.js';
import { CH } from '../slices/classHours/service.js';
import { SALARY_PERIOD } from '../slices/employees/states.js';
import { LESSON } from '../slices/teaching/states.js';

/** Answers how many salary months it computed. */
export async function seedBulkPayroll({ db, now, scale, wiring }: SeedContext): Promise<number> {
  if (scale <= DETAILED_SCALE_MAX) return 0;
  const months = await db
    .select()
    .from(salaryPeriods)
    .where(
      and(
        eq(salaryPeriods.status, SALARY_PERIOD.closed),
        notExists(
          db
            .select({ one: sql`1` })
            .from(salaryRuns)
            .where(and(eq(salaryRuns.year, salaryPeriods.year), eq(salaryRuns.month, salaryPeriods.month))),
        ),
      ),
    )
    .orderBy(asc(salaryPeriods.year), asc(salaryPeriods.month));
  for (const p of months) {
    const confirmedAt = new Date(`${p.endDate}T18:00:00+08:00`);
    // Each confirmation covers exactly its lessons (its lesson rows, what payroll's filter reads).
    await db.execute(sql`
      with filed as (
        insert into class_hour_confirmations (school_item_code, teacher_code, year, month, status, kind,
          lesson_count, hours, lesson_ids, remark, created_at, updated_at)
        select l.school_item_code, l.teacher_code, ${p.year}, ${p.month}, ${CH.passed}, 'original', count(*),
          sum(l.hours), array_agg(l.id order by l.id), '', ${confirmedAt.toISOString()}::timestamptz,
          ${confirmedAt.toISOString()}::timestamptz
        from teaching_lessons l
        where l.teacher_code like 'BT%' and l.status = ${LESSON.scheduled} and l.confirmed_at is not null
          and l.lesson_date between ${p.startDate}::date and ${p.endDate}::date
        group by 1, 2
        returning id, lesson_ids)
      insert into class_hour_confirmation_lessons (confirmation_id, lesson_id, live)
      select f.id, unnest(f.lesson_ids), true from filed f`);
    await computePeriod(
      wiring,
      db,
      { year: p.year, month: p.month, schoolItemCode: null },
      { userId: null, at: confirmedAt > now ? now : confirmedAt },
    );
  }
  return months.length;
}
