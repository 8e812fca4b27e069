// Reads of income orders, pay records, payment approvals and the student account, each limited to
// the caller's campuses (a named record outside them is refused, lists are filtered).
import { spoken } from '../../http/language.js';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shanghaiDayOf, toChineseCurrency, fromCents } from '@bo/domain';
import { iso } from '../../db/rowHelpers.js';
import type { AppDeps } from '../../deps.js';
import { countQueryUpTo } from '../../db/paging.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, campusScope, hasPrivilege, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { monthBound } from '../../shared/days.js';
import { codeNames, idNames } from '../../shared/masterdata/index.js';
import {
  approvalRequester,
  approvalRequests,
  kindApprovalList,
  kindApprovalRow,
  passedOtherSteps,
  requestDetail,
  whyNotDecide,
  type KindApprovalFilter,
} from '../approvals/index.js';
import { courses, schoolItems, settlementOrgs, users } from '../../db/schema.js';
import { balances, movements, q100ToNumber, toQ100 } from '../ledger/index.js';
import { students } from '../students/index.js';
import { loadOrder, PAY_LIVE, recordSums, type OrderRecord } from './common.js';
import type { Quote } from '../pricing/index.js';
import { INCOME_ORDER_PAY } from './approval.js';
import { GiveawayFacts } from './giveaway.js';
import { ORDER_MACHINE, stateOf, statusName, ORDER_STATUS_CODE } from './states.js';
import { orderAdjustments, orderItems, orders, payRecords } from './tables.js';

const inWords = (c: number) => toChineseCurrency(fromCents(c));
const creator = alias(users, 'creator');
const adviser = alias(users, 'adviser');

async function studentOf(tx: DbOrTx, id: number) {
  const [s] = await tx.select().from(students).where(eq(students.id, id));
  if (!s) throw notFound('学员 / student');
  return s;
}

const recordCols = {
  r: payRecords,
  orderCode: orders.code,
  studentId: students.id,
  studentCode: students.code,
  studentName: students.name,
  schoolItemCode: orders.schoolItemCode,
  schoolItemName: schoolItems.name,
  createdByName: creator.name,
};
type RecordJoin = {
  r: typeof payRecords.$inferSelect;
  orderCode: string;
  studentId: number;
  studentCode: string;
  studentName: string;
  schoolItemCode: string;
  schoolItemName: string | null;
  createdByName: string | null;
};
const recordRow = (x: RecordJoin) => ({
  id: x.r.id,
  orderId: x.r.orderId,
  orderCode: x.orderCode,
  studentId: x.studentId,
  studentCode: x.studentCode,
  studentName: x.studentName,
  schoolItemCode: x.schoolItemCode,
  schoolItemName: x.schoolItemName,
  payer: x.r.payer === 'funder' ? ('funder' as const) : ('family' as const),
  method: x.r.method,
  amount: fromCents(x.r.amountCents),
  paidAt: x.r.paidAt.toISOString(),
  reference: x.r.reference,
  remark: x.r.remark,
  status: x.r.status,
  createdBy: x.r.createdBy,
  createdByName: x.createdByName,
  createdAt: x.r.createdAt.toISOString(),
  version: x.r.version,
});
const recordsQuery = (tx: DbOrTx, where: SQL | undefined) =>
  tx
    .select(recordCols)
    .from(payRecords)
    .innerJoin(orders, eq(orders.id, payRecords.orderId))
    .innerJoin(students, eq(students.id, orders.studentId))
    .leftJoin(schoolItems, eq(schoolItems.code, orders.schoolItemCode))
    .leftJoin(creator, eq(creator.id, payRecords.createdBy))
    .where(where);

const orderCols = {
  o: orders,
  studentCode: students.code,
  studentName: students.name,
  schoolItemName: schoolItems.name,
  createdByName: creator.name,
  adviserName: adviser.name,
  pending: sql<string>`(select coalesce(sum(p.amount_cents), 0)::text from pay_records p where p.order_id = ${orders.id} and p.status = 10)`,
};
const ordersQuery = (tx: DbOrTx, where: SQL | undefined) =>
  tx
    .select(orderCols)
    .from(orders)
    .innerJoin(students, eq(students.id, orders.studentId))
    .leftJoin(schoolItems, eq(schoolItems.code, orders.schoolItemCode))
    .leftJoin(creator, eq(creator.id, orders.createdBy))
    .leftJoin(adviser, eq(adviser.id, orders.adviserId))
    .where(where);
type OrderJoin = Awaited<ReturnType<typeof ordersQuery>>[number];

function listRow(x: OrderJoin) {
  const o = x.o;
  return {
    id: o.id,
    code: o.code,
    orderType: o.orderType,
    status: o.status,
    statusName: statusName(o.status),
    studentId: o.studentId,
    studentCode: x.studentCode,
    studentName: x.studentName,
    schoolItemCode: o.schoolItemCode,
    schoolItemName: x.schoolItemName,
    listAmount: fromCents(o.listCents),
    discountAmount: fromCents(o.discountCents),
    payable: fromCents(o.payableCents),
    paid: fromCents(o.paidCents),
    pending: fromCents(Number(x.pending)),
    familyShare: fromCents(o.familyCents),
    funderShare: fromCents(o.funderCents),
    funderCode: o.funderCode,
    adviserId: o.adviserId,
    adviserName: x.adviserName,
    remark: o.remark,
    approvalId: o.approvalId,
    createdBy: o.createdBy,
    createdByName: x.createdByName,
    createdAt: o.createdAt.toISOString(),
    effectiveAt: iso(o.effectiveAt),
    version: o.version,
  };
}

async function orderRow(tx: DbOrTx, o: OrderRecord) {
  const [x] = await ordersQuery(tx, eq(orders.id, o.id));
  if (!x) throw notFound('订单 / order');
  return listRow(x);
}

export interface OrderListQuery {
  pageIdx: number;
  pageSize: number;
  schoolItemCode?: string | undefined;
  status?: number | undefined;
  orderType?: number | undefined;
  keyword?: string | undefined;
  studentId?: number | undefined;
}

/** Orders of the caller's campuses, filtered, newest first. */
export async function orderPage(deps: AppDeps, u: AuthUser, q: OrderListQuery) {
  if (q.schoolItemCode) assertCampus(u, q.schoolItemCode);
  const scope = campusScope(u);
  const w = and(
    scope ? inArray(orders.schoolItemCode, [...scope, '']) : undefined,
    q.schoolItemCode ? eq(orders.schoolItemCode, q.schoolItemCode) : undefined,
    q.status ? eq(orders.status, q.status) : undefined,
    q.orderType !== undefined ? eq(orders.orderType, q.orderType) : undefined,
    q.studentId ? eq(orders.studentId, q.studentId) : undefined,
    q.keyword
      ? or(
          ilike(students.name, `%${q.keyword}%`),
          eq(students.code, q.keyword),
          eq(students.phone, q.keyword),
          eq(orders.code, q.keyword),
        )
      : undefined,
  );
  const rows = await ordersQuery(deps.db, w)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const total = await countQueryUpTo(deps, () =>
    deps.db
      .select({ one: sql`1` })
      .from(orders)
      .innerJoin(students, eq(students.id, orders.studentId))
      .where(w)
      .$dynamic(),
  );
  return { list: rows.map(listRow), ...total, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

/** Every order of one student (by code), in the caller's campuses. */
export async function studentOrders(deps: AppDeps, u: AuthUser, studentCode: string) {
  const [s] = await deps.db.select().from(students).where(eq(students.code, studentCode));
  if (!s) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  const rows = await ordersQuery(deps.db, eq(orders.studentId, s.id)).orderBy(
    desc(orders.createdAt),
    desc(orders.id),
  );
  return { student: s, list: rows.map(listRow) };
}

/** An order's detail by its code. */
export async function orderDetailByCode(deps: AppDeps, u: AuthUser, code: string) {
  const [o] = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.code, code));
  if (!o) throw notFound('订单 / order');
  return orderDetail(deps, u, o.id);
}

/** The pay records of one student's orders (by code), newest first. */
export async function studentIncomes(deps: AppDeps, u: AuthUser, studentCode: string) {
  const { student } = await studentOrders(deps, u, studentCode);
  const rows = await recordsQuery(deps.db, eq(orders.studentId, student.id)).orderBy(
    desc(payRecords.paidAt),
    desc(payRecords.id),
  );
  return rows.map(recordRow);
}

async function itemRows(tx: DbOrTx, orderId: number) {
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const adj = await tx
    .select()
    .from(orderAdjustments)
    .where(eq(orderAdjustments.orderId, orderId))
    .orderBy(asc(orderAdjustments.id));
  return items.map((i) => ({
    id: i.id,
    courseCode: i.courseCode,
    courseName: i.courseName,
    buyTypeId: i.buyTypeId,
    unit: i.unit,
    unitPrice: fromCents(i.unitPriceCents),
    quantity: q100ToNumber(toQ100(i.quantity)),
    giftQuantity: q100ToNumber(toQ100(i.giftQuantity)),
    listAmount: fromCents(i.listCents),
    discountAmount: fromCents(i.discountCents),
    amount: fromCents(i.amountCents),
    adjustments: adj
      .filter((a) => a.orderItemId === i.id)
      .map((a) => ({
        source: a.source as 'discount' | 'voucher' | 'activity' | 'gift' | 'manual',
        ref: a.ref,
        label: spoken(a.label),
        amount: fromCents(a.cents),
      })),
  }));
}

const orderRecords = async (tx: DbOrTx, orderId: number) =>
  (await recordsQuery(tx, eq(payRecords.orderId, orderId)).orderBy(asc(payRecords.id))).map(recordRow);

const ORDER_WRITE = ['/students/order', '/students/payInstallment'];

export async function orderDetail(deps: AppDeps, u: AuthUser, id: number) {
  const o = await loadOrder(deps.db, u, id);
  const s = stateOf(o.status);
  const actions: Array<'edit' | 'revoke' | 'pay'> = [];
  if (hasPrivilege(u, ORDER_WRITE) && ORDER_MACHINE.can('edit', s)) actions.push('edit');
  if (hasPrivilege(u, ORDER_WRITE) && ORDER_MACHINE.can('revoke', s) && o.paidCents === 0)
    actions.push('revoke');
  if (hasPrivilege(u, ['/students/createPay']) && ORDER_MACHINE.can('pay', s)) actions.push('pay');
  return {
    ...(await orderRow(deps.db, o)),
    payableInWords: inWords(o.payableCents),
    items: await itemRows(deps.db, o.id),
    payRecords: await orderRecords(deps.db, o.id),
    declinedOffers: o.declinedOffers,
    actions,
    giveaway: await giveawayOfOrder(deps.db, u, o),
  };
}

/** The order's give-away approval as the order screen shows it: what is given, why, and who decides. */
async function giveawayOfOrder(tx: DbOrTx, u: AuthUser, o: OrderRecord) {
  if (!o.giveawayApprovalId) return null;
  const [r] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, o.giveawayApprovalId));
  if (!r) return null;
  const parsed = GiveawayFacts.safeParse((r.payload as { facts?: unknown } | null)?.facts);
  if (!parsed.success) return null;
  const f = parsed.data;
  const passed = await passedOtherSteps(tx, u, [r]);
  return {
    approvalId: r.id,
    status: r.status,
    version: r.version,
    reason: r.reason,
    comment: r.comment,
    over: f.over,
    lines: f.lines,
    giftTotal: f.giftTotal,
    giftValue: fromCents(f.giftValueCents),
    manualDiscount: fromCents(f.manualDiscountCents),
    discountLimit: fromCents(f.discountLimitCents),
    listAmount: fromCents(f.listCents),
    payable: fromCents(f.payableCents),
    giftPercent: f.giftPercent,
    discountPercent: f.discountPercent,
    canDecide: whyNotDecide(u, r, passed.has(r.id)) === null,
  };
}

export async function editDetail(deps: AppDeps, u: AuthUser, id: number) {
  const o = await loadOrder(deps.db, u, id);
  const items = await deps.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  const lines = {
    orderType: o.orderType,
    items: items.map((i) => ({
      courseCode: i.courseCode,
      buyTypeId: i.buyTypeId,
      quantity: q100ToNumber(toQ100(i.quantity)),
      giftQuantity: q100ToNumber(toQ100(i.giftQuantity)),
    })),
    manualDiscount: fromCents(o.manualDiscountCents),
    declinedOffers: o.declinedOffers,
    funderShare: fromCents(o.funderCents),
    funderCode: o.funderCode,
  };
  // The stored breakdown, as the order keeps it (a course price changed since does not move it).
  const stored = await itemRows(deps.db, o.id);
  return {
    id: o.id,
    code: o.code,
    version: o.version,
    schoolItemCode: o.schoolItemCode,
    studentId: o.studentId,
    ...lines,
    adviserId: o.adviserId,
    remark: o.remark,
    quote: {
      items: stored.map((i) => ({
        courseCode: i.courseCode,
        courseName: i.courseName,
        buyTypeId: i.buyTypeId,
        unit: i.unit,
        unitPrice: i.unitPrice,
        quantity: i.quantity,
        giftQuantity: i.giftQuantity,
        listAmount: i.listAmount,
        adjustments: i.adjustments,
        amount: i.amount,
      })),
      listAmount: fromCents(o.listCents),
      discountAmount: fromCents(o.discountCents),
      payable: fromCents(o.payableCents),
      payableInWords: inWords(o.payableCents),
      familyShare: fromCents(o.familyCents),
      funderShare: fromCents(o.funderCents),
    },
  };
}

/** The contract's quote of a priced order. */
export function quoteOut(q: Quote, funderCents: number) {
  return {
    items: q.items.map((i) => ({
      courseCode: i.courseCode,
      courseName: i.courseName,
      buyTypeId: i.buyTypeId,
      unit: i.unit,
      unitPrice: fromCents(i.unitPriceCents),
      quantity: q100ToNumber(i.quantity100),
      giftQuantity: q100ToNumber(i.gift100),
      listAmount: fromCents(i.listCents),
      adjustments: i.adjustments.map((a) => ({
        source: a.source,
        ref: a.ref,
        label: spoken(a.label),
        amount: fromCents(a.cents),
      })),
      amount: fromCents(i.amountCents),
    })),
    listAmount: fromCents(q.listCents),
    discountAmount: fromCents(q.discountCents),
    payable: fromCents(q.payableCents),
    payableInWords: inWords(q.payableCents),
    familyShare: fromCents(q.payableCents - Math.min(funderCents, q.payableCents)),
    funderShare: fromCents(Math.min(funderCents, q.payableCents)),
  };
}

export async function waitPayInfo(deps: AppDeps, u: AuthUser, id: number) {
  const o = await loadOrder(deps.db, u, id);
  const s = await studentOf(deps.db, o.studentId);
  const sums = await recordSums(deps.db, o.id);
  const due = o.status === ORDER_STATUS_CODE.revoked ? 0 : o.payableCents - sums.total;
  return {
    id: o.id,
    code: o.code,
    status: o.status,
    statusName: statusName(o.status),
    studentName: s.name,
    schoolItemCode: o.schoolItemCode,
    payable: fromCents(o.payableCents),
    payableInWords: inWords(o.payableCents),
    paid: fromCents(sums.confirmed),
    pending: fromCents(sums.pending),
    due: fromCents(due),
    dueInWords: inWords(due),
    family: {
      share: fromCents(o.familyCents),
      recorded: fromCents(sums.family),
      due: fromCents(o.familyCents - sums.family),
    },
    funder: {
      share: fromCents(o.funderCents),
      recorded: fromCents(sums.funder),
      due: fromCents(o.funderCents - sums.funder),
      code: o.funderCode,
    },
    payRecords: await orderRecords(deps.db, o.id),
    version: o.version,
  };
}

export async function studentAccount(deps: AppDeps, u: AuthUser, studentId: number) {
  const s = await studentOf(deps.db, studentId);
  assertCampus(u, s.schoolItemCode);
  const b = await balances(deps.db, { studentId });
  const itemIds = b.map((x) => x.orderItemId);
  const meta = itemIds.length
    ? await deps.db
        .select({
          id: orderItems.id,
          courseName: orderItems.courseName,
          unit: orderItems.unit,
          orderCode: orders.code,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(inArray(orderItems.id, itemIds))
    : [];
  const byId = new Map(meta.map((m) => [m.id, m]));
  const items = b.map((x) => ({
    orderId: x.orderId,
    orderCode: byId.get(x.orderItemId)?.orderCode ?? '',
    orderItemId: x.orderItemId,
    courseCode: x.courseCode,
    courseName: byId.get(x.orderItemId)?.courseName ?? x.courseCode,
    unit: byId.get(x.orderItemId)?.unit ?? 1,
    bought: q100ToNumber(x.bought100),
    gift: q100ToNumber(x.gift100),
    consumed: q100ToNumber(x.consumed100),
    refunded: q100ToNumber(x.refunded100),
    adjusted: q100ToNumber(x.adjusted100),
    transferred: q100ToNumber(x.transferred100),
    remaining: q100ToNumber(x.remaining100),
    remainingPaid: q100ToNumber(x.remainingPaid100),
    remainingGift: q100ToNumber(x.remainingGift100),
    paidValue: fromCents(x.paidValueCents),
    remainingValue: fromCents(x.remainingValueCents),
  }));
  const perCourse = new Map<string, { courseName: string; r: number; p: number; g: number; v: number }>();
  for (const x of b) {
    const c = perCourse.get(x.courseCode) ?? {
      courseName: byId.get(x.orderItemId)?.courseName ?? x.courseCode,
      r: 0,
      p: 0,
      g: 0,
      v: 0,
    };
    c.r += x.remaining100;
    c.p += x.remainingPaid100;
    c.g += x.remainingGift100;
    c.v += x.remainingValueCents;
    perCourse.set(x.courseCode, c);
  }
  return {
    studentId: s.id,
    studentCode: s.code,
    studentName: s.name,
    schoolItemCode: s.schoolItemCode,
    items,
    courses: [...perCourse].map(([courseCode, c]) => ({
      courseCode,
      courseName: c.courseName,
      remaining: q100ToNumber(c.r),
      remainingPaid: q100ToNumber(c.p),
      remainingGift: q100ToNumber(c.g),
      remainingValue: fromCents(c.v),
    })),
    totalRemainingValue: fromCents(b.reduce((sum, x) => sum + x.remainingValueCents, 0)),
  };
}

export async function studentAccountDetail(
  deps: AppDeps,
  u: AuthUser,
  studentId: number,
  q: {
    pageIdx: number;
    pageSize: number;
    courseCode?: string | undefined;
    orderId?: number | undefined;
    kind?: string | undefined;
  },
) {
  const s = await studentOf(deps.db, studentId);
  assertCampus(u, s.schoolItemCode);
  const page = await movements(
    deps.db,
    {
      studentId,
      ...(q.courseCode ? { courseCode: q.courseCode } : {}),
      ...(q.orderId ? { orderId: q.orderId } : {}),
      ...(q.kind ? { kind: q.kind } : {}),
    },
    q,
  );
  const orderIds = [...new Set(page.list.map((m) => m.orderId))];
  const codes = orderIds.length
    ? await deps.db
        .select({ id: orders.id, code: orders.code })
        .from(orders)
        .where(inArray(orders.id, orderIds))
    : [];
  const names = await codeNames(
    deps.db,
    courses,
    page.list.map((m) => m.courseCode),
  );
  const who = await idNames(
    deps.db,
    users,
    page.list.map((m) => m.postedBy),
  );
  return {
    list: page.list.map((m) => ({
      id: m.id,
      orderId: m.orderId,
      orderCode: codes.find((c) => c.id === m.orderId)?.code ?? '',
      orderItemId: m.orderItemId,
      courseCode: m.courseCode,
      courseName: names.get(m.courseCode) ?? m.courseCode,
      kind: m.kind,
      hours: q100ToNumber(m.hours100),
      value: fromCents(m.valueCents),
      sourceType: m.sourceType,
      sourceId: m.sourceId,
      reversesId: m.reversesId,
      postedAt: m.postedAt.toISOString(),
      postedBy: m.postedBy,
      postedByName: (m.postedBy !== null ? who.get(m.postedBy) : undefined) ?? null,
      note: m.note,
    })),
    total: page.total,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export interface PayRecordFilterInput {
  schoolItemCode?: string | undefined;
  status?: number | undefined;
  method?: number | undefined;
  payer?: 'family' | 'funder' | undefined;
  orderId?: number | undefined;
  orderCode?: string | undefined;
  keyword?: string | undefined;
  funderCode?: string | undefined;
  paidFrom?: string | undefined;
  paidTo?: string | undefined;
}

/** The pay records' filter in the caller's scope (a campus outside it is refused, 403). */
export function recordWhere(u: AuthUser, f: PayRecordFilterInput): SQL | undefined {
  if (f.schoolItemCode) assertCampus(u, f.schoolItemCode);
  const scope = campusScope(u);
  // A day that is no date filters nothing (the list's free-text filter tolerates it).
  const paidFrom = f.paidFrom ? shanghaiDayOf(f.paidFrom) : null;
  const paidTo = f.paidTo ? shanghaiDayOf(f.paidTo, { end: true }) : null;
  return and(
    scope ? inArray(orders.schoolItemCode, [...scope, '']) : undefined,
    f.schoolItemCode ? eq(orders.schoolItemCode, f.schoolItemCode) : undefined,
    f.status ? eq(payRecords.status, f.status) : undefined,
    f.method ? eq(payRecords.method, f.method) : undefined,
    f.payer ? eq(payRecords.payer, f.payer) : undefined,
    f.orderId ? eq(payRecords.orderId, f.orderId) : undefined,
    f.orderCode ? eq(orders.code, f.orderCode) : undefined,
    f.funderCode ? eq(orders.funderCode, f.funderCode) : undefined,
    f.keyword ? or(ilike(students.name, `%${f.keyword}%`), eq(students.code, f.keyword)) : undefined,
    paidFrom ? gte(payRecords.paidAt, paidFrom) : undefined,
    paidTo ? lt(payRecords.paidAt, paidTo) : undefined,
  );
}

export async function payRecordPage(
  deps: AppDeps,
  u: AuthUser,
  q: PayRecordFilterInput & { pageIdx: number; pageSize: number },
) {
  const w = recordWhere(u, q);
  const rows = await recordsQuery(deps.db, w)
    .orderBy(desc(payRecords.paidAt), desc(payRecords.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const total = await countQueryUpTo(deps, () =>
    deps.db
      .select({ one: sql`1` })
      .from(payRecords)
      .innerJoin(orders, eq(orders.id, payRecords.orderId))
      .innerJoin(students, eq(students.id, orders.studentId))
      .where(w)
      .$dynamic(),
  );
  return { list: rows.map(recordRow), ...total, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

/**
 * The pay records of `where` (recordWhere) after the record `lastId` (null: from the newest),
 * `batch` at most, newest first, read by key for the streamed export: the last record's own payment
 * instant and id, compared in the database (no microsecond rounded away on the way).
 */
export async function payRecordBatch(
  db: DbOrTx,
  where: SQL | undefined,
  lastId: number | null,
  batch: number,
) {
  const after =
    lastId === null
      ? undefined
      : sql`(${payRecords.paidAt}, ${payRecords.id}) < (select p.paid_at, p.id from pay_records p where p.id = ${lastId})`;
  const rows = await recordsQuery(db, and(where, after))
    .orderBy(desc(payRecords.paidAt), desc(payRecords.id))
    .limit(batch);
  return rows.map(recordRow);
}

// ---- payment approvals ----

export interface ApprovalQuery extends KindApprovalFilter {
  pageIdx: number;
  pageSize: number;
}

const approvalsQuery = (tx: DbOrTx, where: SQL | undefined) =>
  tx
    .select({
      r: approvalRequests,
      orderCode: orders.code,
      orderType: orders.orderType,
      schoolItemName: schoolItems.name,
      requestedByName: approvalRequester.name,
    })
    .from(approvalRequests)
    .innerJoin(orders, eq(orders.id, approvalRequests.subjectId))
    .leftJoin(schoolItems, eq(schoolItems.code, approvalRequests.schoolItemCode))
    .leftJoin(approvalRequester, eq(approvalRequester.id, approvalRequests.requestedBy))
    .where(where)
    .$dynamic();

function approvalRow(
  u: AuthUser,
  x: Awaited<ReturnType<typeof approvalsQuery>>[number],
  passed: ReadonlySet<number>,
) {
  const {
    subjectId,
    subjectCode: _code,
    subjectName,
    toSchoolItemCode: _to,
    reason: _reason,
    ...row
  } = kindApprovalRow(u, x.r, x, passed);
  return {
    ...row,
    orderId: subjectId,
    orderCode: x.orderCode,
    orderType: x.orderType,
    studentName: subjectName,
    amount: fromCents(x.r.amountCents ?? 0),
  };
}

const approvals = kindApprovalList({
  kinds: [INCOME_ORDER_PAY],
  query: approvalsQuery,
  orderBy: (_f: KindApprovalFilter) => [desc(approvalRequests.requestedAt), desc(approvalRequests.id)],
  toRows: (_tx, u, js, passed) => js.map((x) => approvalRow(u, x, passed)),
});

export const approvalList = (deps: AppDeps, u: AuthUser, q: ApprovalQuery) => approvals.page(deps, u, q);

export async function approvalDetail(deps: AppDeps, u: AuthUser, id: number) {
  const [x] = await approvalsQuery(
    deps.db,
    and(eq(approvalRequests.id, id), eq(approvalRequests.kind, INCOME_ORDER_PAY)),
  );
  if (!x) throw notFound('缴费审批 / payment approval');
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
    order: await orderDetail(deps, u, x.r.subjectId),
  };
}

/** Split billing: per funder, the shares of the month's orders (created in it, not revoked) and what was recorded. */
export async function funderReceivable(
  deps: AppDeps,
  u: AuthUser,
  q: { month: string; funderCode?: string | undefined; schoolItemCode?: string | undefined },
) {
  if (q.schoolItemCode) assertCampus(u, q.schoolItemCode);
  const scope = campusScope(u);
  const { start: from, end: to } = monthBound('month', q.month);
  // What each order's funder paid so far, joined (a column of the outer query inside a subquery of a
  // selected field is written unqualified by the query builder, and would name the inner table's).
  const funderPaid = deps.db
    .select({
      orderId: payRecords.orderId,
      cents: sql<string>`sum(${payRecords.amountCents})`.as('funder_paid_cents'),
    })
    .from(payRecords)
    .where(and(eq(payRecords.payer, 'funder'), inArray(payRecords.status, PAY_LIVE)))
    .groupBy(payRecords.orderId)
    .as('funder_paid');
  const rows = await deps.db
    .select({
      funderCode: orders.funderCode,
      funderName: sql<string | null>`max(${settlementOrgs.name})`,
      orders: sql<number>`count(*)::int`,
      share: sql<string>`sum(${orders.funderCents})::text`,
      recorded: sql<string>`coalesce(sum(${funderPaid.cents}), 0)::text`,
    })
    .from(orders)
    .leftJoin(funderPaid, eq(funderPaid.orderId, orders.id))
    .leftJoin(settlementOrgs, eq(settlementOrgs.code, orders.funderCode))
    .where(
      and(
        sql`${orders.funderCents} > 0`,
        sql`${orders.status} <> 90`,
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        scope ? inArray(orders.schoolItemCode, [...scope, '']) : undefined,
        q.schoolItemCode ? eq(orders.schoolItemCode, q.schoolItemCode) : undefined,
        q.funderCode ? eq(orders.funderCode, q.funderCode) : undefined,
      ),
    )
    .groupBy(orders.funderCode)
    .orderBy(asc(orders.funderCode));
  return rows.map((r) => ({
    funderCode: r.funderCode ?? '',
    funderName: r.funderName,
    month: q.month,
    orders: Number(r.orders),
    share: fromCents(Number(r.share)),
    recorded: fromCents(Number(r.recorded)),
    due: fromCents(Number(r.share) - Number(r.recorded)),
  }));
}
