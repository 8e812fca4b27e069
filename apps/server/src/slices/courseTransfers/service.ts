// Transfer course and combined orders (issue 14, docs/decisions.md "Student services and
// agreements"): unused paid hours leave their order items as `transferOut` (and gift hours as a
// negative `gift`) and arrive in a new effective order as `transferIn` (and `gift`), in one
// transaction; the values moved sum to zero to the cent. Nothing here keeps a balance of its own.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { fromCents, isDateLocked, shanghaiDate as dayOf } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Ports } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { AppError, badInput, notFound, prefixed, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import {
  balances,
  fromQ100,
  paidValueOf,
  post,
  q100ToNumber,
  toQ100,
  type ItemBalance,
  type Movement,
} from '../ledger/index.js';
import {
  insertOrder,
  loadOrder,
  orderItems,
  orders,
  writeLines,
  type Actor,
  type OrderRecord,
} from '../orders/index.js';
import { quote, type PricingPort, type Quote } from '../pricing/index.js';
import { refundOrders } from '../refunds/index.js';
import { DELETED, students } from '../students/index.js';
import { users } from '../../db/schema.js';
import { courseTransferSources, courseTransfers } from './tables.js';
import { nextNumbered } from '../../db/numbering.js';

export interface Deps {
  db: DbOrTx;
  now: () => Date;
  /** The target course's price and the receiving order's lines go through pricing. */
  ports: Pick<Ports, 'pricing'>;
}

/** The ledger's source type of the movements a course transfer or a merge posts. */
export const COURSE_TRANSFER_SOURCE = 'courseTransfer';
const EFFECTIVE = 40;

type ItemRow = typeof orderItems.$inferSelect;
interface ItemLeft {
  item: ItemRow;
  b: ItemBalance;
}

/** The order's items with their ledger balances (an item without movements has nothing left). */
async function itemsLeft(tx: DbOrTx, orderIds: readonly number[]): Promise<ItemLeft[]> {
  if (!orderIds.length) return [];
  const items = await tx
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const bs = new Map(
    (await balances(tx, { orderItemIds: items.map((i) => i.id) })).map((b) => [b.orderItemId, b]),
  );
  return items.map((item) => ({
    item,
    b: bs.get(item.id) ?? {
      orderItemId: item.id,
      orderId: item.orderId,
      studentId: 0,
      schoolItemCode: '',
      courseCode: item.courseCode,
      bought100: 0,
      gift100: 0,
      consumed100: 0,
      refunded100: 0,
      adjusted100: 0,
      transferred100: 0,
      makeup100: 0,
      remaining100: 0,
      remainingPaid100: 0,
      remainingGift100: 0,
      paidValueCents: 0,
      remainingValueCents: 0,
    },
  }));
}

const toItemRow = ({ item, b }: ItemLeft) => ({
  orderItemId: item.id,
  courseCode: item.courseCode,
  courseName: item.courseName,
  unit: item.unit,
  unitPrice: fromCents(item.unitPriceCents),
  remainingHours: q100ToNumber(b.remaining100),
  remainingPaidHours: q100ToNumber(b.remainingPaid100),
  remainingGiftHours: q100ToNumber(b.remainingGift100),
  remainingValue: fromCents(b.remainingValueCents),
});

async function pendingRefund(tx: DbOrTx, orderIds: readonly number[]) {
  const [p] = await tx
    .select({ code: refundOrders.code, orderId: refundOrders.orderId })
    .from(refundOrders)
    .where(and(inArray(refundOrders.orderId, [...orderIds]), eq(refundOrders.status, 10)));
  return p ?? null;
}

/** Why an order cannot give hours now ('' when it can). */
async function blockedReason(tx: DbOrTx, o: OrderRecord, left: readonly ItemLeft[]): Promise<string> {
  if (o.status !== EFFECTIVE) return '订单未生效或已结清 / the order is not effective';
  const p = await pendingRefund(tx, [o.id]);
  if (p) return `订单有待审批的退费或调整 ${p.code} / ${p.code} is awaiting approval on this order`;
  if (!left.some((l) => l.b.remaining100 > 0)) return '订单没有剩余课时 / nothing is left of the order';
  return '';
}

async function studentOf(tx: DbOrTx, id: number) {
  const [s] = await tx.select().from(students).where(eq(students.id, id));
  return must(s, 'student of an order');
}

/** What of an order can be moved, by item (transfer course and merge screens). */
export async function orderDetail(deps: Deps, u: AuthUser, orderId: number, startDate?: string) {
  const tx = deps.db;
  const o = await loadOrder(tx, u, orderId);
  const s = await studentOf(tx, o.studentId);
  const left = await itemsLeft(tx, [o.id]);
  return {
    orderId: o.id,
    orderCode: o.code,
    orderType: o.orderType,
    status: o.status,
    studentId: s.id,
    studentCode: s.code,
    studentName: s.name,
    schoolItemCode: o.schoolItemCode,
    startDate: startDate ?? dayOf(deps.now()),
    blockedReason: await blockedReason(tx, o, left),
    items: left.map(toItemRow),
  };
}

interface MovementLine {
  kind: string;
  orderCode: string;
  courseCode: string;
  hours: number;
  value: string;
}
const lineOf = (m: Pick<Movement, 'kind' | 'courseCode' | 'hours100' | 'valueCents'>, orderCode: string) => ({
  kind: m.kind,
  orderCode,
  courseCode: m.courseCode,
  hours: q100ToNumber(m.hours100),
  value: fromCents(m.valueCents),
});
const sumLine = (ms: readonly { valueCents: number }[]) =>
  fromCents(ms.reduce((s, m) => s + m.valueCents, 0));

/** The target course's unit price through pricing (400 naming targetCourseCode when unknown or free). */
async function targetPrice(pricing: PricingPort, tx: DbOrTx, o: OrderRecord, courseCode: string, at: Date) {
  let q: Quote;
  try {
    q = await quote(pricing, tx, {
      schoolItemCode: o.schoolItemCode,
      at,
      studentId: o.studentId,
      orderType: o.orderType,
      items: [{ courseCode, quantity100: 100 }],
    });
  } catch (e) {
    if (e instanceof AppError && e.field?.startsWith('items'))
      throw badInput(
        'targetCourseCode',
        `targetCourseCode: 目标课程不存在或已停用 / no such valid course "${courseCode}"`,
      );
    throw e;
  }
  const line = must(q.items[0], 'quoted line');
  if (line.unitPriceCents <= 0)
    throw badInput(
      'targetCourseCode',
      'targetCourseCode: 目标课程没有单价，无法折算课时 / the target course has no price to convert the value into hours',
    );
  return line;
}

export interface TransferBody {
  orderItemId: number;
  targetCourseCode: string;
  hours?: number | undefined;
  giftHours?: number | undefined;
  startDate?: string | undefined;
  remark: string;
}

/**
 * Computes a transfer on the ledger's balances (locked when `lock`): paid hours out at the price
 * paid (`paidValueOf`: moving every paid hour moves exactly the remaining value), gift hours out
 * in proportion, the target's hours = value ÷ the target's unit price (down to the hundredth: the
 * value moves whole, only the hours are rounded), gift hours on the target up to the same list value.
 */
async function planTransfer(
  pricing: PricingPort,
  tx: DbOrTx,
  u: AuthUser,
  now: Date,
  body: TransferBody,
  lock: boolean,
) {
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, body.orderItemId));
  if (!item) throw badInput('orderItemId', 'orderItemId: 订单课程不存在 / no such order item');
  const o = await loadOrder(tx, u, item.orderId, lock);
  const left = await itemsLeft(tx, [o.id]);
  const blocked = await blockedReason(tx, o, left);
  if (blocked) throw ruleViolation(blocked, 'orderItemId');
  const mine = must(
    left.find((l) => l.item.id === item.id),
    'item balance',
  );
  const { b } = mine;
  if (b.remainingPaid100 <= 0)
    throw ruleViolation('该课程没有未用的已付课时 / no unused paid hours left on this course', 'orderItemId');
  const moved100 = body.hours === undefined ? b.remainingPaid100 : toQ100(body.hours);
  if (moved100 <= 0 || moved100 > b.remainingPaid100)
    throw badInput(
      'hours',
      `hours: 转出课时须大于0且不超过未用已付课时 ${fromQ100(b.remainingPaid100)} / the hours to move must be above 0 and at most the ${fromQ100(b.remainingPaid100)} unused paid hours`,
    );
  if (body.targetCourseCode === item.courseCode)
    throw badInput('targetCourseCode', 'targetCourseCode: 请选择另一门课程 / choose another course');
  const valueCents = paidValueOf(b, moved100);
  const giftOut100 =
    moved100 === b.remainingPaid100
      ? b.remainingGift100
      : Math.floor((b.remainingGift100 * moved100) / b.remainingPaid100);
  const target = await targetPrice(pricing, tx, o, body.targetCourseCode, now);
  const target100 = Math.floor((valueCents * 100) / target.unitPriceCents);
  if (target100 <= 0)
    throw ruleViolation(
      '转出金额不足目标课程的0.01课时 / the value moved does not buy 0.01 of the target course',
      'hours',
    );
  const maxGift100 = Math.floor((giftOut100 * item.unitPriceCents) / target.unitPriceCents);
  const giftIn100 = body.giftHours === undefined ? maxGift100 : toQ100(body.giftHours);
  if (giftIn100 > maxGift100)
    throw badInput(
      'giftHours',
      `giftHours: 赠送课时最多 ${fromQ100(maxGift100)} / at most ${fromQ100(maxGift100)} gift hours`,
    );
  const startDate = body.startDate ?? dayOf(now);
  const base = {
    studentId: o.studentId,
    schoolItemCode: o.schoolItemCode,
    sourceType: COURSE_TRANSFER_SOURCE,
  };
  const out: Omit<Movement, 'sourceId'>[] = [
    {
      ...base,
      orderId: o.id,
      orderItemId: item.id,
      courseCode: item.courseCode,
      kind: 'transferOut',
      hours100: -moved100,
      valueCents: -valueCents,
    },
  ];
  if (giftOut100 > 0)
    out.push({
      ...base,
      orderId: o.id,
      orderItemId: item.id,
      courseCode: item.courseCode,
      kind: 'gift',
      hours100: -giftOut100,
      valueCents: 0,
    });
  const inn: Array<Pick<Movement, 'kind' | 'courseCode' | 'hours100' | 'valueCents'>> = [
    { kind: 'transferIn', courseCode: target.courseCode, hours100: target100, valueCents },
  ];
  if (giftIn100 > 0)
    inn.push({ kind: 'gift', courseCode: target.courseCode, hours100: giftIn100, valueCents: 0 });
  const preview = {
    source: {
      orderId: o.id,
      orderCode: o.code,
      orderItemId: item.id,
      courseCode: item.courseCode,
      courseName: item.courseName,
      paidHours: q100ToNumber(moved100),
      giftHours: q100ToNumber(giftOut100),
      value: fromCents(valueCents),
    },
    target: {
      courseCode: target.courseCode,
      courseName: target.courseName,
      unit: target.unit,
      unitPrice: fromCents(target.unitPriceCents),
      hours: q100ToNumber(target100),
      giftHours: q100ToNumber(giftIn100),
      maxGiftHours: q100ToNumber(maxGift100),
      amount: fromCents(valueCents),
    },
    startDate,
    movements: [...out.map((m) => lineOf(m, o.code)), ...inn.map((m) => lineOf(m, ''))] as MovementLine[],
    valueSum: sumLine([...out, ...inn]),
  };
  return { o, item, target, target100, giftIn100, valueCents, moved100, giftOut100, out, inn, preview };
}

export async function maxGift(
  deps: Deps,
  u: AuthUser,
  body: { orderItemId: number; targetCourseCode: string; hours?: number | undefined },
) {
  const p = await planTransfer(deps.ports.pricing, deps.db, u, deps.now(), { ...body, remark: '' }, false);
  return { sourceGiftHours: p.preview.source.giftHours, maxGiftHours: p.preview.target.maxGiftHours };
}

export async function transferPreview(deps: Deps, u: AuthUser, body: TransferBody) {
  return (await planTransfer(deps.ports.pricing, deps.db, u, deps.now(), body, false)).preview;
}

const actorOf = (u: AuthUser, at: Date, ip: string): Actor => ({
  userId: u.id,
  username: u.username,
  at,
  ip,
});

/** One line of the new order, valued at what moved (no list price, no discount: it was paid). */
function movedQuote(
  lines: ReadonlyArray<{
    courseCode: string;
    courseName: string;
    buyTypeId: number | null;
    unit: number;
    unitPriceCents: number;
    quantity100: number;
    gift100: number;
    amountCents: number;
  }>,
): Quote {
  const items = lines.map((l) => ({
    ...l,
    listCents: l.amountCents,
    adjustments: [],
  }));
  const total = items.reduce((s, i) => s + i.amountCents, 0);
  return { items, listCents: total, discountCents: 0, payableCents: total };
}

/** Writes the new effective order that receives the hours; the value moved counts as paid. */
async function receivingOrder(
  pricing: PricingPort,
  tx: DbOrTx,
  a: Actor,
  from: OrderRecord,
  q: Quote,
  adviserId: number | null,
  remark: string,
) {
  const o = await insertOrder(tx, a, {
    orderType: from.orderType,
    status: EFFECTIVE,
    studentId: from.studentId,
    schoolItemCode: from.schoolItemCode,
    listCents: q.listCents,
    discountCents: 0,
    payableCents: q.payableCents,
    paidCents: q.payableCents,
    familyCents: q.payableCents,
    funderCents: 0,
    funderCode: null,
    adviserId,
    remark,
    effectiveAt: a.at,
  });
  await writeLines(pricing, tx, o.id, q);
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id));
  return { o, items };
}

async function insertTransfer(
  tx: DbOrTx,
  v: Omit<typeof courseTransfers.$inferInsert, 'id' | 'code'>,
  prefix: 'ZK' | 'HB',
) {
  const { id, code } = await nextNumbered(tx, courseTransfers, { prefix, digits: 10 });
  await tx.insert(courseTransfers).values({ ...v, id, code });
  return { id, code };
}

export async function transferCreate(deps: Deps, u: AuthUser, body: TransferBody, ip: string) {
  const a = actorOf(u, deps.now(), ip);
  return deps.db.transaction(async (tx) => {
    const p = await planTransfer(deps.ports.pricing, tx, u, a.at, body, true);
    const q = movedQuote([
      {
        courseCode: p.target.courseCode,
        courseName: p.target.courseName,
        buyTypeId: p.target.buyTypeId,
        unit: p.target.unit,
        unitPriceCents: p.target.unitPriceCents,
        quantity100: p.target100,
        gift100: p.giftIn100,
        amountCents: p.valueCents,
      },
    ]);
    const { o, items } = await receivingOrder(
      deps.ports.pricing,
      tx,
      a,
      p.o,
      q,
      p.o.adviserId,
      `转课自 ${p.o.code} ${p.item.courseName} / transferred from ${p.o.code}${body.remark ? `; ${body.remark}` : ''}`,
    );
    const targetItem = must(items[0], 'target item');
    const t = await insertTransfer(
      tx,
      {
        kind: 'course',
        studentId: p.o.studentId,
        schoolItemCode: p.o.schoolItemCode,
        targetOrderId: o.id,
        valueCents: p.valueCents,
        startDate: p.preview.startDate,
        remark: body.remark,
        createdBy: u.id,
        createdAt: a.at,
      },
      'ZK',
    );
    await tx.insert(courseTransferSources).values({
      transferId: t.id,
      orderId: p.o.id,
      orderItemId: p.item.id,
      courseCode: p.item.courseCode,
      hours: fromQ100(p.moved100),
      giftHours: fromQ100(p.giftOut100),
      valueCents: p.valueCents,
    });
    const base = {
      studentId: o.studentId,
      schoolItemCode: o.schoolItemCode,
      sourceType: COURSE_TRANSFER_SOURCE,
    };
    await post(
      tx,
      [
        ...p.out.map((m) => ({ ...m, sourceId: t.id, note: t.code })),
        ...p.inn.map((m) => ({
          ...base,
          ...m,
          orderId: o.id,
          orderItemId: targetItem.id,
          sourceId: t.id,
          note: t.code,
        })),
      ],
      { userId: u.id, at: a.at },
    );
    await writeAudit(tx, {
      action: 'courseTransfer.create',
      target: `orders:${p.o.code}`,
      detail: { transfer: t.code, to: o.code, value: p.valueCents, course: p.target.courseCode },
      userId: u.id,
      username: u.username,
      ip,
      at: a.at,
    });
    return {
      ...p.preview,
      movements: p.preview.movements.map((m) => (m.orderCode ? m : { ...m, orderCode: o.code })),
      id: t.id,
      code: t.code,
      targetOrderId: o.id,
      targetOrderCode: o.code,
      createdAt: a.at.toISOString(),
    };
  });
}

// ---- combined orders ----

interface SourceOrder {
  o: OrderRecord;
  left: ItemLeft[];
}
const selectableRow = ({ o, left }: SourceOrder) => ({
  orderId: o.id,
  orderCode: o.code,
  orderType: o.orderType,
  effectiveAt: o.effectiveAt ? o.effectiveAt.toISOString() : null,
  courses: [...new Set(left.filter((l) => l.b.remaining100 > 0).map((l) => l.item.courseName))].join('、'),
  remainingHours: q100ToNumber(left.reduce((s, l) => s + l.b.remaining100, 0)),
  remainingValue: fromCents(left.reduce((s, l) => s + l.b.remainingValueCents, 0)),
});

async function loadStudentByCode(tx: DbOrTx, u: AuthUser, code: string) {
  const [s] = await tx.select().from(students).where(eq(students.code, code));
  if (!s || s.status === DELETED) throw badInput('studentCode', 'studentCode: 学员不存在 / no such student');
  assertCampus(u, s.schoolItemCode);
  return s;
}

/** The student's orders that can be merged: effective, nothing awaiting approval, something left. */
export async function selectable(deps: Deps, u: AuthUser, studentId: number, firstOrderId: number) {
  const tx = deps.db;
  const [s] = await tx.select().from(students).where(eq(students.id, studentId));
  if (!s || s.status === DELETED) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  const os = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.studentId, s.id),
        eq(orders.schoolItemCode, s.schoolItemCode),
        eq(orders.status, EFFECTIVE),
      ),
    )
    .orderBy(asc(orders.id));
  const all = await itemsLeft(
    tx,
    os.map((o) => o.id),
  );
  const pending = new Set(
    (
      await tx
        .select({ orderId: refundOrders.orderId })
        .from(refundOrders)
        .where(and(inArray(refundOrders.orderId, [...os.map((o) => o.id), -1]), eq(refundOrders.status, 10)))
    ).map((r) => r.orderId),
  );
  const rows = os
    .filter((o) => !pending.has(o.id))
    .map((o) => ({ o, left: all.filter((l) => l.item.orderId === o.id) }))
    .filter((x) => x.left.some((l) => l.b.remaining100 > 0));
  rows.sort((x, y) => Number(y.o.id === firstOrderId) - Number(x.o.id === firstOrderId));
  return rows.map(selectableRow);
}

export interface CombineBody {
  studentCode: string;
  orderNo: string[];
  orderIncomeAttr: string;
  commissionerCode?: number | undefined;
  payDate?: string | undefined;
  screenshot: string;
  remark: string;
}

/**
 * Computes a merge: every unused hour and its value of the chosen orders moves into one line per
 * course of a new order (paid hours, gift hours and value summed; the unit price shown is the value
 * per paid hour). Refuses an order of another student, not effective, or with a refund under way.
 */
async function planCombine(tx: DbOrTx, u: AuthUser, now: Date, body: CombineBody, lock: boolean) {
  const s = await loadStudentByCode(tx, u, body.studentCode);
  const codes = [...new Set(body.orderNo)];
  if (codes.length !== body.orderNo.length)
    throw badInput('orderNo', 'orderNo: 订单重复 / an order is listed twice');
  const base = tx.select().from(orders).where(inArray(orders.code, codes)).orderBy(asc(orders.id));
  const os = lock ? await base.for('update') : await base;
  for (const [n, code] of codes.entries()) {
    const o = os.find((x) => x.code === code);
    if (!o || o.studentId !== s.id)
      throw badInput(
        `orderNo.${n}`,
        `orderNo: 订单 ${code} 不是该学员的订单 / ${code} is not an order of this student`,
      );
    if (o.schoolItemCode !== s.schoolItemCode)
      throw badInput(`orderNo.${n}`, `orderNo: 订单 ${code} 不在学员所在校区 / ${code} is of another campus`);
  }
  const all = await itemsLeft(
    tx,
    os.map((o) => o.id),
  );
  const sources: SourceOrder[] = [];
  for (const o of os) {
    const left = all.filter((l) => l.item.orderId === o.id);
    const why = await blockedReason(tx, o, left);
    if (why) throw ruleViolation(prefixed(`${o.code}: `, why), 'orderNo');
    sources.push({ o, left });
  }
  type Line = {
    courseCode: string;
    courseName: string;
    buyTypeId: number | null;
    unit: number;
    paid100: number;
    gift100: number;
    valueCents: number;
  };
  const lines = new Map<string, Line>();
  const out: Omit<Movement, 'sourceId'>[] = [];
  const outRows: Array<{
    orderId: number;
    orderItemId: number;
    courseCode: string;
    paid100: number;
    gift100: number;
    valueCents: number;
  }> = [];
  for (const { o, left } of sources)
    for (const { item, b } of left) {
      if (b.remaining100 <= 0 && b.remainingValueCents <= 0) continue;
      const m = {
        studentId: s.id,
        schoolItemCode: s.schoolItemCode,
        orderId: o.id,
        orderItemId: item.id,
        courseCode: item.courseCode,
        sourceType: COURSE_TRANSFER_SOURCE,
      };
      out.push({
        ...m,
        kind: 'transferOut',
        hours100: -b.remainingPaid100,
        valueCents: -b.remainingValueCents,
      });
      if (b.remainingGift100 > 0)
        out.push({ ...m, kind: 'gift', hours100: -b.remainingGift100, valueCents: 0 });
      outRows.push({
        orderId: o.id,
        orderItemId: item.id,
        courseCode: item.courseCode,
        paid100: b.remainingPaid100,
        gift100: b.remainingGift100,
        valueCents: b.remainingValueCents,
      });
      const l = lines.get(item.courseCode) ?? {
        courseCode: item.courseCode,
        courseName: item.courseName,
        buyTypeId: item.buyTypeId,
        unit: item.unit,
        paid100: 0,
        gift100: 0,
        valueCents: 0,
      };
      l.paid100 += b.remainingPaid100;
      l.gift100 += b.remainingGift100;
      l.valueCents += b.remainingValueCents;
      lines.set(item.courseCode, l);
    }
  const merged = [...lines.values()].map((l) => ({
    ...l,
    unitPriceCents: l.paid100 > 0 ? Math.round((l.valueCents * 100) / l.paid100) : 0,
  }));
  const inn = merged.flatMap((l) => [
    ...(l.paid100 > 0 || l.valueCents > 0
      ? [
          {
            kind: 'transferIn' as const,
            courseCode: l.courseCode,
            hours100: l.paid100,
            valueCents: l.valueCents,
          },
        ]
      : []),
    ...(l.gift100 > 0
      ? [{ kind: 'gift' as const, courseCode: l.courseCode, hours100: l.gift100, valueCents: 0 }]
      : []),
  ]);
  const today = dayOf(now);
  const amount = merged.reduce((x, l) => x + l.valueCents, 0);
  const preview = {
    studentId: s.id,
    studentCode: s.code,
    studentName: s.name,
    schoolItemCode: s.schoolItemCode,
    sources: sources.map(selectableRow),
    lines: merged.map((l) => ({
      courseCode: l.courseCode,
      courseName: l.courseName,
      unit: l.unit,
      unitPrice: fromCents(l.unitPriceCents),
      paidHours: q100ToNumber(l.paid100),
      giftHours: q100ToNumber(l.gift100),
      amount: fromCents(l.valueCents),
    })),
    amount: fromCents(amount),
    payDate: body.payDate ?? null,
    isBeyondDate: body.payDate ? isDateLocked(body.payDate, today) : false,
    movements: [
      ...out.map((m) =>
        lineOf(
          m,
          must(
            os.find((o) => o.id === m.orderId),
            'order',
          ).code,
        ),
      ),
      ...inn.map((m) => lineOf(m, '')),
    ] as MovementLine[],
    valueSum: sumLine([...out, ...inn]),
  };
  return { s, sources, merged, out, inn, outRows, amount, preview };
}

export async function combinePreview(deps: Deps, u: AuthUser, body: CombineBody) {
  return (await planCombine(deps.db, u, deps.now(), body, false)).preview;
}

async function commissioner(tx: DbOrTx, id: number | undefined): Promise<number | null> {
  if (id === undefined) return null;
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!row) throw badInput('commissionerCode', 'commissionerCode: 业绩归属人不存在 / no such staff member');
  return row.id;
}

export async function combineCreate(deps: Deps, u: AuthUser, body: CombineBody, ip: string) {
  const a = actorOf(u, deps.now(), ip);
  return deps.db.transaction(async (tx) => {
    const p = await planCombine(tx, u, a.at, body, true);
    const first = must(p.sources[0], 'first source');
    const adviserId = (await commissioner(tx, body.commissionerCode)) ?? first.o.adviserId;
    const codes = p.sources.map((x) => x.o.code).join('、');
    const { o, items } = await receivingOrder(
      deps.ports.pricing,
      tx,
      a,
      first.o,
      movedQuote(
        p.merged.map((l) => ({
          courseCode: l.courseCode,
          courseName: l.courseName,
          buyTypeId: l.buyTypeId,
          unit: l.unit,
          unitPriceCents: l.unitPriceCents,
          quantity100: l.paid100,
          gift100: l.gift100,
          amountCents: l.valueCents,
        })),
      ),
      adviserId,
      `合并自 ${codes} / merged from ${codes}${body.remark ? `; ${body.remark}` : ''}`,
    );
    const t = await insertTransfer(
      tx,
      {
        kind: 'combine',
        studentId: p.s.id,
        schoolItemCode: p.s.schoolItemCode,
        targetOrderId: o.id,
        valueCents: p.amount,
        payDate: body.payDate ?? null,
        incomeAttr: body.orderIncomeAttr,
        commissionerId: adviserId,
        screenshot: body.screenshot,
        isBeyondDate: p.preview.isBeyondDate,
        remark: body.remark,
        createdBy: u.id,
        createdAt: a.at,
      },
      'HB',
    );
    await tx.insert(courseTransferSources).values(
      p.outRows.map((r) => ({
        transferId: t.id,
        orderId: r.orderId,
        orderItemId: r.orderItemId,
        courseCode: r.courseCode,
        hours: fromQ100(r.paid100),
        giftHours: fromQ100(r.gift100),
        valueCents: r.valueCents,
      })),
    );
    const itemOf = (courseCode: string) =>
      must(
        items.find((i) => i.courseCode === courseCode),
        'merged item',
      );
    await post(
      tx,
      [
        ...p.out.map((m) => ({ ...m, sourceId: t.id, note: t.code })),
        ...p.inn.map((m) => ({
          ...m,
          studentId: o.studentId,
          schoolItemCode: o.schoolItemCode,
          orderId: o.id,
          orderItemId: itemOf(m.courseCode).id,
          sourceType: COURSE_TRANSFER_SOURCE,
          sourceId: t.id,
          note: t.code,
        })),
      ],
      { userId: u.id, at: a.at },
    );
    await writeAudit(tx, {
      action: 'combineOrder.create',
      target: `orders:${o.code}`,
      detail: { transfer: t.code, from: codes, value: p.amount },
      userId: u.id,
      username: u.username,
      ip,
      at: a.at,
    });
    return {
      ...p.preview,
      movements: p.preview.movements.map((m) => (m.orderCode ? m : { ...m, orderCode: o.code })),
      id: t.id,
      code: t.code,
      targetOrderId: o.id,
      targetOrderCode: o.code,
    };
  });
}
