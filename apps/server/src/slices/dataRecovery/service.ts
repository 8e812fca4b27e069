// Order recovery (docs/decisions.md "Data recovery"): an administrator voids a duplicate confirmed
// pay record or switches an order between new enrolment and renewal. A GET previews, a POST changes
// in one transaction, records the repair (before, after, reason) and the audit; a repair is undone by
// its own POST. Hours never move here: a pay record the ledger needs is refused (refund it instead).
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, noPermission, notFound, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { orders, payRecords, students } from '../../db/schema.js';
import { PAY_CONFIRMED, PAY_REJECTED, PAY_VOID, ORDER_STATUS_CODE } from '../orders/index.js';
import { dataRepairs } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

/** The pay records' void status (orders/tables.ts). */
const NEW_ENROLMENT = 1;
const RENEWAL = 0;

export interface Caller {
  user: AuthUser;
  ip: string;
}

/** Repairs change money records outside their workflows: the administrator role only. */
export function assertAdmin(u: AuthUser) {
  if (!u.isAdmin)
    throw noPermission('只有系统管理员可以修复订单数据 / only an administrator may repair orders');
}

type Repair = typeof dataRepairs.$inferSelect;

function describe(r: Repair): string {
  if (r.kind === 'deleteIncome')
    return `作废收款记录 #${r.targetId}（${((r.before.amountCents ?? 0) / 100).toFixed(2)} 元） / pay record #${r.targetId} voided`;
  const name = (t: number | undefined) => (t === NEW_ENROLMENT ? '新签 / new' : '续费 / renewal');
  return `订单类型 ${name(r.before.orderType)} → ${name(r.after.orderType)} / order type changed`;
}

async function orderRow(db: DbOrTx, where: ReturnType<typeof eq>) {
  const [o] = await db.select().from(orders).where(where);
  if (!o) throw notFound('订单 / order');
  return o;
}

/** The paid value the ledger holds for an order's purchases (reversals of purchases counted back). */
async function ledgerPaid(db: DbOrTx, orderId: number): Promise<number> {
  const r = (await db.execute(sql`
    select coalesce(sum(m.value_cents), 0)::text as v
    from student_ledger m left join student_ledger r on r.id = m.reverses_id
    where m.order_id = ${orderId} and coalesce(r.kind, m.kind) = 'purchase'`)) as unknown as {
    rows: { v: string }[];
  };
  return Number(r.rows[0]?.v ?? 0);
}

async function orderView(db: DbOrTx, u: AuthUser, orderId: number) {
  const o = await orderRow(db, eq(orders.id, orderId));
  assertCampus(u, o.schoolItemCode);
  const [st] = await db.select().from(students).where(eq(students.id, o.studentId));
  const records = await db
    .select()
    .from(payRecords)
    .where(eq(payRecords.orderId, o.id))
    .orderBy(payRecords.paidAt, payRecords.id);
  const repairs = await db
    .select()
    .from(dataRepairs)
    .where(eq(dataRepairs.orderId, o.id))
    .orderBy(desc(dataRepairs.doneAt), desc(dataRepairs.id));
  return {
    orderId: o.id,
    orderCode: o.code,
    schoolItemCode: o.schoolItemCode,
    studentCode: st?.code ?? '',
    studentName: st?.name ?? '',
    orderType: o.orderType,
    status: o.status,
    payableCents: o.payableCents,
    paidCents: o.paidCents,
    ledgerPaidCents: await ledgerPaid(db, o.id),
    payRecords: records.map(payView),
    repairs: repairs.map((r) => ({
      id: r.id,
      kind: r.kind === 'deleteIncome' ? ('deleteIncome' as const) : ('updateIsNew' as const),
      description: describe(r),
      reason: r.reason,
      doneBy: r.doneByName,
      doneAt: r.doneAt.toISOString(),
      revertedAt: r.revertedAt ? r.revertedAt.toISOString() : null,
      revertReason: r.revertReason,
    })),
  };
}

const payView = (p: typeof payRecords.$inferSelect) => ({
  id: p.id,
  method: p.method,
  amountCents: p.amountCents,
  paidAt: p.paidAt.toISOString(),
  reference: p.reference ?? '',
  status: p.status,
});

/** A pay record moved to a status and its order's paid sum set with it, both versions raised. */
async function movePayment(
  tx: DbOrTx,
  payRecordId: number,
  status: number,
  orderId: number,
  paidCents: number,
  at: Date,
) {
  await updateVersioned(tx, payRecords, {
    where: eq(payRecords.id, payRecordId),
    version: undefined,
    set: { status },
    at,
  });
  await updateVersioned(tx, orders, {
    where: eq(orders.id, orderId),
    version: undefined,
    set: { paidCents },
    at,
  });
}

export async function incomeDetail(deps: AppDeps, u: AuthUser, orderCode: string) {
  assertAdmin(u);
  const o = await orderRow(deps.db, eq(orders.code, orderCode));
  return orderView(deps.db, u, o.id);
}

/** Why voiding this record would break the books, or '' when it may be voided. */
function voidRefusal(p: typeof payRecords.$inferSelect, paidAfter: number, ledger: number): string {
  if (p.status !== PAY_CONFIRMED)
    return '只能作废已确认的收款记录 / only a confirmed pay record can be voided';
  if (paidAfter < ledger)
    return '该笔收款已计入学员课时，请走退费流程 / the payment is in the student’s hours: refund it instead';
  return '';
}

export async function deleteIncomePreview(deps: AppDeps, u: AuthUser, payRecordId: number) {
  assertAdmin(u);
  const [p] = await deps.db.select().from(payRecords).where(eq(payRecords.id, payRecordId));
  if (!p) throw notFound('收款记录 / pay record', 'payRecordId');
  const order = await orderView(deps.db, u, p.orderId);
  const paidAfterCents = p.status === PAY_CONFIRMED ? order.paidCents - p.amountCents : order.paidCents;
  const refusal = voidRefusal(p, paidAfterCents, order.ledgerPaidCents);
  return { order, payRecord: payView(p), paidAfterCents, allowed: refusal === '', refusal };
}

/** `field`: the request's key that named the record (none when the server found it itself). */
async function lockPay(tx: DbOrTx, id: number, field?: string) {
  const [p] = await tx.select().from(payRecords).where(eq(payRecords.id, id)).for('update');
  if (!p) throw notFound('收款记录 / pay record', field);
  return p;
}
async function lockOrder(tx: DbOrTx, u: AuthUser, id: number, field?: string) {
  const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!o) throw notFound('订单 / order', field);
  assertCampus(u, o.schoolItemCode);
  return o;
}

async function record(
  tx: DbOrTx,
  c: Caller,
  at: Date,
  r: Pick<Repair, 'kind' | 'orderId' | 'targetId' | 'before' | 'after' | 'reason'>,
) {
  const [row] = await tx
    .insert(dataRepairs)
    .values({ ...r, doneBy: c.user.id, doneByName: c.user.name, doneAt: at })
    .returning({ id: dataRepairs.id });
  if (!row) throw new Error('insert returned no row');
  await writeAudit(tx, {
    action: `dataRecovery.${r.kind}`,
    target: `order:${r.orderId}`,
    detail: { repairId: row.id, targetId: r.targetId, before: r.before, after: r.after, reason: r.reason },
    userId: c.user.id,
    username: c.user.username,
    ip: c.ip,
    at,
  });
  return row.id;
}

export async function deleteIncome(deps: AppDeps, c: Caller, payRecordId: number, reason: string) {
  assertAdmin(c.user);
  const at = deps.now();
  const repairId = await deps.db.transaction(async (tx) => {
    const p = await lockPay(tx, payRecordId, 'payRecordId');
    const o = await lockOrder(tx, c.user, p.orderId);
    const paidAfter = o.paidCents - p.amountCents;
    const refusal = voidRefusal(p, paidAfter, await ledgerPaid(tx, o.id));
    if (refusal) throw ruleViolation(refusal, 'payRecordId');
    await movePayment(tx, p.id, PAY_VOID, o.id, paidAfter, at);
    return record(tx, c, at, {
      kind: 'deleteIncome',
      orderId: o.id,
      targetId: p.id,
      before: { status: p.status, amountCents: p.amountCents, orderPaidCents: o.paidCents },
      after: { status: PAY_VOID, amountCents: p.amountCents, orderPaidCents: paidAfter },
      reason,
    });
  });
  const [p] = await deps.db.select().from(payRecords).where(eq(payRecords.id, payRecordId));
  return { repairId, order: await orderView(deps.db, c.user, p?.orderId ?? 0) };
}

export async function isNewDetail(deps: AppDeps, u: AuthUser, orderCode: string) {
  assertAdmin(u);
  const o = await orderRow(deps.db, eq(orders.code, orderCode));
  const order = await orderView(deps.db, u, o.id);
  const since = o.effectiveAt ?? o.createdAt;
  const earlier = await deps.db
    .select({ code: orders.code, orderType: orders.orderType, effectiveAt: orders.effectiveAt })
    .from(orders)
    .where(
      and(
        eq(orders.studentId, o.studentId),
        sql`${orders.id} <> ${o.id}`,
        sql`${orders.effectiveAt} is not null and ${orders.effectiveAt} < ${since.toISOString()}::timestamptz`,
        notInArray(orders.status, [ORDER_STATUS_CODE.revoked]),
      ),
    )
    .orderBy(orders.effectiveAt);
  const allowed = o.orderType === NEW_ENROLMENT || o.orderType === RENEWAL;
  return {
    order,
    isNew: o.orderType === NEW_ENROLMENT,
    suggestedIsNew: earlier.length === 0,
    earlierOrders: earlier.map((e) => ({
      code: e.code,
      orderType: e.orderType,
      effectiveAt: e.effectiveAt ? e.effectiveAt.toISOString() : '',
    })),
    allowed,
    refusal: allowed
      ? ''
      : '只有新签和续费订单可以修改类型 / only new-enrolment and renewal orders can be switched',
  };
}

export async function updateIsNew(deps: AppDeps, c: Caller, orderId: number, isNew: boolean, reason: string) {
  assertAdmin(c.user);
  const at = deps.now();
  const repairId = await deps.db.transaction(async (tx) => {
    const o = await lockOrder(tx, c.user, orderId, 'orderId');
    if (o.orderType !== NEW_ENROLMENT && o.orderType !== RENEWAL)
      throw ruleViolation(
        '只有新签和续费订单可以修改类型 / only new-enrolment and renewal orders can be switched',
        'orderId',
      );
    const to = isNew ? NEW_ENROLMENT : RENEWAL;
    if (o.orderType === to) throw badInput('isNew', '订单已是该类型 / the order already has this type');
    await updateVersioned(tx, orders, {
      where: eq(orders.id, o.id),
      version: undefined,
      set: { orderType: to },
      at,
    });
    return record(tx, c, at, {
      kind: 'updateIsNew',
      orderId: o.id,
      targetId: o.id,
      before: { orderType: o.orderType },
      after: { orderType: to },
      reason,
    });
  });
  return { repairId, order: await orderView(deps.db, c.user, orderId) };
}

/** Undoes a repair when the record still is as the repair left it. */
export async function revert(deps: AppDeps, c: Caller, repairId: number, reason: string) {
  assertAdmin(c.user);
  const at = deps.now();
  const orderId = await deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(dataRepairs).where(eq(dataRepairs.id, repairId)).for('update');
    if (!r) throw notFound('修复记录 / repair', 'repairId');
    if (r.revertedAt) throw conflict('该修复已撤销 / the repair was already undone', 'repairId');
    const o = await lockOrder(tx, c.user, r.orderId);
    if (r.kind === 'deleteIncome') {
      const p = await lockPay(tx, r.targetId);
      if (p.status !== PAY_VOID)
        throw conflict('收款记录已被修改，无法撤销 / the pay record has changed since', 'repairId');
      if (p.reference) {
        const [clash] = await tx
          .select({ id: payRecords.id })
          .from(payRecords)
          .where(
            and(
              eq(payRecords.method, p.method),
              eq(payRecords.reference, p.reference),
              notInArray(payRecords.status, [PAY_REJECTED, PAY_VOID]),
            ),
          );
        if (clash)
          throw conflict(
            `流水号已被收款记录 #${clash.id} 使用 / the reference is used by pay record #${clash.id}`,
            'repairId',
          );
      }
      await movePayment(tx, p.id, PAY_CONFIRMED, o.id, o.paidCents + p.amountCents, at);
    } else {
      if (o.orderType !== r.after.orderType)
        throw conflict('订单类型已被修改，无法撤销 / the order type has changed since', 'repairId');
      await updateVersioned(tx, orders, {
        where: eq(orders.id, o.id),
        version: undefined,
        set: { orderType: r.before.orderType ?? o.orderType },
        at,
      });
    }
    await tx
      .update(dataRepairs)
      .set({ revertedBy: c.user.id, revertedAt: at, revertReason: reason })
      .where(eq(dataRepairs.id, r.id));
    await writeAudit(tx, {
      action: 'dataRecovery.revert',
      target: `order:${r.orderId}`,
      detail: { repairId: r.id, kind: r.kind, reason },
      userId: c.user.id,
      username: c.user.username,
      ip: c.ip,
      at,
    });
    return r.orderId;
  });
  return { repairId, order: await orderView(deps.db, c.user, orderId) };
}
