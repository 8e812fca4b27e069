// /charge/surpluscourseandprice: what the campuses still owe their students at the end of a day —
// per campus and course, the hours left and the paid value left — summed from the ledger's
// movements posted up to that day (the ledger is append-only, so the past is exact).
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { fromCents } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { campusScope, type AuthUser } from '../../http/auth.js';
import { q100ToNumber, studentLedger } from '../ledger/index.js';
import { orderItems } from './tables.js';

export async function surplusCourseAndPrice(
  db: DbOrTx,
  u: AuthUser,
  q: { date: string; itemcodes?: string | undefined },
) {
  const asked = (q.itemcodes ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const scope = campusScope(u);
  // Campuses named outside the caller's scope are left out, as lists are.
  const campuses = scope === null ? asked : asked.length ? asked.filter((c) => scope.includes(c)) : scope;
  if ((scope !== null || asked.length) && campuses.length === 0) return [];
  // The end of the day in Shanghai (the business's calendar).
  const end = new Date(new Date(`${q.date}T00:00:00+08:00`).getTime() + 86_400_000);
  const rows = await db
    .select({
      schoolItemCode: studentLedger.schoolItemCode,
      courseCode: studentLedger.courseCode,
      courseName: sql<string>`min(${orderItems.courseName})`,
      students: sql<number>`count(distinct ${studentLedger.studentId})::int`.mapWith(Number),
      hours100: sql<string>`coalesce(sum(${studentLedger.hours} * 100), 0)::bigint`,
      valueCents: sql<string>`coalesce(sum(${studentLedger.valueCents}), 0)::bigint`,
    })
    .from(studentLedger)
    .innerJoin(orderItems, eq(orderItems.id, studentLedger.orderItemId))
    .where(
      and(
        lt(studentLedger.postedAt, end),
        campuses.length ? inArray(studentLedger.schoolItemCode, campuses) : undefined,
      ),
    )
    .groupBy(studentLedger.schoolItemCode, studentLedger.courseCode)
    .orderBy(studentLedger.schoolItemCode, studentLedger.courseCode);
  return rows
    .filter((r) => Number(r.hours100) !== 0 || Number(r.valueCents) !== 0)
    .map((r) => ({
      schoolItemCode: r.schoolItemCode,
      courseCode: r.courseCode,
      courseName: r.courseName,
      students: r.students,
      hours: q100ToNumber(Number(r.hours100)),
      value: fromCents(BigInt(r.valueCents)),
    }));
}
