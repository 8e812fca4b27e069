// Demo refunds and adjustments (deterministic), filed and decided through the slice's own commands
// and the approval engine, so /financial/refundApproval and /financial/adjustApproval open on every
// state: waiting for the campus head, waiting for finance, passed (the ledger moved), rejected.
// They touch the last effective demo orders, leaving the first students' balances as the orders
// seed made them.
import { desc, eq, inArray } from 'drizzle-orm';
import { ROLE } from '@bo/domain';
import { seedActor, type SeedContext } from '../../seed/context.js';
import { adjustCostReasons, users } from '../../db/schema.js';
import { decide } from '../approvals/index.js';
import { balances } from '../ledger/index.js';
import { orders, ORDER_STATUS_CODE } from '../orders/index.js';
import { createAdjust, createRefund } from './service.js';

const IP = '127.0.0.1';

export async function seedRefundsDemo({ db, now, wiring }: SeedContext) {
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.username, ['sales', 'director', 'finance']));
  const row = (name: string) => people.find((p) => p.username === name);
  const [salesRow, directorRow, financeRow] = [row('sales'), row('director'), row('finance')];
  const [reason] = await db
    .select()
    .from(adjustCostReasons)
    .where(eq(adjustCostReasons.validStatus, 1))
    .limit(1);
  if (!salesRow || !directorRow || !financeRow || !reason) return;
  const sales = seedActor(salesRow.id, 'sales', [ROLE.consultant]);
  const director = seedActor(directorRow.id, 'director', [ROLE.director]);
  const finance = seedActor(financeRow.id, 'finance', [ROLE.finance]);
  const deps = { db, ...wiring, now: () => now };
  // The demo campus head's campuses first, so the director can decide the waiting ones.
  const near = new Set(['SH01', 'SH02', 'HZ01', 'NJ01']);
  const effective = (
    await db
      .select()
      .from(orders)
      .where(eq(orders.status, ORDER_STATUS_CODE.effective))
      .orderBy(desc(orders.id))
  )
    .sort((x, y) => Number(near.has(y.schoolItemCode)) - Number(near.has(x.schoolItemCode)))
    .slice(0, 7);
  const pass = (id: number, by = finance, comment = '') => decide(deps, by, { id, pass: true, comment }, IP);
  const reject = (id: number, by: typeof finance, comment: string) =>
    decide(deps, by, { id, pass: false, comment }, IP);
  const firstItem = async (orderId: number) => (await balances(db, { orderId }))[0]?.orderItemId ?? 0;

  // Refunds: waiting for the campus head, waiting for finance, passed, rejected.
  const refund = async (orderId: number, hours: number) =>
    createRefund(deps, sales, {
      orderId,
      reasonCode: 'MOVE',
      remark: '家庭搬迁，退剩余部分课时',
      items: [{ orderItemId: await firstItem(orderId), hours }],
    });
  const [a, b, c, d, e, f, g] = effective;
  if (a) await refund(a.id, 2);
  if (b) await pass((await refund(b.id, 3)).approvalId, director, '同意');
  if (c) {
    const r = await refund(c.id, 4);
    await pass(r.approvalId, director, '同意');
    await pass(r.approvalId, finance, '已退款');
  }
  if (d) await reject((await refund(d.id, 1)).approvalId, director, '家长已撤回申请');

  // Adjustments: waiting, passed (hours and value move), rejected.
  const adjust = async (orderId: number, hours100: number, valueCents: number) =>
    createAdjust(deps, sales, {
      orderId,
      reasonId: reason.id,
      remark: '补录赠送课时',
      items: [{ orderItemId: await firstItem(orderId), hours100, valueCents }],
    });
  if (e) await adjust(e.id, 100, 0);
  if (f) await pass((await adjust(f.id, -100, -5000)).approvalId, finance, '核对无误');
  if (g) await reject((await adjust(g.id, 200, 0)).approvalId, finance, '赠送超出活动规则');
}
