// Reads of refund and adjust orders and their approvals, each limited to the caller's campuses (a
// named record outside them is refused, lists are filtered).
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromCents, toChineseCurrency } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { dayBound } from '../../shared/days.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { adjustCostReasons, refundReasons, schoolItems, users } from '../../db/schema.js';
import {
  approvalRequester as requester,
  approvalRequests,
  kindApprovalList,
  kindApprovalRow,
  requestDetail,
  type KindApprovalFilter,
} from '../approvals/index.js';
import { balances, paidValueOf, q100ToNumber, toQ100 } from '../ledger/index.js';
import { orderItems, orders, type OrderRecord } from '../orders/index.js';
import { students } from '../students/index.js';
import {
  ADJUST_ORDER,
  REFUND_ORDER,
  RO,
  loadRefund,
  releasedLesson,
  releasesOf,
  type RefundType,
} from './service.js';
import { refundOrderItems, refundOrders } from './tables.js';

const creator = alias(users, 'creator');

export interface RefundFilter {
  schoolItemCode?: string | undefined;
  status?: number | undefined;
  keyword?: string | undefined;
  studentId?: number | undefined;
  orderCode?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
}

const cols = {
  r: refundOrders,
  orderCode: orders.code,
  studentCode: students.code,
  studentName: students.name,
  schoolItemName: schoolItems.name,
  createdByName: creator.name,
};
const base = (tx: DbOrTx, w: SQL | undefined) =>
  tx
    .select(cols)
    .from(refundOrders)
    .innerJoin(orders, eq(orders.id, refundOrders.orderId))
    .innerJoin(students, eq(students.id, refundOrders.studentId))
    .leftJoin(schoolItems, eq(schoolItems.code, refundOrders.schoolItemCode))
    .leftJoin(creator, eq(creator.id, refundOrders.createdBy))
    .where(w);
type Row = Awaited<ReturnType<typeof base>>[number];

function toRow(x: Row) {
  const r = x.r;
  return {
    id: r.id,
    code: r.code,
    type: r.type === 'adjust' ? ('adjust' as const) : ('refund' as const),
    status: r.status,
    orderId: r.orderId,
    orderCode: x.orderCode,
    studentId: r.studentId,
    studentCode: x.studentCode,
    studentName: x.studentName,
    schoolItemCode: r.schoolItemCode,
    schoolItemName: x.schoolItemName,
    reasonCode: r.reasonCode,
    reasonName: r.reasonName,
    remark: r.remark,
    amount: fromCents(r.amountCents),
    amountInWords:
      r.amountCents >= 0
        ? toChineseCurrency(fromCents(r.amountCents))
        : `负${toChineseCurrency(fromCents(-r.amountCents))}`,
    approvalId: r.approvalId,
    createdBy: r.createdBy,
    createdByName: x.createdByName,
    createdAt: r.createdAt.toISOString(),
    version: r.version,
  };
}

function filterOf(u: AuthUser, type: RefundType, f: RefundFilter): SQL | undefined {
  if (f.schoolItemCode) assertCampus(u, f.schoolItemCode);
  const scope = campusScope(u);
  return and(
    eq(refundOrders.type, type),
    scope ? inArray(refundOrders.schoolItemCode, [...scope, '']) : undefined,
    f.schoolItemCode ? eq(refundOrders.schoolItemCode, f.schoolItemCode) : undefined,
    f.status ? eq(refundOrders.status, f.status) : undefined,
    f.studentId ? eq(refundOrders.studentId, f.studentId) : undefined,
    f.orderCode ? eq(orders.code, f.orderCode) : undefined,
    f.keyword
      ? or(
          ilike(students.name, `%${f.keyword}%`),
          eq(students.code, f.keyword),
          eq(refundOrders.code, f.keyword),
          eq(orders.code, f.keyword),
        )
      : undefined,
    f.createdFrom ? gte(refundOrders.createdAt, dayBound('query.createdFrom', f.createdFrom)) : undefined,
    f.createdTo
      ? lt(refundOrders.createdAt, dayBound('query.createdTo', f.createdTo, { end: true }))
      : undefined,
  );
}

export async function refundPage(
  deps: AppDeps,
  u: AuthUser,
  type: RefundType,
  q: RefundFilter & { pageIdx: number; pageSize: number },
) {
  const w = filterOf(u, type, q);
  const rows = await base(deps.db, w)
    .orderBy(desc(refundOrders.createdAt), desc(refundOrders.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(refundOrders)
    .innerJoin(orders, eq(orders.id, refundOrders.orderId))
    .innerJoin(students, eq(students.id, refundOrders.studentId))
    .where(w);
  return { list: rows.map(toRow), total: Number(n?.n ?? 0), pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function refundAll(deps: AppDeps, u: AuthUser, type: RefundType, f: RefundFilter) {
  const rows = await base(deps.db, filterOf(u, type, f)).orderBy(
    desc(refundOrders.createdAt),
    desc(refundOrders.id),
  );
  return rows.map(toRow);
}

export async function refundSummary(deps: AppDeps, u: AuthUser, f: RefundFilter) {
  const [s] = await deps.db
    .select({
      count: sql<number>`count(*)::int`,
      cents: sql<string>`coalesce(sum(${refundOrders.amountCents}), 0)::text`,
      effectiveCount: sql<number>`count(*) filter (where ${refundOrders.status} = ${RO.effective})::int`,
      effectiveCents: sql<string>`coalesce(sum(${refundOrders.amountCents}) filter (where ${refundOrders.status} = ${RO.effective}), 0)::text`,
    })
    .from(refundOrders)
    .innerJoin(orders, eq(orders.id, refundOrders.orderId))
    .innerJoin(students, eq(students.id, refundOrders.studentId))
    .where(filterOf(u, 'refund', f));
  return {
    count: Number(s?.count ?? 0),
    amount: fromCents(Number(s?.cents ?? 0)),
    effectiveCount: Number(s?.effectiveCount ?? 0),
    effectiveAmount: fromCents(Number(s?.effectiveCents ?? 0)),
  };
}

export async function refundDetail(
  deps: AppDeps,
  u: AuthUser,
  by: { id?: number; code?: string },
  type: RefundType,
) {
  const r = await loadRefund(deps.db, u, by, type);
  const [x] = await base(deps.db, eq(refundOrders.id, r.id));
  if (!x) throw notFound('退费单 / refund order');
  const lines = await deps.db.select().from(refundOrderItems).where(eq(refundOrderItems.refundOrderId, r.id));
  // While pending, what its approval will release: the hours it takes (an adjustment's negative ones).
  const takes = lines.map((l) => ({
    courseCode: l.courseCode,
    hours100: r.type === 'refund' ? toQ100(l.hours) : Math.max(0, -toQ100(l.hours)),
    gift100: r.type === 'refund' ? toQ100(l.giftHours) : 0,
  }));
  const releases = r.status === RO.pending ? await releasesOf(deps.db, r.studentId, takes) : [];
  return {
    ...toRow(x),
    releases: releases.map(releasedLesson),
    items: lines.map((l) => ({
      orderItemId: l.orderItemId,
      courseCode: l.courseCode,
      courseName: l.courseName,
      hours: q100ToNumber(toQ100(l.hours)),
      giftHours: q100ToNumber(toQ100(l.giftHours)),
      amount: fromCents(l.valueCents),
    })),
  };
}

export async function orderByCode(tx: DbOrTx, u: AuthUser, code: string): Promise<OrderRecord> {
  const [o] = await tx.select().from(orders).where(eq(orders.code, code));
  if (!o) throw notFound('订单 / order');
  assertCampus(u, o.schoolItemCode);
  return o;
}

export async function pendingOf(tx: DbOrTx, orderId: number) {
  const [p] = await tx
    .select({ code: refundOrders.code, type: refundOrders.type })
    .from(refundOrders)
    .where(and(eq(refundOrders.orderId, orderId), eq(refundOrders.status, RO.pending)));
  return p ?? null;
}

async function itemBalances(tx: DbOrTx, o: OrderRecord) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id));
  const bs = new Map((await balances(tx, { orderId: o.id })).map((b) => [b.orderItemId, b]));
  return items.map((i) => {
    const b = bs.get(i.id);
    const refundable = b ? paidValueOf(b, b.remainingPaid100) : 0;
    return {
      orderItemId: i.id,
      courseCode: i.courseCode,
      courseName: i.courseName,
      remaining: q100ToNumber(b?.remaining100 ?? 0),
      remainingPaid: q100ToNumber(b?.remainingPaid100 ?? 0),
      remainingGift: q100ToNumber(b?.remainingGift100 ?? 0),
      refundableCents: refundable,
      refundable: fromCents(refundable),
      remainingValue: fromCents(b?.remainingValueCents ?? 0),
    };
  });
}

export async function refundList(deps: AppDeps, u: AuthUser, code: string) {
  const o = await orderByCode(deps.db, u, code);
  const [s] = await deps.db.select().from(students).where(eq(students.id, o.studentId));
  const items = await itemBalances(deps.db, o);
  const total = items.reduce((a, i) => a + i.refundableCents, 0);
  const rows = await base(
    deps.db,
    and(eq(refundOrders.orderId, o.id), eq(refundOrders.type, 'refund')),
  ).orderBy(desc(refundOrders.id));
  // The form's reasons come with the order: whoever may refund may pick a reason without the
  // finance settings privilege that lists the master data.
  const reasons = await deps.db
    .select({ code: refundReasons.code, name: refundReasons.name })
    .from(refundReasons)
    .where(eq(refundReasons.validStatus, 1))
    .orderBy(refundReasons.sort, refundReasons.id);
  return {
    orderId: o.id,
    orderCode: o.code,
    orderStatus: o.status,
    studentName: s?.name ?? '',
    schoolItemCode: o.schoolItemCode,
    items: items.map(({ refundableCents: _c, remainingValue: _v, ...i }) => i),
    refundable: fromCents(total),
    refundableInWords: toChineseCurrency(fromCents(total)),
    pendingCode: (await pendingOf(deps.db, o.id))?.code ?? null,
    refunds: rows.map(toRow),
    reasons,
  };
}

export async function adjustEntrance(deps: AppDeps, u: AuthUser, orderId: number) {
  const [o] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!o) throw notFound('订单 / order', 'orderId');
  assertCampus(u, o.schoolItemCode);
  const [s] = await deps.db.select().from(students).where(eq(students.id, o.studentId));
  const reasons = await deps.db
    .select({ id: adjustCostReasons.id, name: adjustCostReasons.name })
    .from(adjustCostReasons)
    .where(eq(adjustCostReasons.validStatus, 1))
    .orderBy(adjustCostReasons.sort, adjustCostReasons.id);
  return {
    orderId: o.id,
    orderCode: o.code,
    orderStatus: o.status,
    studentName: s?.name ?? '',
    schoolItemCode: o.schoolItemCode,
    items: (await itemBalances(deps.db, o)).map(({ refundableCents: _c, ...i }) => i),
    pendingCode: (await pendingOf(deps.db, o.id))?.code ?? null,
    reasons,
  };
}

/** Whether an order can take a new refund (refund) or adjustment (adjust) now, and why not. */
export async function canFile(deps: AppDeps, u: AuthUser, code: string, type: RefundType) {
  const o = await orderByCode(deps.db, u, code);
  if (![40, 50].includes(o.status)) return { ok: false, reason: '订单未生效 / the order is not effective' };
  const p = await pendingOf(deps.db, o.id);
  if (p) return { ok: false, reason: `已有待审批的单据 ${p.code} / ${p.code} is awaiting approval` };
  if (type === 'refund') {
    const items = await itemBalances(deps.db, o);
    if (!items.some((i) => i.refundableCents > 0))
      return { ok: false, reason: '没有可退的已付课时 / nothing paid is left to refund' };
  }
  return { ok: true, reason: '' };
}

// ---- approvals -------------------------------------------------------------------------------

const KIND: Record<RefundType, string> = { refund: REFUND_ORDER, adjust: ADJUST_ORDER };
const approvalsQuery = (tx: DbOrTx, w: SQL | undefined) =>
  tx
    .select({
      r: approvalRequests,
      code: refundOrders.code,
      orderCode: orders.code,
      schoolItemName: schoolItems.name,
      requestedByName: requester.name,
    })
    .from(approvalRequests)
    .innerJoin(refundOrders, eq(refundOrders.id, approvalRequests.subjectId))
    .innerJoin(orders, eq(orders.id, refundOrders.orderId))
    .leftJoin(schoolItems, eq(schoolItems.code, approvalRequests.schoolItemCode))
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .where(w)
    .$dynamic();
type ApprovalRowIn = Awaited<ReturnType<typeof approvalsQuery>>[number];

function approvalRow(u: AuthUser, x: ApprovalRowIn, passed: ReadonlySet<number>) {
  const {
    subjectId,
    subjectCode: _code,
    subjectName,
    toSchoolItemCode: _to,
    ...row
  } = kindApprovalRow(u, x.r, x, passed);
  return {
    ...row,
    refundOrderId: subjectId,
    code: x.code,
    orderCode: x.orderCode,
    studentName: subjectName,
    amount: fromCents(x.r.amountCents ?? 0),
  };
}

export type ApprovalFilter = KindApprovalFilter;

const approvals = (type: RefundType) =>
  kindApprovalList({
    kinds: [KIND[type]],
    query: approvalsQuery,
    keyword: (k) => [eq(orders.code, k)],
    orderBy: (_f: ApprovalFilter) => [desc(approvalRequests.requestedAt), desc(approvalRequests.id)],
    toRows: (_tx, u, js, passed) => js.map((x) => approvalRow(u, x, passed)),
  });

export const approvalList = (
  deps: AppDeps,
  u: AuthUser,
  type: RefundType,
  q: ApprovalFilter & { pageIdx: number; pageSize: number },
) => approvals(type).page(deps, u, q);

export const approvalAll = (deps: AppDeps, u: AuthUser, type: RefundType, q: ApprovalFilter) =>
  approvals(type).all(deps, u, q);

export async function approvalDetail(deps: AppDeps, u: AuthUser, type: RefundType, id: number) {
  const [x] = await approvalsQuery(
    deps.db,
    and(eq(approvalRequests.id, id), eq(approvalRequests.kind, KIND[type])),
  );
  if (!x) throw notFound(type === 'refund' ? '退费审批 / refund approval' : '调整审批 / adjustment approval');
  assertCampus(u, x.r.schoolItemCode);
  const d = await requestDetail(deps, u, id);
  return {
    ...approvalRow(u, x, new Set()),
    canDecide: d.canDecide,
    steps: d.steps,
    step: d.step,
    history: d.history,
    canRevoke: d.canRevoke,
    canCancel: d.canCancel,
    awaited: d.awaited,
    whyNot: d.whyNot,
    refundOrder: await refundDetail(deps, u, { id: x.r.subjectId }, type),
  };
}
