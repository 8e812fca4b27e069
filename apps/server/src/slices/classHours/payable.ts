// What payroll may pay of a teacher's lessons: only those inside a passed class-hour confirmation
// (payroll-design seam 1, issue 33). A filter over teaching's lessons, used inside payroll's query: the
// lesson's id is looked up in the confirmations' lesson rows (the partial unique index on lesson_id
// of the live rows), so a lesson confirmed after its month's confirmation passed is not paid until a
// supplementary confirmation of it passes.
import { sql, type SQL } from 'drizzle-orm';
import { lessons } from '../../db/schema.js';
import { classHourConfirmationLessons as cl, classHourConfirmations as c } from './tables.js';
import { CH } from './service.js';

/** The passed confirmation that approved a lesson (at most one: a lesson is in one live confirmation). */
export const approvingConfirmationOf = (lessonId: SQL | typeof lessons.id) =>
  sql`(select ${cl.confirmationId} from ${cl} join ${c} on ${c.id} = ${cl.confirmationId}
    where ${cl.lessonId} = ${lessonId} and ${cl.live} and ${c.status} = ${CH.passed} limit 1)`;

/** The lessons of any period inside a passed confirmation (the lesson's own id is what counts). */
export function passedConfirmationFilter(): SQL {
  return sql`exists (select 1 from ${cl} join ${c} on ${c.id} = ${cl.confirmationId}
    where ${cl.lessonId} = ${lessons.id} and ${cl.live} and ${c.status} = ${CH.passed})`;
}
