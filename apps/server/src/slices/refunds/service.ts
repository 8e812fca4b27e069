// Refund and adjust orders (issue 13, docs/money-design): filing computes the lines from the
// ledger's balances at the price actually paid; the approval engine decides; the movements are
// posted in the decision's transaction and reversed atomically on a revoke.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { nextNumbered } from '../../db/numbering.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, notFound, ruleViolation } from '../../http/errors.js';
import { assertOpenAt } from '../sealing/index.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { lockOne } from '../../shared/stateMachine.js';
import { fileRequest, registerApprovalKind, type HookContext } from '../approvals/index.js';
import { balances, fromQ100, paidValueOf, post, reverse, toQ100, type Movement } from '../ledger/index.js';
import { loadOrder, orderItems, type OrderRecord } from '../orders/index.js';
import { adjustCostReasons, refundReasons } from '../../db/schema.js';
import { students } from '../students/index.js';
import { bookingsBeyondHours, releaseBookingsBeyondHours, type HourBooking } from '../teaching/index.js';
import { refundOrderItems, refundOrders } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

export const REFUND_ORDER = 'refundOrder';
export const ADJUST_ORDER = 'adjustOrder';
export type RefundType = 'refund' | 'adjust';
const KIND: Record<RefundType, string> = { refund: REFUND_ORDER, adjust: ADJUST_ORDER };

/** Refund/adjust order statuses. */
export const RO = { pending: 10, effective: 20, rejected: 30, revoked: 40, cancelled: 50 } as const;
const EFFECTIVE_ORDER = [40, 50];

export interface Deps {
  db: DbOrTx;
  now: () => Date;
}
export type RefundOrderRecord = typeof refundOrders.$inferSelect;

const Payload = z.object({ refundOrderId: z.number().int() });
type Payload = z.infer<typeof Payload>;

export interface RefundInput {
  orderId: number;
  reasonCode: string;
  remark: string;
  /** Per item the paid hours to return; absent: every unused paid hour of every item. */
  items?: { orderItemId: number; hours: number }[] | undefined;
}
export interface AdjustInput {
  orderId: number;
  reasonId: number;
  remark: string;
  /** Signed hours and signed value (yuan cents) per item. */
  items: { orderItemId: number; hours100: number; valueCents: number }[];
}

async function openOne(tx: DbOrTx, orderId: number) {
  const [open] = await tx
    .select({ code: refundOrders.code })
    .from(refundOrders)
    .where(and(eq(refundOrders.orderId, orderId), eq(refundOrders.status, RO.pending)));
  // One open refund or adjustment per order: the second would be computed on a balance the first moves.
  if (open)
    throw conflict(
      `该订单已有待审批的退费或调整单 ${open.code} / the order already has a pending refund or adjustment ${open.code}`,
      'orderId',
    );
}

/** The order a refund or adjustment names by the body's `orderId` (the 404 names it). */
async function loadEffective(tx: DbOrTx, u: AuthUser, orderId: number): Promise<OrderRecord> {
  const o = await loadOrder(tx, u, orderId, true, 'orderId');
  if (!EFFECTIVE_ORDER.includes(o.status))
    throw ruleViolation(
      '只有已生效的订单可以退费或调整 / only an effective order can be refunded or adjusted',
      'orderId',
    );
  return o;
}

async function itemNames(tx: DbOrTx, orderId: number) {
  const rows = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return new Map(rows.map((r) => [r.id, r]));
}

export interface RefundLine {
  orderItemId: number;
  courseCode: string;
  courseName: string;
  hours100: number;
  gift100: number;
  valueCents: number;
}

/**
 * The refund lines of an order: each item's requested paid hours at the price actually paid (the
 * last paid hour takes what is left, so a full refund is exact to the cent); returning every paid
 * hour of an item forfeits its unused gift hours (value 0).
 */
export async function refundLines(
  tx: DbOrTx,
  orderId: number,
  wanted?: { orderItemId: number; hours: number }[],
): Promise<RefundLine[]> {
  const names = await itemNames(tx, orderId);
  const bs = await balances(tx, { orderId });
  const byItem = new Map(bs.map((b) => [b.orderItemId, b]));
  const asked = wanted ?? bs.map((b) => ({ orderItemId: b.orderItemId, hours: b.remainingPaid100 / 100 }));
  const lines: RefundLine[] = [];
  asked.forEach((w, i) => {
    const b = byItem.get(w.orderItemId);
    const item = names.get(w.orderItemId);
    if (!b || !item)
      throw badInput(
        `items.${i}.orderItemId`,
        `items.${i}.orderItemId: 订单中没有该课程 / not an item of the order`,
      );
    const h = toQ100(String(w.hours));
    if (h > b.remainingPaid100) {
      // Said as what happened to the hours: consumed and refunded already, what is left.
      const used = `已消耗 ${fromQ100(b.consumed100)} 课时、已退 ${fromQ100(b.refunded100)} 课时`;
      const usedEn = `${fromQ100(b.consumed100)} already consumed, ${fromQ100(b.refunded100)} refunded`;
      throw badInput(
        `items.${i}.hours`,
        `items.${i}.hours: ${item.courseName} ${used}，剩余已付课时 ${fromQ100(b.remainingPaid100)}，退费课时不能超过它 / at most the ${fromQ100(b.remainingPaid100)} unused paid hours of ${item.courseName} (${usedEn})`,
      );
    }
    if (h <= 0) return;
    lines.push({
      orderItemId: b.orderItemId,
      courseCode: b.courseCode,
      courseName: item.courseName,
      hours100: h,
      gift100: h === b.remainingPaid100 ? b.remainingGift100 : 0,
      valueCents: paidValueOf(b, h),
    });
  });
  return lines;
}

async function insertRefundOrder(
  tx: DbOrTx,
  u: AuthUser,
  at: Date,
  type: RefundType,
  o: OrderRecord,
  reason: { code: string; name: string },
  remark: string,
  amountCents: number,
  lines: {
    orderItemId: number;
    courseCode: string;
    courseName: string;
    hours100: number;
    gift100: number;
    valueCents: number;
  }[],
) {
  const [s] = await tx.select().from(students).where(eq(students.id, o.studentId));
  const { id, code } = await nextNumbered(tx, refundOrders, {
    prefix: type === 'refund' ? 'TK' : 'TZ',
    digits: 10,
  });
  const [row] = await tx
    .insert(refundOrders)
    .values({
      id,
      code,
      type,
      orderId: o.id,
      studentId: o.studentId,
      schoolItemCode: o.schoolItemCode,
      status: RO.pending,
      reasonCode: reason.code,
      reasonName: reason.name,
      remark,
      amountCents,
      createdBy: u.id,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const r = must(row, 'refund order');
  await tx.insert(refundOrderItems).values(
    lines.map((l) => ({
      refundOrderId: r.id,
      orderItemId: l.orderItemId,
      courseCode: l.courseCode,
      courseName: l.courseName,
      hours: fromQ100(l.hours100),
      giftHours: fromQ100(l.gift100),
      valueCents: l.valueCents,
    })),
  );
  const approvalId = await fileRequest(
    tx,
    u.id,
    {
      kind: KIND[type],
      subjectId: r.id,
      subjectCode: code,
      subjectName: s?.name ?? '',
      schoolItemCode: o.schoolItemCode,
      amountCents: Math.abs(amountCents),
      reason: `${reason.name}${remark ? `：${remark}` : ''}`,
      payload: { refundOrderId: r.id },
    },
    at,
  );
  await tx.update(refundOrders).set({ approvalId }).where(eq(refundOrders.id, r.id));
  await writeAudit(tx, {
    action: `${type}Order.create`,
    target: `refundOrders:${code}`,
    detail: { order: o.code, amountCents, approvalId },
    userId: u.id,
    username: u.username,
    at,
  });
  return { id: r.id, code, approvalId, amountCents };
}

/** Files a refund of unused paid hours of an effective order (an engine request of kind refundOrder). */
export async function createRefund(deps: Deps, u: AuthUser, b: RefundInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => fileRefund(tx, u, at, b));
}

/**
 * createRefund inside the caller's transaction: an approved refund application (refundApplications
 * slice) files its refund order in the decision's transaction, by the same rules.
 */
export async function fileRefund(tx: DbOrTx, u: AuthUser, at: Date, b: RefundInput) {
  const o = await loadEffective(tx, u, b.orderId);
  await openOne(tx, o.id);
  const [reason] = await tx
    .select()
    .from(refundReasons)
    .where(and(eq(refundReasons.code, b.reasonCode), eq(refundReasons.validStatus, 1)));
  if (!reason)
    throw badInput('reasonCode', 'reasonCode: 退费原因不存在或已停用 / no such active refund reason');
  const lines = await refundLines(tx, o.id, b.items);
  const amount = lines.reduce((s, l) => s + l.valueCents, 0);
  if (!lines.length || amount <= 0)
    throw ruleViolation('没有可退的已付课时 / nothing paid is left to refund', 'items');
  return insertRefundOrder(tx, u, at, 'refund', o, reason, b.remark, amount, lines);
}

/**
 * What a refund would return, computed exactly as filing computes it, without writing: the form shows
 * the amount in figures and capitals before the user submits.
 */
export async function quoteRefund(
  deps: Deps,
  u: AuthUser,
  b: { orderId: number; items?: { orderItemId: number; hours: number }[] | undefined },
) {
  const o = await loadEffective(deps.db, u, b.orderId);
  const lines = await refundLines(deps.db, o.id, b.items);
  return {
    lines,
    amountCents: lines.reduce((s, l) => s + l.valueCents, 0),
    releases: await releasesOf(deps.db, o.studentId, lines),
  };
}

/** A released lesson as the contract shows it. */
export const releasedLesson = ({ hours100, ...l }: HourBooking) => ({ ...l, hours: hours100 / 100 });

/** The hours a refund takes per course (paid and forfeited gift hours). */
function hoursPerCourse(lines: ReadonlyArray<{ courseCode: string; hours100: number; gift100: number }>) {
  const per = new Map<string, number>();
  for (const l of lines) per.set(l.courseCode, (per.get(l.courseCode) ?? 0) + l.hours100 + l.gift100);
  return per;
}

/**
 * The student's unsigned lessons a refund of these lines would leave without hours: released when
 * the refund takes effect (docs/decisions.md), shown to the applicant and the approvers before.
 */
export async function releasesOf(
  tx: DbOrTx,
  studentId: number,
  lines: ReadonlyArray<{ courseCode: string; hours100: number; gift100: number }>,
): Promise<HourBooking[]> {
  const out: HourBooking[] = [];
  for (const [course, less] of hoursPerCourse(lines))
    out.push(...(await bookingsBeyondHours(tx, studentId, course, less)));
  return out;
}

/** Files an adjustment (± hours, ± value per item) of an effective order (kind adjustOrder). */
export async function createAdjust(deps: Deps, u: AuthUser, b: AdjustInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const o = await loadEffective(tx, u, b.orderId);
    await openOne(tx, o.id);
    const [reason] = await tx
      .select()
      .from(adjustCostReasons)
      .where(and(eq(adjustCostReasons.id, b.reasonId), eq(adjustCostReasons.validStatus, 1)));
    if (!reason)
      throw badInput('reasonId', 'reasonId: 调整原因不存在或已停用 / no such active adjust-cost reason');
    const names = await itemNames(tx, o.id);
    const bs = new Map((await balances(tx, { orderId: o.id })).map((x) => [x.orderItemId, x]));
    const lines = b.items
      .map((l, i) => {
        const item = names.get(l.orderItemId);
        if (!item)
          throw badInput(
            `items.${i}.orderItemId`,
            `items.${i}.orderItemId: 订单中没有该课程 / not an item of the order`,
          );
        const bal = bs.get(l.orderItemId);
        if ((bal?.remaining100 ?? 0) + l.hours100 < 0)
          throw badInput(
            `items.${i}.hours`,
            `items.${i}.hours: 调整后课时不能低于零 / the hours of ${item.courseName} cannot go below zero`,
          );
        if ((bal?.remainingValueCents ?? 0) + l.valueCents < 0)
          throw badInput(
            `items.${i}.amount`,
            `items.${i}.amount: 调整后金额不能低于零 / the value of ${item.courseName} cannot go below zero`,
          );
        return {
          orderItemId: l.orderItemId,
          courseCode: item.courseCode,
          courseName: item.courseName,
          hours100: l.hours100,
          gift100: 0,
          valueCents: l.valueCents,
        };
      })
      .filter((l) => l.hours100 !== 0 || l.valueCents !== 0);
    if (!lines.length) throw badInput('items', 'items: 至少调整一门课程 / adjust at least one item');
    const amount = lines.reduce((s, l) => s + l.valueCents, 0);
    return insertRefundOrder(
      tx,
      u,
      at,
      'adjust',
      o,
      { code: String(reason.id), name: reason.name },
      b.remark,
      amount,
      lines,
    );
  });
}

async function lockRefund(tx: DbOrTx, id: number): Promise<RefundOrderRecord> {
  return lockOne(tx.select().from(refundOrders).where(eq(refundOrders.id, id)), '退费单 / refund order');
}

async function settle(tx: DbOrTx, r: RefundOrderRecord, status: number, at: Date) {
  await updateVersioned(tx, refundOrders, {
    where: eq(refundOrders.id, r.id),
    version: r.version,
    set: { status },
    at,
  });
}

/** The movements of an approved refund or adjustment, checked against the balance as it is now. */
async function movementsOf(tx: DbOrTx, r: RefundOrderRecord): Promise<Movement[]> {
  const lines = await tx.select().from(refundOrderItems).where(eq(refundOrderItems.refundOrderId, r.id));
  const base = (l: (typeof lines)[number]) => ({
    studentId: r.studentId,
    schoolItemCode: r.schoolItemCode,
    orderId: r.orderId,
    orderItemId: l.orderItemId,
    courseCode: l.courseCode,
    sourceType: KIND[r.type as RefundType],
    sourceId: r.id,
    note: r.code,
  });
  if (r.type === 'adjust')
    return lines.map((l) => ({
      ...base(l),
      kind: 'adjust' as const,
      hours100: toQ100(l.hours),
      valueCents: l.valueCents,
    }));
  // The refund was priced on the balance at filing; if consumption or another command moved it
  // since, the approved amount is no longer the price paid for those hours.
  const now = await refundLines(
    tx,
    r.orderId,
    lines.map((l) => ({ orderItemId: l.orderItemId, hours: toQ100(l.hours) / 100 })),
  ).catch(() => null);
  const same =
    now !== null &&
    now.length === lines.length &&
    lines.every((l) => {
      const n = now.find((x) => x.orderItemId === l.orderItemId);
      return n && n.valueCents === l.valueCents && n.gift100 === toQ100(l.giftHours);
    });
  if (!same)
    throw conflict(
      `订单余额在申请后已变动，请重新申请退费 ${r.code} / the order's balance changed since refund ${r.code} was filed; file it again`,
      'id',
    );
  return lines.flatMap((l) => [
    { ...base(l), kind: 'refund' as const, hours100: -toQ100(l.hours), valueCents: -l.valueCents },
    // Unused gift hours go with the last paid hour: forfeited, value 0 (an adjust, since a refund
    // movement may draw paid hours only).
    ...(toQ100(l.giftHours) > 0
      ? [
          {
            ...base(l),
            kind: 'adjust' as const,
            hours100: -toQ100(l.giftHours),
            valueCents: 0,
            note: `${r.code} 赠送课时作废 / gift hours forfeited`,
          },
        ]
      : []),
  ]);
}

const hookAudit = (
  c: HookContext<Payload>,
  action: string,
  r: RefundOrderRecord,
  more: Record<string, unknown> = {},
) =>
  writeAudit(c.tx, {
    action,
    target: `refundOrders:${r.code}`,
    detail: { approval: c.request.id, comment: c.comment, ...more },
    userId: c.actor.id,
    username: c.actor.username,
    at: c.now,
  });

/** What a sealed month refuses here (sealing's message names it). */
const SEALED_WHAT: Record<RefundType, string> = { refund: '退费 / refunds', adjust: '调整 / adjustments' };

function hooks(type: RefundType) {
  const REFUNDS = SEALED_WHAT[type];
  const close = (status: number, action: string) => async (c: HookContext<Payload>) => {
    const r = await lockRefund(c.tx, c.payload.refundOrderId);
    await settle(c.tx, r, status, c.now);
    await hookAudit(c, `${type}Order.${action}`, r);
  };
  return {
    onPass: async (c: HookContext<Payload>) => {
      const r = await lockRefund(c.tx, c.payload.refundOrderId);
      // The movements post on the decision's day: a period sealed meanwhile refuses them.
      await assertOpenAt(c.tx, c.now, REFUNDS);
      const moves = await movementsOf(c.tx, r);
      await post(c.tx, moves, { userId: c.actor.id, at: c.now });
      // Lessons booked beyond the hours that remain lose their seat in the same transaction: a
      // student is never left booked without hours (an adjustment that takes hours does the same).
      const released: HourBooking[] = [];
      for (const course of new Set(moves.filter((m) => m.hours100 < 0).map((m) => m.courseCode)))
        released.push(...(await releaseBookingsBeyondHours(c.tx, r.studentId, course)));
      await settle(c.tx, r, RO.effective, c.now);
      await hookAudit(c, `${type}Order.effective`, r, { releasedLessons: released.map((l) => l.lessonId) });
    },
    onReject: close(RO.rejected, 'rejected'),
    onCancel: close(RO.cancelled, 'cancelled'),
    onRevoke: async (c: HookContext<Payload>) => {
      const r = await lockRefund(c.tx, c.payload.refundOrderId);
      // A correction, also of a refund that took effect in a sealed month: the reversals post now,
      // in the open month, each naming the movement it undoes (the refunded figures read the ledger
      // by posting day, so the sealed month keeps its figures); a sealed today refuses it.
      await assertOpenAt(c.tx, c.now, REFUNDS);
      await reverse(c.tx, KIND[type], r.id, { userId: c.actor.id, at: c.now }, c.comment);
      await settle(c.tx, r, RO.revoked, c.now);
      await hookAudit(c, `${type}Order.revoked`, r);
    },
  };
}

registerApprovalKind<Payload>({
  kind: REFUND_ORDER,
  subjectType: 'refundOrder',
  label: { 'zh-CN': '退费审批', en: 'Refund approval' },
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
    { name: '财务经理', roles: [ROLE.finance], userIds: [], mode: 'any', aboveCents: 500000 },
  ],
  ...hooks('refund'),
});

registerApprovalKind<Payload>({
  kind: ADJUST_ORDER,
  subjectType: 'adjustOrder',
  label: { 'zh-CN': '调整审批', en: 'Adjustment approval' },
  payload: Payload,
  defaultSteps: [{ name: '财务审批', roles: [ROLE.finance], userIds: [], mode: 'any', aboveCents: null }],
  ...hooks('adjust'),
});

/** Loads a refund/adjust order of the caller's campuses by id or code. */
export async function loadRefund(
  tx: DbOrTx,
  u: AuthUser,
  by: { id?: number; code?: string },
  type?: RefundType,
) {
  const w = by.id !== undefined ? eq(refundOrders.id, by.id) : eq(refundOrders.code, by.code ?? '');
  const [r] = await tx
    .select()
    .from(refundOrders)
    .where(and(w, type ? eq(refundOrders.type, type) : undefined));
  if (!r) throw notFound(type === 'adjust' ? '调整单 / adjust order' : '退费单 / refund order');
  assertCampus(u, r.schoolItemCode);
  return r;
}

export const refundKinds = [REFUND_ORDER, ADJUST_ORDER];
