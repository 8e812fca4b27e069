// Split billing, collected in bulk (docs/decisions.md "Money core"): a funder pays the funder shares
// of many orders with one bank transfer. The orders it still owes on, and the command that records
// that payment as one funder pay record per order in one transaction — all or nothing.
import { fromCents, centsOf } from '@bo/domain';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { badInput, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { monthBound } from '../../shared/days.js';
import { settlementOrgs } from '../../db/schema.js';
import { students } from '../students/index.js';
import { PAY_LIVE, loadOrder } from './common.js';
import { addRecord, paidAtOf } from './service.js';
import { statusName } from './states.js';
import { orders, payRecords } from './tables.js';

const recordedSql = sql<string>`(select coalesce(sum(p.amount_cents), 0) from pay_records p where p.order_id = ${orders.id} and p.payer = 'funder' and p.status in (10, 20))::text`;

/** One funder's orders of a month (created in it, not revoked) with its share, what it recorded and what it owes. */
export async function funderOrders(
  deps: AppDeps,
  u: AuthUser,
  q: { month: string; funderCode: string; schoolItemCode?: string | undefined },
) {
  if (q.schoolItemCode) assertCampus(u, q.schoolItemCode);
  const scope = campusScope(u);
  const { start: from, end: to } = monthBound('month', q.month);
  const rows = await deps.db
    .select({
      o: orders,
      studentName: students.name,
      studentCode: students.code,
      recorded: recordedSql,
    })
    .from(orders)
    .innerJoin(students, eq(students.id, orders.studentId))
    .where(
      and(
        eq(orders.funderCode, q.funderCode),
        sql`${orders.funderCents} > 0`,
        sql`${orders.status} <> 90`,
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        scope ? inArray(orders.schoolItemCode, [...scope, '']) : undefined,
        q.schoolItemCode ? eq(orders.schoolItemCode, q.schoolItemCode) : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map(({ o, studentName, studentCode, recorded }) => ({
    orderId: o.id,
    orderCode: o.code,
    studentName,
    studentCode,
    schoolItemCode: o.schoolItemCode,
    status: o.status,
    statusName: statusName(o.status),
    createdAt: o.createdAt.toISOString(),
    share: fromCents(o.funderCents),
    recorded: fromCents(Number(recorded)),
    due: fromCents(o.funderCents - Number(recorded)),
  }));
}

export interface FunderPaymentInput {
  funderCode: string;
  method: number;
  paidAt: string;
  reference: string;
  total: string;
  remark: string;
  items: ReadonlyArray<{ orderId: number; amount: string }>;
}

/**
 * Records one funder payment covering many orders' funder shares, in one transaction: the items
 * must add up to the total to the cent, each order must be the funder's and in the caller's
 * campuses, and no item may exceed what the funder still owes on its order (422 naming the order).
 * Each item becomes a funder pay record (reference `<bank serial>/<order code>`, so entering the same
 * transfer twice is refused by the reference rule) and may complete its order's payment, which
 * files the payment approval as any record does.
 */
export async function payFunder(deps: AppDeps, u: AuthUser, b: FunderPaymentInput, ip: string) {
  const at = deps.now();
  const paidAt = paidAtOf(b.paidAt, at);
  const amounts = b.items.map((i) => centsOf(i.amount));
  const sum = amounts.reduce((s, c) => s + c, 0);
  if (sum !== centsOf(b.total))
    throw badInput(
      'total',
      `total: 合计 ¥${fromCents(centsOf(b.total))} 与各订单金额之和 ¥${fromCents(sum)} 不符 / the total ¥${fromCents(centsOf(b.total))} is not the sum of the orders’ amounts ¥${fromCents(sum)}`,
    );
  const seen = new Set<number>();
  b.items.forEach((i, n) => {
    if (seen.has(i.orderId))
      throw badInput(`items.${n}.orderId`, `items.${n}.orderId: 订单重复 / the order is listed twice`);
    seen.add(i.orderId);
  });
  const actor = { userId: u.id, username: u.username, at, ip };
  return deps.db.transaction(async (tx) => {
    const [org] = await tx
      .select({ code: settlementOrgs.code })
      .from(settlementOrgs)
      .where(eq(settlementOrgs.code, b.funderCode));
    if (!org) throw badInput('funderCode', 'funderCode: 资助方不存在 / no such funder');
    // Orders are locked in id order, so two bulk payments touching the same orders cannot deadlock.
    const order = b.items.map((i, n) => ({ ...i, n, cents: amounts[n] ?? 0 }));
    order.sort((x, y) => x.orderId - y.orderId);
    const records: Array<{ orderId: number; orderCode: string; id: number; orderStatus: number }> = [];
    for (const item of order) {
      const o = await loadOrder(tx, u, item.orderId, true);
      if (o.funderCode !== b.funderCode || o.funderCents <= 0)
        throw badInput(
          `items.${item.n}.orderId`,
          `items.${item.n}.orderId: 订单 ${o.code} 不由该资助方分摊 / order ${o.code} has no share of this funder`,
        );
      const [live] = await tx
        .select({ cents: sql<string>`coalesce(sum(${payRecords.amountCents}), 0)::text` })
        .from(payRecords)
        .where(
          and(
            eq(payRecords.orderId, o.id),
            eq(payRecords.payer, 'funder'),
            inArray(payRecords.status, PAY_LIVE),
          ),
        );
      const owed = o.funderCents - Number(live?.cents ?? 0);
      if (item.cents > owed)
        throw ruleViolation(
          `items.${item.n}.amount: 订单 ${o.code} 资助方仅欠 ¥${fromCents(Math.max(owed, 0))} / order ${o.code}: the funder owes only ¥${fromCents(Math.max(owed, 0))}`,
          `items.${item.n}.amount`,
        );
      const r = await addRecord(
        tx,
        o,
        {
          orderId: o.id,
          payer: 'funder',
          method: b.method,
          amountCents: item.cents,
          paidAt,
          reference: `${b.reference}/${o.code}`,
          remark: b.remark,
          maxDaysBack: deps.config.PAY_DATE_MAX_DAYS_BACK,
        },
        actor,
      );
      records.push({ orderId: o.id, orderCode: o.code, id: r.id, orderStatus: r.orderStatus });
    }
    await writeAudit(tx, {
      action: 'order.funderPayment',
      target: `fee_settlement_orgs:${b.funderCode}`,
      detail: { reference: b.reference, cents: sum, orders: records.map((r) => r.orderCode) },
      userId: u.id,
      username: u.username,
      ip,
      at,
    });
    return { count: records.length, total: fromCents(sum), records };
  });
}
