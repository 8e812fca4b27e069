// Demo instalments (issue 34 §5): instalment plans (two in use, one disabled) and instalment
// applications on new unpaid orders of the campus head's campuses, filed through the slice's own
// command and decided through the approval engine: waiting for the campus head, waiting for finance,
// approved (the bill active, its terms due), rejected and withdrawn (docs/demo.md).
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { ROLE, STUDENT_STATUS } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { courses, students, users } from '../../db/schema.js';
import { cancelRequest, decide } from '../approvals/index.js';
import { createOrder } from '../orders/index.js';
import { applySubmit, planSave, planStatus } from './service.js';

const IP = '127.0.0.1';
type Outcome = 'waitingHead' | 'waitingFinance' | 'approved' | 'rejected' | 'withdrawn';

export async function seedInstalmentsDemo({ db, now, wiring }: SeedContext) {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['admin', 'sales', 'director', 'finance']));
  const row = (name: string) => people.find((p) => p.username === name);
  const [adminRow, salesRow, directorRow, financeRow] = [
    row('admin'),
    row('sales'),
    row('director'),
    row('finance'),
  ];
  if (!adminRow || !salesRow || !directorRow || !financeRow) return;
  const admin = seedActor(adminRow.id, 'admin', [1]);
  const sales = seedActor(salesRow.id, 'sales', [ROLE.consultant]);
  const director = seedActor(directorRow.id, 'director', [ROLE.director]);
  const finance = seedActor(financeRow.id, 'finance', [ROLE.finance]);
  const daysAgo = (n: number) => ({ db, ...wiring, now: () => new Date(now.getTime() - n * 86_400_000) });

  // Plans: headquarters' templates.
  const three = await planSave(daysAgo(200), admin, {
    name: '三期付清（每月一期）',
    shares: [40, 30, 30],
    intervalMonths: 1,
    firstDueDays: 0,
    remark: '首付40%',
  });
  const six = await planSave(daysAgo(180), admin, {
    name: '六期付清（每月一期）',
    shares: [20, 16, 16, 16, 16, 16],
    intervalMonths: 1,
    firstDueDays: 7,
    remark: '',
  });
  const old = await planSave(daysAgo(300), admin, {
    name: '两期付清（每季度一期）',
    shares: [50, 50],
    intervalMonths: 3,
    firstDueDays: 0,
    remark: '2025年方案，已停用',
  });
  await planStatus(daysAgo(150), admin, old.id, 0);

  // Applications on new unpaid orders of students outside SH01 (the journeys bill SH01's students).
  const pupils = await db
    .select({ id: students.id, campus: students.schoolItemCode })
    .from(students)
    .where(
      and(
        inArray(students.schoolItemCode, ['SH02', 'HZ01', 'NJ01']),
        ne(students.status, STUDENT_STATUS.deleted),
      ),
    )
    .orderBy(asc(students.id))
    .limit(5);
  const [course] = await db
    .select({ code: courses.code })
    .from(courses)
    .where(and(eq(courses.code, 'C004'), eq(courses.validStatus, 1)));
  if (!course) return;
  const outcomes: Outcome[] = ['approved', 'waitingHead', 'waitingFinance', 'rejected', 'withdrawn'];
  for (const [i, p] of pupils.entries()) {
    const outcome = outcomes[i] ?? 'waitingHead';
    const ago = 50 - i * 8;
    const o = await createOrder(
      daysAgo(ago),
      admin,
      {
        schoolItemCode: p.campus,
        studentId: p.id,
        orderType: 1,
        adviserId: salesRow.id,
        items: [{ courseCode: course.code, quantity: 24 + 8 * i, giftQuantity: 0 }],
        manualDiscount: '0',
        remark: '家长申请分期付款',
      },
      IP,
    );
    const { approvalId } = await applySubmit(
      daysAgo(ago),
      sales,
      { orderId: o.id, planId: i % 2 === 0 ? three.id : six.id, remark: '家庭收入按月结算，申请分期' },
      IP,
    );
    const at = daysAgo(ago - 1);
    if (outcome === 'waitingHead') continue;
    if (outcome === 'withdrawn') {
      await cancelRequest(
        seedDeps(wiring, db, at.now()),
        sales,
        { id: approvalId, comment: '家长决定一次付清' },
        IP,
      );
      continue;
    }
    if (outcome === 'rejected') {
      await decide(at, director, { id: approvalId, pass: false, comment: '首付比例过低，请调整方案' }, IP);
      continue;
    }
    await decide(at, director, { id: approvalId, pass: true, comment: '同意' }, IP);
    if (outcome === 'waitingFinance') continue;
    await decide(at, finance, { id: approvalId, pass: true, comment: '同意分期' }, IP);
  }
}
