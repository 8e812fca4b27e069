// The lifetime view of one student (/charge/finance/lifetime/get): totals and every movement of
// the student ledger. The ledger arrives with the orders slice (issue 13, core); until it is on
// main no order can exist, so a student's history is honestly empty.
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import { schoolItems } from '../organisation/tables.js';
import { eq } from 'drizzle-orm';
import { assertCanSeeStudent } from './queries.js';

export async function lifetime(deps: AppDeps, u: AuthUser, studentId: number) {
  const s = await assertCanSeeStudent(deps.db, u, studentId);
  const [c] = await deps.db
    .select({ name: schoolItems.name })
    .from(schoolItems)
    .where(eq(schoolItems.code, s.schoolItemCode));
  return {
    student: {
      id: s.id,
      code: s.code,
      name: s.name,
      parentName: s.parentName,
      phone: s.phone,
      schoolItemCode: s.schoolItemCode,
      schoolItemName: c?.name ?? null,
      status: s.status,
    },
    totals: {
      boughtHours: 0,
      giftHours: 0,
      consumedHours: 0,
      refundedHours: 0,
      remainingHours: 0,
      paidCents: 0,
      refundedCents: 0,
      consumedCents: 0,
      remainingCents: 0,
    },
    events: [],
  };
}
