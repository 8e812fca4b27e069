// Split billing in the demo (issue 34 §5): subsidised students at BJ02, CD01 and CQ01 (campuses no
// journey or server test orders at) buy courses with a funder share, this month (one order of each
// funder) and last month; the families pay their part and the funders pay by bank transfer (the
// administrator records it, finance approves the completed payments) — last month's in full, this
// month's one funder in full, one half, one not yet — so /financial/funderReceivable opens on this
// month with a funder paid, one owing part and one owing all. Written through the
// slice's own commands (createOrder, addPayRecord, payFunder) and the approval engine.
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  DATE_LOCK_BEFORE_DAYS,
  ROLE,
  shanghaiDate,
  shanghaiDayOf,
  toCents,
  fromCents,
  STUDENT_STATUS,
} from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import { seedDeps, type SeedContext } from '../../seed/context.js';
import { demoActors } from '../../seed/demoSteps.js';
import { courses, students } from '../../db/schema.js';
import { decide } from '../approvals/index.js';
import { ORDER_STATUS_CODE } from './states.js';
import { payFunder } from './funderPayments.js';
import { addPayRecord, createOrder, type Deps } from './service.js';
import { orders } from './tables.js';

const CAMPUSES = ['BJ02', 'CD01', 'CQ01'];
/** The funders (the finance slice's settlement organisations), one per campus above. */
const FUNDERS = ['ORG_BJ', 'ORG_SH', 'ORG_GZ'];
/** Courses priced by nobody's test (pricing is tested on C001, C004, C007 and C013). */
const AVOID = ['C001', 'C004', 'C007', 'C013'];
const IP = '127.0.0.1';
const DAY = 86_400_000;

export async function seedFunderSharesDemo({ db, now, wiring }: SeedContext) {
  const actors = await demoActors(db, { admin: [ROLE.admin], finance: [ROLE.finance] });
  if (!actors) return;
  // These campuses have no consultant of their own: the administrator enters the orders.
  const { admin, finance } = actors;
  const [course] = await db
    .select({ code: courses.code, price: courses.price })
    .from(courses)
    .where(
      and(
        eq(courses.validStatus, 1),
        eq(courses.purchaseUnit, 1),
        eq(courses.categoryCode, 'KF'),
        notInArray(courses.code, AVOID),
      ),
    )
    .orderBy(asc(courses.code))
    .limit(1);
  if (!course) return;
  const subsidised = await db
    .select({ id: students.id, campus: students.schoolItemCode })
    .from(students)
    .where(
      and(
        inArray(students.schoolItemCode, CAMPUSES),
        eq(students.insurance, true),
        eq(students.status, STUDENT_STATUS.reading),
      ),
    )
    .orderBy(asc(students.id));
  // This month one order of each funder, then (as many subsidised students as remain, up to three)
  // last month's.
  const monthStart = shanghaiDayOf(`${shanghaiDate(now).slice(0, 7)}-01`)?.getTime() ?? now.getTime();
  const plan = subsidised.slice(0, 6).map((s, i) => {
    const k = i % 3;
    const thisMonth = i < 3;
    return {
      student: s.id,
      campus: s.campus,
      funder: FUNDERS[k] ?? 'ORG_SH',
      thisMonth,
      // This month: in its last days, never before its first hours nor after now; last month: about
      // three weeks before its end.
      at: new Date(
        thisMonth
          ? Math.min(Math.max(monthStart + (k + 1) * 3_600_000, now.getTime() - (3 - k) * DAY), now.getTime())
          : monthStart - (20 - k) * DAY,
      ),
    };
  });
  const price = Number(toCents(course.price) ?? 0n);
  const made: Array<{ id: number; funder: string; owed: number; at: Date; thisMonth: boolean }> = [];
  for (const [i, p] of plan.entries()) {
    const deps: Deps = { db, ...wiring, now: () => p.at };
    const quantity = 20 + (i % 3) * 10;
    // The funder bears 60 % of the list price, in whole yuan.
    const share = Math.round((price * quantity * 0.6) / 100) * 100;
    const o = await createOrder(
      deps,
      admin,
      {
        schoolItemCode: p.campus,
        studentId: p.student,
        items: [{ courseCode: course.code, quantity }],
        manualDiscount: '0',
        remark: '残联康复补贴项目，资助方承担六成',
        funderShare: fromCents(share),
        funderCode: p.funder,
      },
      IP,
    );
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    if (!row) continue;
    // The family pays its part the same day.
    await addPayRecord(
      deps,
      admin,
      {
        orderId: o.id,
        payer: 'family',
        method: i % 2 ? 1 : 2,
        amount: fromCents(row.familyCents),
        paidAt: p.at.toISOString(),
        reference: `SEED-${o.code}`,
        remark: '家庭自付部分',
      },
      IP,
    );
    made.push({ id: o.id, funder: p.funder, owed: row.funderCents, at: p.at, thisMonth: p.thisMonth });
  }

  // The funders' transfers: a week after last month's orders (in full); this month the first funder
  // in full, the second half, the third nothing yet. Each completed payment goes to finance.
  const transfer = async (
    funder: string,
    items: Array<{ id: number; cents: number }>,
    at: Date,
    k: number,
  ) => {
    if (!items.length) return;
    // payFunder reads the payment-date window from the configuration: its default, as a demo has it.
    const deps = {
      ...seedDeps(wiring, db, at),
      config: { PAY_DATE_MAX_DAYS_BACK: DATE_LOCK_BEFORE_DAYS },
    } as unknown as AppDeps;
    const total = items.reduce((s, x) => s + x.cents, 0);
    const r = await payFunder(
      deps,
      admin,
      {
        funderCode: funder,
        method: 2,
        paidAt: at.toISOString(),
        reference: `ZZ${shanghaiDate(at).replace(/-/g, '')}${String(k).padStart(3, '0')}`,
        total: fromCents(total),
        remark: '资助方对公转账',
        items: items.map((x) => ({ orderId: x.id, amount: fromCents(x.cents) })),
      },
      IP,
    );
    for (const rec of r.records) {
      const [o] = await db
        .select({ approvalId: orders.approvalId })
        .from(orders)
        .where(eq(orders.id, rec.orderId));
      if (o?.approvalId && rec.orderStatus !== ORDER_STATUS_CODE.effective)
        await decide(
          { db, ...wiring, now: () => at },
          finance,
          { id: o.approvalId, pass: true, comment: '资助款已到账' },
          IP,
        );
    }
  };
  for (const [k, f] of FUNDERS.entries()) {
    const mine = made.filter((m) => m.funder === f);
    const last = mine.filter((m) => !m.thisMonth);
    const latest = last.reduce((t, m) => Math.max(t, m.at.getTime()), 0);
    if (last.length)
      await transfer(
        f,
        last.map((m) => ({ id: m.id, cents: m.owed })),
        new Date(Math.min(latest + 7 * DAY, now.getTime())),
        k,
      );
    const current = mine.filter((m) => m.thisMonth);
    const latestNow = current.reduce((t, m) => Math.max(t, m.at.getTime()), 0);
    const paidPart = k === 0 ? 1 : k === 1 ? 0.5 : 0;
    if (paidPart > 0)
      await transfer(
        f,
        current.map((m) => ({ id: m.id, cents: Math.round((m.owed * paidPart) / 100) * 100 })),
        new Date(Math.min(latestNow + 3_600_000, now.getTime())),
        10 + k,
      );
  }
}
