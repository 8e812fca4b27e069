// What payroll may pay of a teacher's lessons: only those under a passed class-hour confirmation of
// the period (payroll-design seam 1). A filter over teaching's lessons, used inside payroll's query.
import { sql, type SQL } from 'drizzle-orm';
import { lessons } from '../../db/schema.js';
import { classHourConfirmations as c } from './tables.js';
import { CH } from './service.js';

export function passedConfirmationFilter(period: { year: number; month: number }): SQL {
  return sql`exists (select 1 from ${c} where ${c.schoolItemCode} = ${lessons.schoolItemCode}
    and ${c.teacherCode} = ${lessons.teacherCode} and ${c.year} = ${period.year}
    and ${c.month} = ${period.month} and ${c.status} = ${CH.passed})`;
}
