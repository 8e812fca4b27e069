// Instalments (issue 14, docs/decisions.md "Student services and agreements"): plan templates; an
// application to pay an unpaid order by terms is a `termBillApply` request on the approval engine;
// paying a term is a pay record of the order (orders.addRecord), so the order's state machine stays
// the one truth — the last term's record files the payment approval like any full payment.
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { schoolItems } from '../../db/schema.js';
import { z } from 'zod';
import { ROLE, fromCents, shanghaiDate, centsOf } from '@bo/domain';
import type { AppDeps, Ports } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, notFound, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { checkVersion, lockOne } from '../../shared/stateMachine.js';
import {
  approvalRequester as requester,
  approvalRequests,
  fileRequest,
  kindApprovalList,
  kindApprovalRow,
  type KindApprovalFilter,
  registerApprovalKind,
  withRequestFlow,
  type HookContext,
} from '../approvals/index.js';
import {
  PAY_CONFIRMED,
  PAY_PENDING,
  ORDER_STATUS_CODE,
  addRecord,
  loadOrder,
  orderItems,
  orders,
  paidAtOf,
  payDateWindow,
  payRecords,
  type OrderRecord,
} from '../orders/index.js';
import { students } from '../students/index.js';
import { holidaysBetween } from './holidays.js';
import { chosenOffer, offerOut, priceTermOffer, writeTermOffer, type OfferCodes } from './offers.js';
import { serviceEndDate } from './serviceEnd.js';
import { PLAN_ENABLED, TB, TERM_BILL_MACHINE, TERM_PAID, TERM_PAYING, TERM_UNPAID } from './states.js';
import { installmentPlans, termBillItems, termBills } from './tables.js';
import { addDays, dueDates, splitByShares } from './terms.js';
import { updateVersioned } from '../../shared/versioned.js';

export interface Deps {
  db: DbOrTx;
  now: () => Date;
  /** A term's activity or voucher is priced by pricing's offers. */
  ports: Pick<Ports, 'pricing'>;
  config?: { PAY_DATE_MAX_DAYS_BACK: number };
}

export const TERM_BILL_APPLY = 'termBillApply';

/** The Shanghai calendar day of an instant. */
export const dayOf = shanghaiDate;

// ---- plan templates ----

type PlanRecord = typeof installmentPlans.$inferSelect;
const planRow = (p: PlanRecord) => ({
  id: p.id,
  name: p.name,
  termCount: p.sharesBp.length,
  shares: p.sharesBp.map((bp) => bp / 100),
  intervalMonths: p.intervalMonths,
  firstDueDays: p.firstDueDays,
  status: p.status,
  remark: p.remark,
  updatedAt: p.updatedAt.toISOString(),
  version: p.version,
});

export async function planPage(
  deps: Deps,
  q: { pageIdx: number; pageSize: number; name?: string | undefined; status?: number | undefined },
) {
  const w = and(
    q.name ? ilike(installmentPlans.name, `%${q.name}%`) : undefined,
    q.status !== undefined ? eq(installmentPlans.status, q.status) : undefined,
  );
  const rows = await deps.db
    .select()
    .from(installmentPlans)
    .where(w)
    .orderBy(desc(installmentPlans.status), asc(installmentPlans.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(installmentPlans)
    .where(w);
  return { list: rows.map(planRow), total: Number(n?.n ?? 0), pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function planDetail(deps: Deps, id: number) {
  const [p] = await deps.db.select().from(installmentPlans).where(eq(installmentPlans.id, id));
  if (!p) throw notFound('分期方案 / instalment plan');
  return planRow(p);
}

export async function planSave(
  deps: Deps,
  u: AuthUser,
  b: {
    id?: number | undefined;
    version?: number | undefined;
    name: string;
    shares: number[];
    intervalMonths: number;
    firstDueDays: number;
    remark: string;
  },
) {
  const sharesBp = b.shares.map((s) => Math.round(s * 100));
  if (sharesBp.some((bp, i) => Math.abs(bp - (b.shares[i] ?? 0) * 100) > 1e-6))
    throw badInput('shares', 'shares: 每期比例最多2位小数 / each share has at most 2 decimals');
  const sum = sharesBp.reduce((s, x) => s + x, 0);
  if (sum !== 10000)
    throw badInput(
      'shares',
      `shares: 各期比例之和须为100%，现为 ${sum / 100}% / the shares must add up to 100% (now ${sum / 100}%)`,
    );
  const now = deps.now();
  const v = {
    name: b.name,
    sharesBp,
    intervalMonths: b.intervalMonths,
    firstDueDays: b.firstDueDays,
    remark: b.remark,
    updatedAt: now,
  };
  return deps.db.transaction(async (tx) => {
    if (b.id === undefined) {
      const [row] = await tx
        .insert(installmentPlans)
        .values({ ...v, createdBy: u.id, createdAt: now })
        .returning({ id: installmentPlans.id });
      await writeAudit(tx, {
        action: 'installmentPlan.create',
        target: `installmentPlans:${row?.id}`,
        userId: u.id,
        username: u.username,
        at: now,
      });
      return { id: must(row, 'plan').id };
    }
    const p = await lockOne(
      tx.select().from(installmentPlans).where(eq(installmentPlans.id, b.id)),
      '分期方案 / instalment plan',
      'id',
    );
    checkVersion(p.version, b.version);
    await updateVersioned(tx, installmentPlans, {
      where: eq(installmentPlans.id, p.id),
      version: p.version,
      set: { ...v },
    });
    await writeAudit(tx, {
      action: 'installmentPlan.update',
      target: `installmentPlans:${p.id}`,
      userId: u.id,
      username: u.username,
      at: now,
    });
    return { id: p.id };
  });
}

export async function planStatus(deps: Deps, u: AuthUser, id: number, status: number) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await updateVersioned(tx, installmentPlans, {
      where: eq(installmentPlans.id, id),
      version: undefined,
      set: { status },
      at: now,
      missing: '分期方案 / instalment plan',
    });
    await writeAudit(tx, {
      action: 'installmentPlan.status',
      target: `installmentPlans:${id}`,
      detail: { status },
      userId: u.id,
      username: u.username,
      at: now,
    });
  });
}

// ---- term bills ----

export type BillRecord = typeof termBills.$inferSelect;

/** The terms of bills with the state of the record paying each. */
export async function termRows(tx: DbOrTx, billIds: readonly number[], today: string) {
  if (!billIds.length) return [];
  const rows = await tx
    .select({ i: termBillItems, recStatus: payRecords.status, paidAt: payRecords.paidAt })
    .from(termBillItems)
    .leftJoin(payRecords, eq(payRecords.id, termBillItems.payRecordId))
    .where(inArray(termBillItems.billId, [...billIds]))
    .orderBy(asc(termBillItems.billId), asc(termBillItems.termNo));
  return rows.map(({ i, recStatus, paidAt }) => {
    const status =
      recStatus === PAY_CONFIRMED ? TERM_PAID : recStatus === PAY_PENDING ? TERM_PAYING : TERM_UNPAID;
    return {
      billId: i.billId,
      amountCents: i.amountCents,
      row: {
        id: i.id,
        termNo: i.termNo,
        dueDate: i.dueDate,
        amount: fromCents(i.amountCents),
        status,
        overdue: status === TERM_UNPAID && i.dueDate < today,
        payRecordId: status === TERM_UNPAID ? null : i.payRecordId,
        paidAt: status !== TERM_UNPAID && paidAt ? paidAt.toISOString() : null,
      },
    };
  });
}

export async function billDetail(tx: DbOrTx, b: BillRecord, o: OrderRecord, today: string) {
  const [s] = await tx.select({ name: students.name }).from(students).where(eq(students.id, b.studentId));
  const terms = await termRows(tx, [b.id], today);
  const lines = await tx
    .select({ courseCode: orderItems.courseCode })
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  return {
    id: b.id,
    code: b.code,
    status: b.status,
    orderId: o.id,
    orderCode: o.code,
    orderStatus: o.status,
    studentId: b.studentId,
    studentName: s?.name ?? '',
    schoolItemCode: b.schoolItemCode,
    courseCodes: [...new Set(lines.map((l) => l.courseCode))],
    planId: b.planId,
    total: fromCents(b.totalCents),
    paid: fromCents(terms.filter((t) => t.row.status === TERM_PAID).reduce((x, t) => x + t.amountCents, 0)),
    overdueTerms: b.status === TB.active ? terms.filter((t) => t.row.overdue).length : 0,
    approvalId: b.approvalId,
    remark: b.remark,
    createdAt: b.createdAt.toISOString(),
    terms: terms.map((t) => t.row),
  };
}

async function orderByCode(tx: DbOrTx, u: AuthUser, code: string) {
  const [o] = await tx.select().from(orders).where(eq(orders.code, code));
  if (!o) throw notFound('订单 / order');
  assertCampus(u, o.schoolItemCode);
  return o;
}

/** The order's open or active bill (the latest), if any. */
async function openBill(tx: DbOrTx, orderId: number) {
  const [b] = await tx
    .select()
    .from(termBills)
    .where(and(eq(termBills.orderId, orderId), inArray(termBills.status, [TB.pending, TB.active])))
    .orderBy(desc(termBills.id))
    .limit(1);
  return b ?? null;
}

export async function detailByOrderCode(deps: Deps, u: AuthUser, orderCode: string) {
  const o = await orderByCode(deps.db, u, orderCode);
  const b = await openBill(deps.db, o.id);
  return b ? billDetail(deps.db, b, o, dayOf(deps.now())) : null;
}

export async function nearestTerm(deps: Deps, u: AuthUser, orderCode: string) {
  const o = await orderByCode(deps.db, u, orderCode);
  const b = await openBill(deps.db, o.id);
  if (!b || b.status !== TB.active) return null;
  const terms = await termRows(deps.db, [b.id], dayOf(deps.now()));
  return terms.find((t) => t.row.status === TERM_UNPAID)?.row ?? null;
}

/** `field`: the body/query field that sent the id, named by the 404. */
export async function loadItem(tx: DbOrTx, u: AuthUser, id: number, lock = false, field?: string) {
  const q = tx.select().from(termBillItems).where(eq(termBillItems.id, id));
  const i = lock ? await lockOne(q, '分期 / term', field) : (await q)[0];
  if (!i) throw notFound('分期 / term', field);
  const [b] = await tx.select().from(termBills).where(eq(termBills.id, i.billId));
  const bill = must(b, 'bill of a term');
  assertCampus(u, bill.schoolItemCode);
  return { i, bill };
}

export async function billItemPaymentDetail(deps: Deps, u: AuthUser, id: number) {
  const { i, bill } = await loadItem(deps.db, u, id);
  const [o] = await deps.db.select({ code: orders.code }).from(orders).where(eq(orders.id, bill.orderId));
  const [t] = (await termRows(deps.db, [bill.id], dayOf(deps.now()))).filter((x) => x.row.id === i.id);
  const term = must(t, 'term row').row;
  const [r] = term.payRecordId
    ? await deps.db.select().from(payRecords).where(eq(payRecords.id, term.payRecordId))
    : [];
  return { ...term, orderCode: o?.code ?? '', method: r?.method ?? null, reference: r?.reference ?? null };
}

export interface ApplyBody {
  orderId: number;
  planId?: number | undefined;
  terms?: Array<{ dueDate: string; amount: string }> | undefined;
  remark: string;
}

/**
 * Files an instalment application for an unpaid order of the caller's campuses: the terms (from a
 * plan, or given) add up exactly to the family's share of the order; one open or active bill per order.
 */
export async function applySubmit(deps: Deps, u: AuthUser, b: ApplyBody, ip: string) {
  const now = deps.now();
  const today = dayOf(now);
  return deps.db.transaction(async (tx) => {
    const o = await loadOrder(tx, u, b.orderId, true, 'orderId');
    if (o.status !== ORDER_STATUS_CODE.unpaid)
      throw ruleViolation(
        '只有待付款的订单可以申请分期 / only an unpaid order can be paid by instalments',
        'orderId',
      );
    const open = await openBill(tx, o.id);
    if (open)
      throw conflict(`订单已有分期 ${open.code} / the order already has instalments ${open.code}`, 'orderId');
    const total = o.familyCents;
    let planId: number | null = null;
    let terms: Array<{ dueDate: string; amountCents: number }>;
    if (b.planId !== undefined) {
      const [p] = await tx.select().from(installmentPlans).where(eq(installmentPlans.id, b.planId));
      if (!p || p.status !== PLAN_ENABLED)
        throw badInput('planId', 'planId: 分期方案不存在或已停用 / no such active plan');
      planId = p.id;
      const amounts = splitByShares(total, p.sharesBp);
      const days = dueDates(today, p.firstDueDays, p.intervalMonths, amounts.length);
      terms = amounts.map((a, n) => ({ dueDate: must(days[n], 'due date'), amountCents: a }));
    } else {
      terms = (b.terms ?? []).map((t) => ({ dueDate: t.dueDate, amountCents: centsOf(t.amount) }));
      const sum = terms.reduce((s, t) => s + t.amountCents, 0);
      if (sum !== total)
        throw badInput(
          'terms',
          `terms: 各期金额之和 ¥${fromCents(sum)} 须等于应付 ¥${fromCents(total)} / the terms add up to ¥${fromCents(sum)}, not the ¥${fromCents(total)} to pay`,
        );
      terms.forEach((t, n) => {
        if (t.amountCents <= 0)
          throw badInput(
            `terms.${n}.amount`,
            `terms.${n}.amount: 每期金额须大于0 / each term must be above 0`,
          );
        const before = terms[n - 1];
        if (before && t.dueDate <= before.dueDate)
          throw badInput(
            `terms.${n}.dueDate`,
            `terms.${n}.dueDate: 到期日须逐期递增 / due dates must increase term by term`,
          );
      });
    }
    if (terms.some((t) => t.amountCents <= 0))
      throw ruleViolation('订单金额太小，无法按该方案分期 / the amount is too small for this plan', 'planId');
    const [seq] = await tx
      .select({ id: sql<string>`nextval(pg_get_serial_sequence('term_bills', 'id'))::text` })
      .from(sql`(select 1) as one`);
    const id = Number(must(seq, 'bill id').id);
    const code = `FQ${String(id).padStart(10, '0')}`;
    const [s] = await tx.select({ name: students.name }).from(students).where(eq(students.id, o.studentId));
    const approvalId = await fileRequest(
      tx,
      u.id,
      {
        kind: TERM_BILL_APPLY,
        subjectId: id,
        subjectCode: code,
        subjectName: s?.name ?? '',
        schoolItemCode: o.schoolItemCode,
        amountCents: total,
        reason: b.remark,
        payload: { billId: id },
      },
      now,
    );
    await tx.insert(termBills).values({
      id,
      code,
      orderId: o.id,
      studentId: o.studentId,
      schoolItemCode: o.schoolItemCode,
      planId,
      status: TB.pending,
      totalCents: total,
      approvalId,
      remark: b.remark,
      createdBy: u.id,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(termBillItems).values(
      terms.map((t, n) => ({
        billId: id,
        orderId: o.id,
        termNo: n + 1,
        dueDate: t.dueDate,
        amountCents: t.amountCents,
      })),
    );
    await writeAudit(tx, {
      action: 'termBill.apply',
      target: `orders:${o.code}`,
      detail: { bill: code, terms: terms.length },
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
    return { id, code, approvalId };
  });
}

const Payload = z.object({ billId: z.number().int() });
type Payload = z.infer<typeof Payload>;

async function moveBill(c: HookContext<Payload>, action: 'approve' | 'reject' | 'cancel') {
  const b = await lockOne(
    c.tx.select().from(termBills).where(eq(termBills.id, c.payload.billId)),
    '分期 / term bill',
  );
  const to = TERM_BILL_MACHINE.nextCode(action, b.status);
  await c.tx.update(termBills).set({ status: to, updatedAt: c.now }).where(eq(termBills.id, b.id));
  await writeAudit(c.tx, {
    action: `termBill.${action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'cancelled'}`,
    target: `termBills:${b.code}`,
    detail: { approval: c.request.id, comment: c.comment },
    userId: c.actor.id,
    username: c.actor.username,
    at: c.now,
  });
}

registerApprovalKind<Payload>({
  kind: TERM_BILL_APPLY,
  subjectType: 'termBill',
  label: { 'zh-CN': '分期申请', en: 'Instalment application' },
  payload: Payload,
  defaultSteps: [
    {
      name: '校区负责人审批',
      roles: [ROLE.centreLeader, ROLE.director],
      userIds: [],
      mode: 'any',
      aboveCents: null,
    },
    { name: '财务审批', roles: [ROLE.finance], userIds: [], mode: 'any', aboveCents: null },
  ],
  onPass: (c) => moveBill(c, 'approve'),
  onReject: (c) => moveBill(c, 'reject'),
  onCancel: (c) => moveBill(c, 'cancel'),
});

/** An unpaid term of an active bill and its order, locked for a payment when `lock`. */
async function payableTerm(tx: DbOrTx, u: AuthUser, billItemId: number, now: Date, lock: boolean) {
  const { i, bill } = await loadItem(tx, u, billItemId, lock, 'billItemId');
  if (bill.status !== TB.active)
    throw ruleViolation('分期申请尚未通过审批 / the instalment application is not approved', 'billItemId');
  const [t] = (await termRows(tx, [bill.id], dayOf(now))).filter((x) => x.row.id === i.id);
  if (must(t, 'term').row.status !== TERM_UNPAID)
    throw conflict(`第${i.termNo}期已付款 / term ${i.termNo} is paid already`, 'billItemId');
  const o = await loadOrder(tx, u, bill.orderId, lock);
  return { i, bill, o };
}

/** What an activity or voucher would take off an unpaid term, priced by the engine; nothing written. */
export async function termOfferQuote(deps: Deps, u: AuthUser, b: { billItemId: number } & OfferCodes) {
  const offer = chosenOffer(b);
  if (!offer)
    throw badInput(
      'activityCode',
      'activityCode: 请选择活动或输入券码 / choose an activity or enter a voucher',
    );
  const now = deps.now();
  const { i, o } = await payableTerm(deps.db, u, b.billItemId, now, false);
  return offerOut(i, await priceTermOffer(deps.ports.pricing, deps.db, o, i, offer, now));
}

/**
 * Pays one term of an active bill: a pay record of the order for exactly the term's amount — less
 * what a chosen activity or voucher takes off it, written with the payment (docs/decisions.md).
 */
export async function submitPaymentTerm(
  deps: Deps,
  u: AuthUser,
  b: {
    billItemId: number;
    method: number;
    paidAt: string;
    reference?: string | undefined;
    remark: string;
  } & OfferCodes,
  ip: string,
) {
  const now = deps.now();
  const paidAt = paidAtOf(b.paidAt, now);
  const offer = chosenOffer(b);
  return deps.db.transaction(async (tx) => {
    const { i, bill, o: locked } = await payableTerm(tx, u, b.billItemId, now, true);
    let o = locked;
    let amountCents = i.amountCents;
    if (offer) {
      const priced = await priceTermOffer(deps.ports.pricing, tx, o, i, offer, now);
      o = await writeTermOffer(deps.ports.pricing, tx, u, o, bill, i, priced, now);
      amountCents -= priced.offCents;
    }
    const r = await addRecord(
      tx,
      o,
      {
        orderId: o.id,
        payer: 'family',
        method: b.method,
        amountCents,
        paidAt,
        reference: b.reference || null,
        remark: b.remark || `第${i.termNo}期 / term ${i.termNo}`,
        maxDaysBack: payDateWindow(deps),
      },
      { userId: u.id, username: u.username, at: now, ip },
    );
    await tx.update(termBillItems).set({ payRecordId: r.id }).where(eq(termBillItems.id, i.id));
    return {
      payRecordId: r.id,
      amount: fromCents(amountCents),
      orderStatus: r.orderStatus,
      approvalId: r.approvalId,
    };
  });
}

/** Links a term to a live pay record of its order of the same amount (entered on the pay screen), or unlinks it. */
export async function updatePaymentStatus(
  deps: Deps,
  u: AuthUser,
  b: { billItemId: number; payRecordId: number | null },
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { i, bill } = await loadItem(tx, u, b.billItemId, true, 'billItemId');
    if (bill.status !== TB.active)
      throw ruleViolation('分期申请尚未通过审批 / the instalment application is not approved', 'billItemId');
    if (b.payRecordId !== null) {
      const [r] = await tx.select().from(payRecords).where(eq(payRecords.id, b.payRecordId));
      if (!r || r.orderId !== bill.orderId)
        throw badInput('payRecordId', 'payRecordId: 不是该订单的付款记录 / not a pay record of this order');
      if (r.status !== PAY_PENDING && r.status !== PAY_CONFIRMED)
        throw ruleViolation('付款记录已驳回或作废 / the pay record was rejected or voided', 'payRecordId');
      if (r.amountCents !== i.amountCents)
        throw badInput(
          'payRecordId',
          `payRecordId: 付款金额须等于本期金额 ¥${fromCents(i.amountCents)} / the record must be the term's amount`,
        );
      const [taken] = await tx
        .select({ id: termBillItems.id })
        .from(termBillItems)
        .where(eq(termBillItems.payRecordId, r.id));
      if (taken && taken.id !== i.id)
        throw conflict('该付款记录已用于另一期 / the record pays another term', 'payRecordId');
    }
    await tx.update(termBillItems).set({ payRecordId: b.payRecordId }).where(eq(termBillItems.id, i.id));
    await writeAudit(tx, {
      action: 'termBill.link',
      target: `termBills:${bill.code}`,
      detail: { term: i.termNo, record: b.payRecordId },
      userId: u.id,
      username: u.username,
      at: now,
    });
  });
}

// ---- applications (the termBillApply requests, the one row shape of kinds) ----

const applyQuery = (tx: DbOrTx, w: SQL | undefined) =>
  tx
    .select({
      r: approvalRequests,
      b: termBills,
      orderCode: orders.code,
      schoolItemName: schoolItems.name,
      requestedByName: requester.name,
    })
    .from(approvalRequests)
    .innerJoin(termBills, eq(termBills.id, approvalRequests.subjectId))
    .innerJoin(orders, eq(orders.id, termBills.orderId))
    .leftJoin(schoolItems, eq(schoolItems.code, approvalRequests.schoolItemCode))
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .where(w)
    .$dynamic();
type Joined = Awaited<ReturnType<typeof applyQuery>>[number];

async function applyRows(tx: DbOrTx, u: AuthUser, rows: Joined[], passed: ReadonlySet<number>) {
  const counts = rows.length
    ? await tx
        .select({ billId: termBillItems.billId, n: sql<number>`count(*)::int` })
        .from(termBillItems)
        .where(
          inArray(
            termBillItems.billId,
            rows.map((x) => x.b.id),
          ),
        )
        .groupBy(termBillItems.billId)
    : [];
  return rows.map((x) => ({
    ...kindApprovalRow(u, x.r, x, passed),
    billId: x.b.id,
    code: x.b.code,
    orderId: x.b.orderId,
    orderCode: x.orderCode,
    studentName: x.r.subjectName,
    amount: fromCents(x.b.totalCents),
    termCount: Number(counts.find((c) => c.billId === x.b.id)?.n ?? 0),
  }));
}

const applications = kindApprovalList({
  kinds: [TERM_BILL_APPLY],
  query: applyQuery,
  keyword: (k) => [eq(orders.code, k)],
  orderBy: (_f: KindApprovalFilter) => [desc(approvalRequests.requestedAt), desc(approvalRequests.id)],
  toRows: applyRows,
});

export const applyList = (
  deps: Deps,
  u: AuthUser,
  q: KindApprovalFilter & { pageIdx: number; pageSize: number },
) => applications.page(deps, u, q);

export async function applyDetail(deps: AppDeps, u: AuthUser, id: number) {
  const [x] = await applyQuery(
    deps.db,
    and(eq(approvalRequests.id, id), eq(approvalRequests.kind, TERM_BILL_APPLY)),
  );
  if (!x) throw notFound('分期申请 / instalment application');
  assertCampus(u, x.r.schoolItemCode);
  const [row] = await applications.rows(deps.db, u, [x]);
  const o = await loadOrder(deps.db, u, x.b.orderId);
  return {
    ...(await withRequestFlow(deps, u, id, must(row, 'application row'))),
    bill: await billDetail(deps.db, x.b, o, dayOf(deps.now())),
  };
}

/** Active bills' unpaid terms past their due date, per adviser of the order (the workbench's count). */
export async function overdueTermCount(tx: DbOrTx, adviserId: number, today: string): Promise<number> {
  const [n] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(termBillItems)
    .innerJoin(termBills, eq(termBills.id, termBillItems.billId))
    .innerJoin(orders, eq(orders.id, termBills.orderId))
    .leftJoin(payRecords, eq(payRecords.id, termBillItems.payRecordId))
    .where(
      and(
        eq(termBills.status, TB.active),
        eq(orders.adviserId, adviserId),
        sql`${termBillItems.dueDate} < ${today}`,
        sql`(${payRecords.id} is null or ${payRecords.status} not in (${PAY_PENDING}, ${PAY_CONFIRMED}))`,
      ),
    );
  return Number(n?.n ?? 0);
}

// ---- service end date ----

export async function calcServiceEndTime(
  deps: Deps,
  u: AuthUser,
  b: {
    schoolItemCode: string;
    startDate: string;
    hours: number;
    lessonsPerWeek: number;
    hoursPerLesson: number;
  },
) {
  assertCampus(u, b.schoolItemCode);
  const lessons = Math.ceil(Math.round(b.hours * 100) / Math.round(b.hoursPerLesson * 100));
  if (lessons / b.lessonsPerWeek > 5000)
    throw badInput(
      'hours',
      'hours: 服务期超过百年，请检查课时和频次 / the service would last beyond a century',
    );
  // Every lesson falls within ceil(lessons / perWeek) weeks plus the weeks holidays push it by; a
  // year beyond covers any holiday calendar.
  const to = addDays(b.startDate, Math.ceil(lessons / b.lessonsPerWeek) * 7 + 366);
  const holidays = await holidaysBetween(deps.db, b.schoolItemCode, b.startDate, to);
  return serviceEndDate(b.startDate, lessons, b.lessonsPerWeek, (d) => holidays.has(d));
}
