// Demo refund applications (issue 34 §5): families' applications recorded by the consultant on new
// orders (paid, approved by finance) of students already holding hours, of the same course, through the slice's own command and decided by the campus head through the
// approval engine: waiting, rejected and withdrawn at SH01 (the consultant's /students/refundApply),
// and one approved at SH02 or HZ01, whose refund order then waits for its own approval (docs/demo.md).
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { fromCents, ROLE, STUDENT_STATUS } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { orders, studentLedger, students, users } from '../../db/schema.js';
import { addPayRecord, createOrder } from '../orders/index.js';
import { cancelRequest, decide } from '../approvals/index.js';
import { addApplication } from './service.js';

const IP = '127.0.0.1';
type Outcome = 'waiting' | 'rejected' | 'withdrawn' | 'approved';

export async function seedRefundApplicationsDemo({ db, now, wiring }: SeedContext) {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['sales', 'director']));
  const salesRow = people.find((p) => p.username === 'sales');
  const directorRow = people.find((p) => p.username === 'director');
  if (!salesRow || !directorRow) return;
  const sales = seedActor(salesRow.id, 'sales', [ROLE.consultant]);
  const director = seedActor(directorRow.id, 'director', [ROLE.director]);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const [finance] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'finance'));
  if (!admin || !finance) return;
  const adminActor = seedActor(admin.id, 'admin', [1]);
  const financeActor = seedActor(finance.id, 'finance', [ROLE.finance]);
  /** A new order of a student of the campus, paid in full and approved by finance `ago` days ago. */
  const effective = async (campus: string, k: number, ago: number) => {
    // Students already holding hours buy more of the same course (SH01's students without hours are
    // the teaching tests').
    const [s] = await db
      .selectDistinct({ id: students.id, courseCode: studentLedger.courseCode })
      .from(students)
      .innerJoin(studentLedger, eq(studentLedger.studentId, students.id))
      .where(and(eq(students.schoolItemCode, campus), ne(students.status, STUDENT_STATUS.deleted)))
      .orderBy(desc(students.id), studentLedger.courseCode)
      .offset(k)
      .limit(1);
    if (!s) return null;
    const deps = { db, ...wiring, now: () => new Date(now.getTime() - ago * 86_400_000) };
    const o = await createOrder(
      deps,
      adminActor,
      {
        schoolItemCode: campus,
        studentId: s.id,
        orderType: 1,
        adviserId: salesRow.id,
        items: [{ courseCode: s.courseCode, quantity: 16, giftQuantity: 0 }],
        manualDiscount: '0',
        remark: '',
      },
      IP,
    );
    const [row] = await db.select({ payable: orders.payableCents }).from(orders).where(eq(orders.id, o.id));
    const r = await addPayRecord(
      deps,
      adminActor,
      {
        orderId: o.id,
        payer: 'family',
        method: 2,
        amount: fromCents(row?.payable ?? 0),
        paidAt: deps.now().toISOString(),
        remark: '',
      },
      IP,
    );
    if (r.approvalId)
      await decide(deps, financeActor, { id: r.approvalId, pass: true, comment: '已到账' }, IP);
    return o;
  };
  const plan: Array<[string, Outcome, string, string, string]> = [
    ['SH01', 'waiting', 'MOVE', '家庭搬迁到外地，申请退还剩余课时费用', '王女士'],
    ['SH01', 'rejected', 'OTHER', '孩子不适应一对一课程，申请全额退费', '刘先生'],
    ['SH01', 'withdrawn', 'MOVE', '暂时搬家，后经沟通改为请假', '陈女士'],
    ['SH02', 'approved', 'MOVE', '家庭搬迁到外地，申请退还剩余课时费用', '赵先生'],
    ['HZ01', 'approved', 'OTHER', '孩子入读全日制学校，时间冲突', '孙女士'],
  ];
  const used = new Map<string, number>();
  for (const [i, [campus, outcome, reasonCode, content, applicantName]] of plan.entries()) {
    const k = used.get(campus) ?? 0;
    used.set(campus, k + 1);
    const o = await effective(campus, k, 25 - 2 * i);
    if (!o) continue;
    const at = new Date(now.getTime() - (12 - 2 * i) * 86_400_000);
    const { approvalId } = await addApplication(seedDeps(wiring, db, at), sales, {
      orderId: o.id,
      reasonCode,
      content,
      applicantName,
      applicantPhone: `1391234${String(5670 + i)}`,
    });
    const later = { db, ...wiring, now: () => new Date(at.getTime() + 86_400_000) };
    if (outcome === 'waiting') continue;
    if (outcome === 'withdrawn')
      await cancelRequest(
        seedDeps(wiring, db, later.now()),
        sales,
        { id: approvalId, comment: '家长改为请假' },
        IP,
      );
    else
      await decide(
        later,
        director,
        outcome === 'approved'
          ? { id: approvalId, pass: true, comment: '已与家长确认' }
          : { id: approvalId, pass: false, comment: '课程已消耗过半，请与家长沟通调课' },
        IP,
      );
  }
}
