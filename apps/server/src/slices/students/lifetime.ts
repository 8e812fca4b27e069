// The lifetime view of one student (/charge/finance/lifetime/get): totals from the ledger's balances
// and the movements of the student ledger, oldest first, each with its order code and course name.
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import { balances, movements, type MovementRow } from '../ledger/index.js';
import { orderItems, orders, schoolItems } from '../../db/schema.js';
import { assertCanSeeStudent } from './queries.js';

/** The newest movements shown; older ones stay in the ledger (the totals count every one). */
const SHOWN = 2000;
const KIND_LABELS: Record<string, string> = {
  purchase: '购买 / purchase',
  gift: '赠送 / gift',
  refund: '退费 / refund',
  adjust: '调整 / adjustment',
  consume: '消课 / consumption',
  transferOut: '转出 / transfer out',
  transferIn: '转入 / transfer in',
  makeup: '补课 / make-up',
  reversal: '冲销 / reversal',
};
const hours = (h100: number) => h100 / 100;

export async function lifetime(deps: AppDeps, u: AuthUser, studentId: number) {
  const s = await assertCanSeeStudent(deps.db, u, studentId);
  const [c] = await deps.db
    .select({ name: schoolItems.name })
    .from(schoolItems)
    .where(eq(schoolItems.code, s.schoolItemCode));
  const items = await balances(deps.db, { studentId });
  const page = await movements(deps.db, { studentId }, { pageIdx: 1, pageSize: SHOWN });
  const list = [...page.list].reverse();
  const byId = new Map(list.map((m) => [m.id, m]));
  // A reversal counts as the kind it undoes (a revoked purchase is not money paid).
  const kindOf = (m: MovementRow) => (m.reversesId ? (byId.get(m.reversesId)?.kind ?? m.kind) : m.kind);
  const sumValue = (kind: string) =>
    list.filter((m) => kindOf(m) === kind).reduce((n, m) => n + m.valueCents, 0);
  const orderIds = [...new Set(list.map((m) => m.orderId))];
  const itemIds = [...new Set(list.map((m) => m.orderItemId))];
  const codes = new Map(
    orderIds.length
      ? (
          await deps.db
            .select({ id: orders.id, code: orders.code })
            .from(orders)
            .where(and(inArray(orders.id, orderIds), eq(orders.studentId, studentId)))
        ).map((o) => [o.id, o.code])
      : [],
  );
  const courses = new Map(
    itemIds.length
      ? (
          await deps.db
            .select({ id: orderItems.id, name: orderItems.courseName })
            .from(orderItems)
            .where(inArray(orderItems.id, itemIds))
        ).map((i) => [i.id, i.name])
      : [],
  );
  const total = (f: (b: (typeof items)[number]) => number) => items.reduce((n, b) => n + f(b), 0);
  return {
    student: {
      id: s.id,
      code: s.code,
      name: s.name,
      parentName: s.parentName,
      phone: s.phone,
      schoolItemCode: s.schoolItemCode,
      schoolItemName: c?.name ?? null,
      status: s.status,
    },
    totals: {
      boughtHours: hours(total((b) => b.bought100)),
      giftHours: hours(total((b) => b.gift100)),
      consumedHours: hours(total((b) => b.consumed100)),
      refundedHours: hours(total((b) => b.refunded100)),
      remainingHours: hours(total((b) => b.remaining100)),
      paidCents: sumValue('purchase'),
      refundedCents: -sumValue('refund'),
      consumedCents: -sumValue('consume'),
      remainingCents: total((b) => b.remainingValueCents),
    },
    events: list.map((m) => ({
      at: m.postedAt.toISOString(),
      kind: m.kind,
      label: [KIND_LABELS[m.kind] ?? m.kind, m.note].filter(Boolean).join(' · '),
      orderCode: codes.get(m.orderId) ?? null,
      courseCode: m.courseCode,
      courseName: courses.get(m.orderItemId) ?? null,
      hours: hours(m.hours100),
      valueCents: m.valueCents,
    })),
  };
}
