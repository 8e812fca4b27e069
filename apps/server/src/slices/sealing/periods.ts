// Which salary period a day belongs to, and the days of a period: the salary period HR defined
// (salary_periods) where there is one, otherwise the calendar month.
import { and, eq, gte, lte } from 'drizzle-orm';
import { shanghaiMonth } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { salaryPeriods } from '../../db/schema.js';

export interface PeriodDays {
  year: number;
  month: number;
  startDate: string;
  endDate: string;
}

/** The days of a year+month period. */
export async function periodDays(tx: DbOrTx, year: number, month: number): Promise<PeriodDays> {
  const [p] = await tx
    .select({ startDate: salaryPeriods.startDate, endDate: salaryPeriods.endDate })
    .from(salaryPeriods)
    .where(and(eq(salaryPeriods.year, year), eq(salaryPeriods.month, month)));
  if (p) return { year, month, ...p };
  const { startDate, endDate } = shanghaiMonth(year, month);
  return { year, month, startDate, endDate };
}

/** The period a day (YYYY-MM-DD, Shanghai) falls in. */
export async function periodOfDay(tx: DbOrTx, day: string): Promise<PeriodDays> {
  const [p] = await tx
    .select()
    .from(salaryPeriods)
    .where(and(lte(salaryPeriods.startDate, day), gte(salaryPeriods.endDate, day)))
    .orderBy(salaryPeriods.year, salaryPeriods.month)
    .limit(1);
  if (p) return { year: p.year, month: p.month, startDate: p.startDate, endDate: p.endDate };
  return periodDays(tx, Number(day.slice(0, 4)), Number(day.slice(5, 7)));
}
