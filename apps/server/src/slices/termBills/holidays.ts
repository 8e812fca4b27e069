// Where the service end date learns a campus's holidays. The teaching slice owns holidays
// (`/plansetting` holidays, issue 15) and exports `holidaysBetween`; until it is on main this is an
// empty set (every day is a working day), documented in docs/decisions.md. Wiring it is one line here.
import type { DbOrTx } from '../../db/client.js';

/** Holiday days ('YYYY-MM-DD') of a campus between two days, both included. */
export async function holidaysBetween(
  _tx: DbOrTx,
  _schoolItemCode: string,
  _from: string,
  _to: string,
): Promise<Set<string>> {
  return new Set();
}
