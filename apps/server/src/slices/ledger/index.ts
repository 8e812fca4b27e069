// The student ledger's public face (docs/money-design): one mechanism for every change of a
// student's hours or paid value. Orders post purchases and gifts, refunds and adjustments post
// theirs, scheduling will post consumption; every function takes the caller's transaction.
import { fromCents } from '@bo/domain';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../http/errors.js';
import { orderItems } from '../../db/schema.js';
import { assertOpenAt } from '../sealing/index.js';
import { studentLedger } from './tables.js';
import { fromQ100, toQ100 } from './quantity.js';

export { studentLedger } from './tables.js';
export { fromQ100, q100ToNumber, toQ100 } from './quantity.js';

export const MOVEMENT_KINDS = [
  'purchase',
  'gift',
  'refund',
  'adjust',
  'consume',
  'transferOut',
  'transferIn',
  'makeup',
  'reversal',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export interface Movement {
  studentId: number;
  schoolItemCode: string;
  orderId: number;
  orderItemId: number;
  courseCode: string;
  kind: MovementKind;
  /** Signed hundredths of an hour (or day). */
  hours100: number;
  /** Signed cents of paid value. */
  valueCents: number;
  sourceType: string;
  sourceId: number;
  reversesId?: number | null;
  note?: string;
}

/** Who posts, and when (deps.now() of the command). */
export interface PostedBy {
  userId: number | null;
  at: Date;
}

/** One order item's balance; hours in hundredths, value in cents. */
export interface ItemBalance {
  orderItemId: number;
  orderId: number;
  studentId: number;
  schoolItemCode: string;
  courseCode: string;
  bought100: number;
  gift100: number;
  consumed100: number;
  refunded100: number;
  adjusted100: number;
  transferred100: number;
  makeup100: number;
  remaining100: number;
  /** Hours still paid for: consumption draws paid hours first, gift hours last. */
  remainingPaid100: number;
  remainingGift100: number;
  paidValueCents: number;
  remainingValueCents: number;
}

export interface BalanceFilter {
  studentId?: number;
  studentIds?: readonly number[];
  orderId?: number;
  orderItemId?: number;
  orderItemIds?: readonly number[];
  courseCode?: string;
  schoolItemCode?: string;
}

type Listener = (tx: DbOrTx, orderIds: number[], by: PostedBy) => Promise<void>;
const listeners: Listener[] = [];
/**
 * Runs after every post in the same transaction with the orders touched; the orders slice uses it
 * to close an order whose balance reached zero (and to reopen it when a reversal brings hours back).
 */
export function onLedgerPosted(fn: Listener): void {
  listeners.push(fn);
}

const reversed = alias(studentLedger, 'reversed');
/** A reversal counts in the bucket of the movement it undoes. */
const effKind = sql<string>`coalesce(${reversed.kind}, ${studentLedger.kind})`;
const sumIf = (kinds: readonly MovementKind[]) =>
  sql<string>`coalesce(sum(case when ${effKind} in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )}) then ${studentLedger.hours} else 0 end), 0)::text`;

function where(f: BalanceFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.studentId !== undefined) c.push(eq(studentLedger.studentId, f.studentId));
  if (f.studentIds) c.push(inArray(studentLedger.studentId, [...f.studentIds, -1]));
  if (f.orderId !== undefined) c.push(eq(studentLedger.orderId, f.orderId));
  if (f.orderItemId !== undefined) c.push(eq(studentLedger.orderItemId, f.orderItemId));
  if (f.orderItemIds) c.push(inArray(studentLedger.orderItemId, [...f.orderItemIds, -1]));
  if (f.courseCode !== undefined) c.push(eq(studentLedger.courseCode, f.courseCode));
  if (f.schoolItemCode !== undefined) c.push(eq(studentLedger.schoolItemCode, f.schoolItemCode));
  return and(...c);
}

/** Balances per order item of the movements matching the filter (items without movements are absent). */
export async function balances(tx: DbOrTx, f: BalanceFilter): Promise<ItemBalance[]> {
  const rows = await tx
    .select({
      orderItemId: studentLedger.orderItemId,
      orderId: sql<number>`max(${studentLedger.orderId})`,
      studentId: sql<number>`max(${studentLedger.studentId})`,
      schoolItemCode: sql<string>`max(${studentLedger.schoolItemCode})`,
      courseCode: sql<string>`max(${studentLedger.courseCode})`,
      bought: sumIf(['purchase']),
      gift: sumIf(['gift']),
      consumed: sumIf(['consume']),
      refunded: sumIf(['refund']),
      adjusted: sumIf(['adjust']),
      transferred: sumIf(['transferIn', 'transferOut']),
      makeup: sumIf(['makeup']),
      paidValue: sql<string>`coalesce(sum(case when ${effKind} = 'purchase' then ${studentLedger.valueCents} else 0 end), 0)::text`,
      value: sql<string>`coalesce(sum(${studentLedger.valueCents}), 0)::text`,
    })
    .from(studentLedger)
    .leftJoin(reversed, eq(reversed.id, studentLedger.reversesId))
    .where(where(f))
    .groupBy(studentLedger.orderItemId)
    .orderBy(asc(studentLedger.orderItemId));
  return rows.map((r) => {
    const bought100 = toQ100(r.bought);
    const gift100 = toQ100(r.gift);
    const consumed100 = -toQ100(r.consumed);
    const refunded100 = -toQ100(r.refunded);
    const adjusted100 = toQ100(r.adjusted);
    const transferred100 = toQ100(r.transferred);
    const makeup100 = toQ100(r.makeup);
    const remaining100 =
      bought100 + gift100 - consumed100 - refunded100 + adjusted100 + transferred100 + makeup100;
    // Paid hours in (bought, adjusted, transferred) less everything drawn; gift and make-up hours
    // are drawn last, so what remains beyond the paid pool is gift.
    const paidPool = bought100 + adjusted100 + transferred100 - consumed100 - refunded100;
    const remainingPaid100 = Math.max(0, Math.min(paidPool, remaining100));
    return {
      orderItemId: Number(r.orderItemId),
      orderId: Number(r.orderId),
      studentId: Number(r.studentId),
      schoolItemCode: r.schoolItemCode,
      courseCode: r.courseCode,
      bought100,
      gift100,
      consumed100,
      refunded100,
      adjusted100,
      transferred100,
      makeup100,
      remaining100,
      remainingPaid100,
      remainingGift100: remaining100 - remainingPaid100,
      paidValueCents: Number(r.paidValue),
      remainingValueCents: Number(r.value),
    };
  });
}

/**
 * The paid value of `hours100` of an item's remaining paid hours at the price actually paid; the
 * last paid hour takes what is left, so drawing every paid hour draws exactly the remaining value.
 */
export function paidValueOf(
  b: Pick<ItemBalance, 'remainingPaid100' | 'remainingValueCents'>,
  hours100: number,
) {
  if (hours100 <= 0 || b.remainingPaid100 <= 0) return 0;
  if (hours100 >= b.remainingPaid100) return b.remainingValueCents;
  return Math.round((b.remainingValueCents * hours100) / b.remainingPaid100);
}

const h = (q100: number) => fromQ100(Math.max(0, q100));
/** Yuan of what remains: never below zero in a message. */
const remainingYuan = (c: number) => fromCents(Math.max(0, c));

/**
 * The refusal of a movement the balance cannot carry, in the user's words: what was already
 * consumed and refunded of the course, what remains, and what the command wanted to take.
 */
function refuse(
  course: string,
  what: 'hours' | 'paid' | 'value',
  b: ItemBalance | undefined,
  wanted100: number,
  wantedCents: number,
): never {
  const consumed = h(b?.consumed100 ?? 0);
  const refunded = h(b?.refunded100 ?? 0);
  if (what === 'value')
    throw conflict(
      `课程「${course}」剩余金额 ${remainingYuan(b?.remainingValueCents ?? 0)} 元，不足 ${remainingYuan(wantedCents)} 元（已消耗 ${consumed} 课时、已退 ${refunded} 课时） / only ¥${remainingYuan(b?.remainingValueCents ?? 0)} of course "${course}" remains, less than the ¥${remainingYuan(wantedCents)} this takes (${consumed} hours already consumed, ${refunded} refunded)`,
      'courseCode',
    );
  const left = h(what === 'paid' ? (b?.remainingPaid100 ?? 0) : (b?.remaining100 ?? 0));
  const kindZh = what === 'paid' ? '已付课时' : '课时';
  const kindEn = what === 'paid' ? 'paid hours' : 'hours';
  throw conflict(
    `课程「${course}」的课时已被使用：已消耗 ${consumed} 课时、已退 ${refunded} 课时，剩余${kindZh} ${left}，不足本次的 ${h(wanted100)} / the hours of course "${course}" were already used: ${consumed} consumed and ${refunded} refunded; ${left} ${kindEn} remain, fewer than the ${h(wanted100)} this takes`,
    'courseCode',
  );
}

/**
 * Posts movements in the caller's transaction, at `by.at` — refused (sealing's 409) when that moment
 * is in a sealed month: locks the order items they touch, refuses (409, naming the course) any that would take an item's hours or value below zero — or a refund that
 * would draw more than the item's unused paid hours — then inserts them.
 */
export async function post(tx: DbOrTx, movements: readonly Movement[], by: PostedBy): Promise<number[]> {
  if (!movements.length) return [];
  // Nothing posts into a sealed month: a correction of one is posted now, as a reversal naming the
  // movement it undoes (reverse below), in the open month (docs/payroll.md "Sealing").
  await assertOpenAt(tx, by.at, '台账变动 / ledger movements');
  const itemIds = [...new Set(movements.map((m) => m.orderItemId))].sort((a, b) => a - b);
  // Items are locked in id order so two commands touching the same items never deadlock.
  const locked = await tx
    .select({ id: orderItems.id, courseName: orderItems.courseName })
    .from(orderItems)
    .where(inArray(orderItems.id, itemIds))
    .orderBy(asc(orderItems.id))
    .for('update');
  const nameOf = new Map(locked.map((i) => [i.id, i.courseName]));
  const before = new Map((await balances(tx, { orderItemIds: itemIds })).map((b) => [b.orderItemId, b]));
  for (const id of itemIds) {
    const mine = movements.filter((m) => m.orderItemId === id);
    const first = mine[0];
    if (!first) continue;
    const b = before.get(id);
    const hours = (b?.remaining100 ?? 0) + mine.reduce((s, m) => s + m.hours100, 0);
    const value = (b?.remainingValueCents ?? 0) + mine.reduce((s, m) => s + m.valueCents, 0);
    const course = nameOf.get(id) ?? first.courseCode;
    const taken100 = -mine.reduce((s, m) => s + Math.min(0, m.hours100), 0);
    const takenCents = -mine.reduce((s, m) => s + Math.min(0, m.valueCents), 0);
    if (hours < 0) refuse(course, 'hours', b, taken100, takenCents);
    if (value < 0) refuse(course, 'value', b, taken100, takenCents);
    const refund = mine.filter((m) => m.kind === 'refund').reduce((s, m) => s - m.hours100, 0);
    if (refund > 0 && refund > (b?.remainingPaid100 ?? 0)) refuse(course, 'paid', b, refund, takenCents);
  }
  const rows = await tx
    .insert(studentLedger)
    .values(
      movements.map((m) => ({
        studentId: m.studentId,
        schoolItemCode: m.schoolItemCode,
        orderId: m.orderId,
        orderItemId: m.orderItemId,
        courseCode: m.courseCode,
        kind: m.kind,
        hours: fromQ100(m.hours100),
        valueCents: m.valueCents,
        sourceType: m.sourceType,
        sourceId: m.sourceId,
        reversesId: m.reversesId ?? null,
        postedAt: by.at,
        postedBy: by.userId,
        note: m.note ?? '',
      })),
    )
    .returning({ id: studentLedger.id });
  const orderIds = [...new Set(movements.map((m) => m.orderId))];
  for (const fn of listeners) await fn(tx, orderIds, by);
  return rows.map((r) => r.id);
}

/**
 * Undoes every movement one command posted (a revoke): `reversal` movements of the opposite sign,
 * under the same checks — a purchase whose hours were consumed or refunded cannot be reversed.
 * Returns how many movements were reversed (0 when the source posted none or was reversed already).
 */
export async function reverse(
  tx: DbOrTx,
  sourceType: string,
  sourceId: number,
  by: PostedBy,
  note = '',
): Promise<number> {
  const undone = alias(studentLedger, 'undone');
  const rows = await tx
    .select({ m: studentLedger })
    .from(studentLedger)
    .leftJoin(undone, eq(undone.reversesId, studentLedger.id))
    .where(
      and(
        eq(studentLedger.sourceType, sourceType),
        eq(studentLedger.sourceId, sourceId),
        isNull(studentLedger.reversesId),
        isNull(undone.id),
      ),
    )
    .orderBy(asc(studentLedger.id));
  await post(
    tx,
    rows.map(({ m }) => ({
      studentId: m.studentId,
      schoolItemCode: m.schoolItemCode,
      orderId: m.orderId,
      orderItemId: m.orderItemId,
      courseCode: m.courseCode,
      kind: 'reversal' as const,
      hours100: -toQ100(m.hours),
      valueCents: -m.valueCents,
      sourceType,
      sourceId,
      reversesId: m.id,
      note,
    })),
    by,
  );
  return rows.length;
}

export interface MovementRow {
  id: number;
  studentId: number;
  schoolItemCode: string;
  orderId: number;
  orderItemId: number;
  courseCode: string;
  kind: string;
  hours100: number;
  valueCents: number;
  sourceType: string;
  sourceId: number;
  reversesId: number | null;
  postedAt: Date;
  postedBy: number | null;
  note: string;
}

/** A page of movements, newest first, with the total count of the filter. */
export async function movements(
  tx: DbOrTx,
  f: BalanceFilter & { kind?: string },
  page: { pageIdx: number; pageSize: number },
): Promise<{ list: MovementRow[]; total: number }> {
  const w = and(where(f), f.kind ? eq(studentLedger.kind, f.kind) : undefined);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(studentLedger)
    .where(w);
  const rows = await tx
    .select()
    .from(studentLedger)
    .where(w)
    .orderBy(desc(studentLedger.postedAt), desc(studentLedger.id))
    .limit(page.pageSize)
    .offset((page.pageIdx - 1) * page.pageSize);
  return {
    total: Number(count?.n ?? 0),
    list: rows.map((m) => ({ ...m, hours100: toQ100(m.hours) })),
  };
}
