// Where the service end date learns a campus's holidays: the teaching slice owns them
// (`/plansetting` holidays and campus events, issue 15).
import type { DbOrTx } from '../../db/client.js';
import { holidaysBetween as teachingHolidays } from '../teaching/index.js';

/** Holiday days ('YYYY-MM-DD') of a campus between two days, both included. */
export async function holidaysBetween(
  tx: DbOrTx,
  schoolItemCode: string,
  from: string,
  to: string,
): Promise<Set<string>> {
  return new Set((await teachingHolidays(tx, schoolItemCode, from, to)).keys());
}
