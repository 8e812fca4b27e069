// The payment approval as a kind of the approval engine (docs/approvals.md): records covering an
// order exactly file it; a pass confirms them and posts the purchase and gift hours to the ledger
// in the decision's transaction; a reject sends the order back; a revoke undoes it while nothing
// of it was consumed or refunded.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { writeAudit } from '../../shared/audit.js';
import { lockOne } from '../../shared/stateMachine.js';
import { registerApprovalKind, type HookContext } from '../approvals/index.js';
import { balances, onLedgerPosted, post, reverse, toQ100, type Movement } from '../ledger/index.js';
import { assertOpenAt } from '../sealing/index.js';
import { PAY_CONFIRMED, PAY_PENDING, PAY_REJECTED, PAY_VOID, type OrderRecord } from './common.js';
import { typeAtEffect } from './orderType.js';
import { nextStatus, type OrderState, ORDER_STATUS_CODE } from './states.js';
import { orderItems, orders, payRecords } from './tables.js';
import { nextVersion, updateVersioned } from '../../shared/versioned.js';

export const INCOME_ORDER_PAY = 'incomeOrderPay';
/** The ledger's source type of the movements an income order posts. */
export const INCOME_ORDER_SOURCE = 'incomeOrder';

const Payload = z.object({ orderId: z.number().int() });
type Payload = z.infer<typeof Payload>;

async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRecord> {
  return lockOne(tx.select().from(orders).where(eq(orders.id, id)), '订单 / order');
}

async function move(tx: DbOrTx, o: OrderRecord, status: number, at: Date, patch: Partial<OrderRecord> = {}) {
  await updateVersioned(tx, orders, {
    where: eq(orders.id, o.id),
    version: o.version,
    set: { ...patch, status },
    at,
  });
}

const audit = (c: HookContext<Payload>, action: string, o: OrderRecord) =>
  writeAudit(c.tx, {
    action,
    target: `orders:${o.code}`,
    detail: { approval: c.request.id, comment: c.comment },
    userId: c.actor.id,
    username: c.actor.username,
    at: c.now,
  });

/** The purchase (paid hours at the price paid) and gift (value 0) movements of an order's lines. */
export async function purchaseMovements(tx: DbOrTx, o: OrderRecord): Promise<Movement[]> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id));
  const base = (i: (typeof items)[number]) => ({
    studentId: o.studentId,
    schoolItemCode: o.schoolItemCode,
    orderId: o.id,
    orderItemId: i.id,
    courseCode: i.courseCode,
    sourceType: INCOME_ORDER_SOURCE,
    sourceId: o.id,
  });
  return items.flatMap((i) => [
    { ...base(i), kind: 'purchase' as const, hours100: toQ100(i.quantity), valueCents: i.amountCents },
    ...(toQ100(i.giftQuantity) > 0
      ? [{ ...base(i), kind: 'gift' as const, hours100: toQ100(i.giftQuantity), valueCents: 0 }]
      : []),
  ]);
}

/** Pending records of the order to a status (confirmed on a pass, rejected on a reject). */
async function settleRecords(tx: DbOrTx, orderId: number, from: number[], to: number, at: Date) {
  await tx
    .update(payRecords)
    .set({ status: to, updatedAt: at, version: nextVersion(payRecords) })
    .where(and(eq(payRecords.orderId, orderId), inArray(payRecords.status, from)));
  const [sum] = await tx
    .select({ cents: sql<string>`coalesce(sum(${payRecords.amountCents}), 0)::text` })
    .from(payRecords)
    .where(and(eq(payRecords.orderId, orderId), eq(payRecords.status, PAY_CONFIRMED)));
  return Number(sum?.cents ?? 0);
}

/**
 * Confirming or voiding pay records changes the income of the months they are dated in: refused
 * (sealing's 409) when one of them is dated in a sealed month. Rejecting pending ones is not (they
 * never counted).
 */
async function assertRecordsOpen(tx: DbOrTx, orderId: number, statuses: number[]) {
  const recs = await tx
    .select({ paidAt: payRecords.paidAt })
    .from(payRecords)
    .where(and(eq(payRecords.orderId, orderId), inArray(payRecords.status, statuses)));
  for (const r of recs) await assertOpenAt(tx, r.paidAt, '付款记录 / pay records', 'paidAt');
}

async function sendBack(c: HookContext<Payload>) {
  const o = await lockOrder(c.tx, c.payload.orderId);
  const paid = await settleRecords(c.tx, o.id, [PAY_PENDING], PAY_REJECTED, c.now);
  const previous: OrderState = paid > 0 ? 'partPaid' : 'unpaid';
  await move(c.tx, o, nextStatus('reject', o.status, previous), c.now, { paidCents: paid });
  return o;
}

registerApprovalKind<Payload>({
  kind: INCOME_ORDER_PAY,
  subjectType: 'order',
  label: { 'zh-CN': '缴费审批', en: 'Payment approval' },
  payload: Payload,
  defaultSteps: [{ name: '财务审批', roles: [ROLE.finance], userIds: [], mode: 'any', aboveCents: null }],
  onPass: async (c) => {
    const o = await lockOrder(c.tx, c.payload.orderId);
    const status = nextStatus('approve', o.status);
    await assertRecordsOpen(c.tx, o.id, [PAY_PENDING]);
    const paid = await settleRecords(c.tx, o.id, [PAY_PENDING], PAY_CONFIRMED, c.now);
    // The first order of a student to take effect is its new enrolment, the later ones renewals.
    const orderType = await typeAtEffect(c.tx, o);
    await move(c.tx, o, status, c.now, { paidCents: paid, effectiveAt: c.now, orderType });
    await post(c.tx, await purchaseMovements(c.tx, o), { userId: c.actor.id, at: c.now });
    await audit(c, 'order.effective', o);
  },
  onReject: async (c) => {
    await audit(c, 'order.payRejected', await sendBack(c));
  },
  onCancel: async (c) => {
    await audit(c, 'order.payCancelled', await sendBack(c));
  },
  onRevoke: async (c) => {
    const o = await lockOrder(c.tx, c.payload.orderId);
    // The hours go back by reversals posted now (naming what they undo); the records' months must be open.
    await assertRecordsOpen(c.tx, o.id, [PAY_CONFIRMED]);
    // The order leaves 'effective' first, so the ledger's close-on-zero listener leaves it alone.
    await move(c.tx, o, nextStatus('revokeApproval', o.status), c.now, { paidCents: 0 });
    await settleRecords(c.tx, o.id, [PAY_CONFIRMED, PAY_PENDING], PAY_VOID, c.now);
    await reverse(c.tx, INCOME_ORDER_SOURCE, o.id, { userId: c.actor.id, at: c.now }, c.comment);
    await audit(c, 'order.payRevoked', o);
  },
});

// An effective order whose every item's balance reached zero is closed; hours coming back reopen it.
onLedgerPosted(async (tx, orderIds, by) => {
  const touched = await tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.id, orderIds),
        inArray(orders.status, [ORDER_STATUS_CODE.effective, ORDER_STATUS_CODE.closed]),
      ),
    );
  for (const o of touched) {
    const b = await balances(tx, { orderId: o.id });
    const empty = b.length > 0 && b.every((x) => x.remaining100 === 0 && x.remainingValueCents === 0);
    if (o.status === ORDER_STATUS_CODE.effective && empty)
      await move(tx, o, nextStatus('close', o.status), by.at);
    if (o.status === ORDER_STATUS_CODE.closed && !empty)
      await move(tx, o, nextStatus('reopen', o.status), by.at);
  }
});
