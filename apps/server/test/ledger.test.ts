// on both engines: the money invariants under random commands, on the embedded database users start with too.
// The student ledger on a real database: random sequences of movements (purchases, gifts,
// consumption, refunds, adjustments, reversals) and of the order commands that post them, each in its
// own transaction. After every command
// each item's balance equals the sum of its movements and is never negative; a refused command
// leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../src/http/errors.js';
import {
  balances,
  paidValueOf,
  post,
  reverse,
  toQ100,
  type Movement,
  type MovementKind,
} from '../src/slices/ledger/index.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { orderItems, orders, payRecords } from '../src/slices/orders/tables.js';
import { revokeOrder } from '../src/slices/orders/service.js';
import { createAdjust, createRefund, refundOrders } from '../src/slices/refunds/index.js';
import { decide, revokeRequest } from '../src/slices/approvals/index.js';
import { students } from '../src/slices/students/tables.js';
import { fromQ100 } from '../src/slices/ledger/quantity.js';
import { startTestServer, type TestServer } from './harness.js';
import { expectReached, orderCommands, randomSeries, rng, runSeries } from './randomCommands.js';

let t: TestServer;
let studentId = 0;
let orderId = 0;
const itemIds: number[] = [];

beforeAll(async () => {
  t = await startTestServer();
  const [s] = await t.deps.db.select().from(students).limit(1);
  if (!s) throw new Error('a demo student');
  studentId = s.id;
  const [o] = await t.deps.db
    .insert(orders)
    .values({
      code: 'DD9000000001',
      orderType: 0,
      status: 40,
      studentId,
      schoolItemCode: s.schoolItemCode,
      listCents: 0,
      discountCents: 0,
      payableCents: 0,
      familyCents: 0,
    })
    .returning();
  orderId = o?.id ?? 0;
  for (const code of ['C001', 'C002', 'C003']) {
    const [i] = await t.deps.db
      .insert(orderItems)
      .values({
        orderId,
        courseCode: code,
        courseName: code,
        unit: 1,
        unitPriceCents: 100,
        quantity: '0',
        listCents: 0,
        discountCents: 0,
        amountCents: 0,
      })
      .returning();
    itemIds.push(i?.id ?? 0);
  }
}, 120_000);
afterAll(async () => t?.close());

const base = (i: number, sourceId: number): Omit<Movement, 'kind' | 'hours100' | 'valueCents'> => ({
  studentId,
  schoolItemCode: 'SH01',
  orderId,
  orderItemId: itemIds[i] ?? 0,
  courseCode: `C00${i + 1}`,
  sourceType: 'test',
  sourceId,
});

async function checkInvariant() {
  const sums = await t.deps.db
    .select({
      item: studentLedger.orderItemId,
      hours: sql<string>`sum(${studentLedger.hours})::text`,
      value: sql<string>`sum(${studentLedger.valueCents})::text`,
    })
    .from(studentLedger)
    .where(eq(studentLedger.orderId, orderId))
    .groupBy(studentLedger.orderItemId);
  const b = await balances(t.deps.db, { orderId });
  for (const s of sums) {
    const x = b.find((y) => y.orderItemId === s.item);
    expect(x?.remaining100).toBe(toQ100(s.hours));
    expect(x?.remainingValueCents).toBe(Number(s.value));
    expect(x?.remaining100).toBeGreaterThanOrEqual(0);
    expect(x?.remainingValueCents).toBeGreaterThanOrEqual(0);
    expect(x?.remainingPaid100).toBeGreaterThanOrEqual(0);
    expect(x?.remainingGift100).toBeGreaterThanOrEqual(0);
  }
}

describe('the ledger invariant', () => {
  it(
    'holds after every command of random sequences; refused commands write nothing',
    { timeout: 300_000 },
    async () => {
      const next = rng(20261122);
      const by = () => ({ userId: null, at: t.clock.now() });
      let refused = 0;
      let sourceId = 1;
      for (let step = 0; step < 150; step++) {
        const i = Math.floor(next() * 3);
        const pick = next();
        const hours100 = (1 + Math.floor(next() * 12)) * 50;
        const id = sourceId++;
        const before = await t.deps.db.$count(studentLedger);
        try {
          await t.deps.db.transaction(async (tx) => {
            const [bal] = await balances(tx, { orderItemId: itemIds[i] ?? 0 });
            const kind: MovementKind =
              pick < 0.3
                ? 'purchase'
                : pick < 0.4
                  ? 'gift'
                  : pick < 0.65
                    ? 'consume'
                    : pick < 0.8
                      ? 'refund'
                      : pick < 0.9
                        ? 'adjust'
                        : 'reversal';
            if (kind === 'reversal') {
              await reverse(tx, 'test', Math.max(1, Math.floor(next() * id)), by());
              return;
            }
            const sign =
              kind === 'consume' || kind === 'refund' || (kind === 'adjust' && next() < 0.5) ? -1 : 1;
            // Consumption and refunds draw paid value at the price paid; sometimes a command asks for
            // more than is left, which the ledger must refuse.
            const drawn = bal ? paidValueOf(bal, hours100) : 0;
            const valueCents =
              kind === 'purchase'
                ? hours100 * 3 + Math.floor(next() * 100)
                : kind === 'gift'
                  ? 0
                  : sign * (drawn || Math.floor(next() * 200));
            await post(tx, [{ ...base(i, id), kind, hours100: sign * hours100, valueCents }], by());
          });
        } catch (e) {
          if (!(e instanceof AppError) || e.code !== 409) throw e;
          refused++;
          expect(await t.deps.db.$count(studentLedger)).toBe(before);
        }
        await checkInvariant();
      }
      // The sequence exercised both outcomes.
      expect(refused).toBeGreaterThan(0);
      expect(await t.deps.db.$count(studentLedger, eq(studentLedger.orderId, orderId))).toBeGreaterThan(20);
    },
  );

  it('draws paid hours before gift hours; the last paid hour takes the remaining value exactly', async () => {
    const b = { remainingPaid100: 300, remainingValueCents: 100 };
    expect(paidValueOf(b, 100)).toBe(33);
    expect(paidValueOf(b, 300)).toBe(100);
    expect(paidValueOf(b, 400)).toBe(100);
    expect(paidValueOf(b, 0)).toBe(0);
    expect(fromQ100(toQ100('12.5'))).toBe('12.50');
    expect(() => toQ100('1.005')).toThrow();
  });
});

// Commands as a consultant, finance and the campus head issue them (services called in-process, one
// transaction each): orders created, paid in part or in full, payment approvals passed, rejected and
// revoked, consumption, refunds and adjustments filed, decided and revoked. After every command the
// student's ledger reconciles with the balances per item and per course and with the orders' states.
describe('the ledger under random order commands', () => {
  it('reconciles after every command; refused commands write nothing', { timeout: 300_000 }, async () => {
    // A student of its own: the demo's SH01 students have orders, lessons and requests of their own.
    const series = await randomSeries(t, {
      seed: 20261123,
      student: { code: 'SLEDGER01', name: '随机账户', phone: '13900009901' },
    });
    const { sales, finance, director, reason, student, deps, ip, next, pickOf, mine, ordersIn } = series;
    const pendingRefunds = async (status: number) =>
      mine.length
        ? t.deps.db
            .select()
            .from(refundOrders)
            .where(and(inArray(refundOrders.orderId, mine), eq(refundOrders.status, status)))
            .orderBy(refundOrders.id)
        : [];

    const commands: Record<string, () => Promise<string | undefined>> = {
      ...orderCommands(series, {
        lines: () => ({
          items: [
            { courseCode: 'C001', quantity: 1 + Math.floor(next() * 6), giftQuantity: next() < 0.4 ? 1 : 0 },
            ...(next() < 0.5 ? [{ courseCode: 'C004', quantity: 0.5 + Math.floor(next() * 4) }] : []),
          ],
          manualDiscount: next() < 0.5 ? (Math.floor(next() * 9000) / 100).toFixed(2) : '0',
        }),
        // The rest, a part of it, or one cent too much (which must be refused).
        payCents: (rest) => {
          const r = next();
          return r < 0.55 ? rest : r < 0.9 ? Math.max(1, Math.floor(rest * next())) : rest + 1;
        },
        passPay: 0.8,
      }),
      consume: async () => {
        const o = pickOf(await ordersIn([40]));
        if (!o) return undefined;
        const b = pickOf(await balances(t.deps.db, { orderId: o.id }));
        if (!b) return undefined;
        const hours100 = (1 + Math.floor(next() * 6)) * 50;
        await t.deps.db.transaction(async (tx) => {
          const [now] = await balances(tx, { orderItemId: b.orderItemId });
          await post(
            tx,
            [
              {
                studentId: b.studentId,
                schoolItemCode: b.schoolItemCode,
                orderId: b.orderId,
                orderItemId: b.orderItemId,
                courseCode: b.courseCode,
                kind: 'consume',
                hours100: -hours100,
                valueCents: now ? -paidValueOf(now, hours100) : 0,
                sourceType: 'attendance',
                sourceId: 900_000 + Math.floor(next() * 100_000),
              },
            ],
            { userId: null, at: t.clock.now() },
          );
        });
        return 'consume';
      },
      refund: async () => {
        const o = pickOf(await ordersIn([40]));
        if (!o) return undefined;
        const b = pickOf(await balances(t.deps.db, { orderId: o.id }));
        if (!b) return undefined;
        // Every unused paid hour, or some hours (sometimes more than are left: refused).
        const items =
          next() < 0.3
            ? undefined
            : [{ orderItemId: b.orderItemId, hours: (1 + Math.floor(next() * 8)) / 2 }];
        const r = await createRefund(deps, sales, { orderId: o.id, reasonCode: 'MOVE', remark: '', items });
        await decide(deps, director, { id: r.approvalId, pass: true, comment: '' }, ip);
        return 'refund';
      },
      adjust: async () => {
        const o = pickOf(await ordersIn([40]));
        if (!o) return undefined;
        const b = pickOf(await balances(t.deps.db, { orderId: o.id }));
        if (!b) return undefined;
        const sign = next() < 0.5 ? -1 : 1;
        await createAdjust(deps, sales, {
          orderId: o.id,
          reasonId: reason.id,
          remark: '',
          items: [
            {
              orderItemId: b.orderItemId,
              hours100: sign * (1 + Math.floor(next() * 4)) * 50,
              valueCents: sign * Math.floor(next() * 60_000),
            },
          ],
        });
        return 'adjust';
      },
      decideRefund: async () => {
        const r = pickOf(await pendingRefunds(10));
        if (!r?.approvalId) return undefined;
        const pass = next() < 0.8;
        await decide(deps, finance, { id: r.approvalId, pass, comment: pass ? '' : '资料不全' }, ip);
        return pass ? `pass ${r.type}` : `reject ${r.type}`;
      },
      revoke: async () => {
        const r = next();
        if (r < 0.3) {
          const o = pickOf(await ordersIn([10, 20, 30]));
          if (!o) return undefined;
          await revokeOrder(deps, sales, o.id, { reason: '家长取消' }, ip);
          return 'revokeOrder';
        }
        if (r < 0.65) {
          const o = pickOf(await ordersIn([40, 50]));
          if (!o?.approvalId) return undefined;
          await revokeRequest(t.deps, finance, { id: o.approvalId, comment: '录入错误' }, ip);
          return 'revokePay';
        }
        const x = pickOf(await pendingRefunds(20));
        if (!x?.approvalId) return undefined;
        await revokeRequest(t.deps, finance, { id: x.approvalId, comment: '录入错误' }, ip);
        return `revoke ${x.type}`;
      },
    };
    const weights: Array<[string, number]> = [
      ['create', 0.12],
      ['pay', 0.22],
      ['decidePay', 0.12],
      ['consume', 0.1],
      ['refund', 0.1],
      ['adjust', 0.08],
      ['decideRefund', 0.12],
      ['revoke', 0.14],
    ];

    const check = async () => {
      const rows = await t.deps.db
        .select({
          item: studentLedger.orderItemId,
          course: studentLedger.courseCode,
          hours: sql<string>`sum(${studentLedger.hours})::text`,
          value: sql<string>`sum(${studentLedger.valueCents})::text`,
        })
        .from(studentLedger)
        .where(eq(studentLedger.studentId, student.id))
        .groupBy(studentLedger.orderItemId, studentLedger.courseCode);
      const all = await balances(t.deps.db, { studentId: student.id });
      for (const b of all) {
        const s = rows.find((r) => r.item === b.orderItemId);
        expect(b.remaining100).toBe(toQ100(s?.hours ?? '0'));
        expect(b.remainingValueCents).toBe(Number(s?.value ?? 0));
        expect(
          Math.min(b.remaining100, b.remainingValueCents, b.remainingPaid100, b.remainingGift100),
        ).toBeGreaterThanOrEqual(0);
      }
      // Per course: the balances add up to the movements.
      for (const course of new Set(rows.map((r) => r.course))) {
        const moved = rows.filter((r) => r.course === course).reduce((s, r) => s + Number(r.value), 0);
        const held = all
          .filter((b) => b.courseCode === course)
          .reduce((s, b) => s + b.remainingValueCents, 0);
        expect(held).toBe(moved);
      }
      // The orders' states agree with their money and their movements.
      const paid = mine.length
        ? await t.deps.db
            .select({
              orderId: payRecords.orderId,
              cents: sql<string>`sum(${payRecords.amountCents})::text`,
            })
            .from(payRecords)
            .where(and(inArray(payRecords.orderId, mine), eq(payRecords.status, 20)))
            .groupBy(payRecords.orderId)
        : [];
      for (const o of await ordersIn([10, 20, 30, 40, 50, 90])) {
        expect(o.paidCents).toBe(Number(paid.find((p) => p.orderId === o.id)?.cents ?? 0));
        const own = all.filter((b) => b.orderId === o.id);
        const held100 = own.reduce((s, b) => s + b.remaining100, 0);
        const heldCents = own.reduce((s, b) => s + b.remainingValueCents, 0);
        if (o.status === 40 || o.status === 50) {
          expect(o.paidCents).toBe(o.payableCents);
          expect(o.status === 50).toBe(held100 === 0 && heldCents === 0);
        } else {
          // Not effective (or revoked): nothing of it is held.
          expect([held100, heldCents]).toEqual([0, 0]);
          if (o.status === 10 || o.status === 90) expect(o.paidCents).toBe(0);
        }
      }
    };

    await runSeries(series, {
      commands,
      weights,
      steps: 120,
      // A refused command leaves nothing behind.
      unchanged: () => t.deps.db.$count(studentLedger, eq(studentLedger.studentId, student.id)),
      after: check,
    });
    // The sequence reached every command and refusal that matters.
    expectReached(series, [
      'passPay',
      'rejectPay',
      'consume',
      'pass refund',
      'pass adjust',
      'revokePay',
      'revokeOrder',
      'refused pay',
      'refused refund',
    ]);
  });
});
