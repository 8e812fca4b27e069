// Demo agreements (issue 34 §5): paper contracts, contract supplements (terms and amounts) and
// service-time changes on the demo's effective orders, filed and decided through the slice's own
// commands and the approval engine, so /financial/recoveredAgree, supplementAgree, amountSupplement
// and validityDate open on every state: waiting for the campus head, waiting for finance, approved,
// rejected, withdrawn. Service-time changes are filed for students outside SH01 (the contract tests
// file one for SH01's first student).
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { ROLE, STUDENT_STATUS } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { orders, students, users } from '../../db/schema.js';
import { cancelRequest, decide } from '../approvals/index.js';
import { addPaperContract, addSupplement, applyServiceTime } from './service.js';
import { ORDER_STATUS_CODE } from '../orders/index.js';

const IP = '127.0.0.1';
const DIRECTOR_CAMPUSES = ['SH01', 'SH02', 'HZ01', 'NJ01'];
type Outcome = 'waitingHead' | 'waitingFinance' | 'approved' | 'rejected' | 'withdrawn';

export async function seedAgreementsDemo({ db, now, wiring }: SeedContext) {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['sales', 'director', 'finance']));
  const row = (name: string) => people.find((p) => p.username === name);
  const [salesRow, directorRow, financeRow] = [row('sales'), row('director'), row('finance')];
  if (!salesRow || !directorRow || !financeRow) return;
  // The consultant files; the campus head and finance decide.
  const sales = seedActor(salesRow.id, 'sales', [ROLE.consultant]);
  const director = seedActor(directorRow.id, 'director', [ROLE.director]);
  const finance = seedActor(financeRow.id, 'finance', [ROLE.finance]);
  // The campus head's campuses first, so the head can decide what waits for them.
  const effective = (
    await db
      .select({ id: orders.id, campus: orders.schoolItemCode })
      .from(orders)
      .where(eq(orders.status, ORDER_STATUS_CODE.effective))
      .orderBy(asc(orders.id))
  ).sort(
    (x, y) => Number(DIRECTOR_CAMPUSES.includes(y.campus)) - Number(DIRECTOR_CAMPUSES.includes(x.campus)),
  );
  if (!effective.length) return;
  let day = 40;
  /** Filed `day` days ago by the consultant, decided a day later. */
  const settle = async (approvalId: number, outcome: Outcome, twoSteps: boolean) => {
    const deps = { db, ...wiring, now: () => new Date(now.getTime() - (day - 1) * 86_400_000) };
    if (outcome === 'waitingHead' || (!twoSteps && outcome === 'waitingFinance')) return;
    if (outcome === 'withdrawn') {
      await cancelRequest(
        seedDeps(wiring, db, deps.now()),
        sales,
        { id: approvalId, comment: '家长改期签约，先撤回' },
        IP,
      );
      return;
    }
    if (outcome === 'rejected') {
      const by = twoSteps ? director : finance;
      await decide(deps, by, { id: approvalId, pass: false, comment: '附件不清晰，请重新上传' }, IP);
      return;
    }
    if (twoSteps) await decide(deps, director, { id: approvalId, pass: true, comment: '同意' }, IP);
    if (outcome === 'waitingFinance') return;
    await decide(deps, finance, { id: approvalId, pass: true, comment: '核对无误' }, IP);
  };
  const at = () => seedDeps(wiring, db, new Date(now.getTime() - day * 86_400_000));
  const order = (i: number) => effective[i % effective.length] ?? effective[0];

  // Paper contracts (finance decides): one per order, in each state.
  const paper: Outcome[] = ['approved', 'approved', 'waitingFinance', 'rejected', 'withdrawn', 'approved'];
  for (const [i, outcome] of paper.entries()) {
    const o = order(i);
    if (!o) continue;
    const r = await addPaperContract(at(), sales, {
      orderId: o.id,
      contractNo: `HT${String(now.getUTCFullYear())}${String(1000 + i)}`,
      signedDate: new Date(now.getTime() - (day + 2) * 86_400_000).toISOString().slice(0, 10),
      remark: i === 0 ? '原件已归档至校区档案柜' : '',
    });
    await settle(r.approvalId, outcome, false);
    day -= 3;
  }
  // Supplements (campus head, then finance): terms and amounts.
  const supplements: Array<[Outcome, 'terms' | 'amount', string, string | undefined]> = [
    ['approved', 'terms', '双方同意课程有效期内可在同城校区上课', undefined],
    ['waitingHead', 'terms', '家长申请每周固定周六上午排课', undefined],
    ['waitingFinance', 'amount', '补录线下收取的教材费', '360.00'],
    ['approved', 'amount', '补录活动赠送课时对应金额', '800.00'],
    ['rejected', 'amount', '补录评估报告费', '1200.00'],
    ['withdrawn', 'terms', '约定暑期暂停两周', undefined],
  ];
  for (const [i, [outcome, kind, content, amount]] of supplements.entries()) {
    const o = order(i + 1);
    if (!o) continue;
    const r = await addSupplement(at(), sales, { orderId: o.id, kind, content, amount });
    await settle(r.approvalId, outcome, true);
    day -= 2;
  }
  // Service-time changes (campus head, then finance), for students outside SH01.
  const pupils = await db
    .select({ id: students.id, end: students.serviceEndDate })
    .from(students)
    .where(
      and(
        inArray(
          students.schoolItemCode,
          DIRECTOR_CAMPUSES.filter((c) => c !== 'SH01'),
        ),
        ne(students.status, STUDENT_STATUS.deleted),
      ),
    )
    .orderBy(asc(students.id))
    .limit(4);
  const service: Array<[Outcome, string, number]> = [
    ['approved', '住院治疗两个月，服务期顺延', 60],
    ['waitingHead', '家庭外地探亲，服务期顺延一个月', 30],
    ['waitingFinance', '疫情停课补偿顺延', 45],
    ['rejected', '家长申请顺延半年', 180],
  ];
  for (const [i, [outcome, reason, days]] of service.entries()) {
    const p = pupils[i];
    if (!p) continue;
    const base = p.end ?? new Date(now.getTime() + 200 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.parse(`${base}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const r = await applyServiceTime(at(), sales, { studentId: p.id, serviceEndDate: end, reason });
    await settle(r.approvalId, outcome, true);
    day -= 2;
  }
}
