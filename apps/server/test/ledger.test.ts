// The student ledger on a real database: random sequences of commands (purchases, gifts,
// consumption, refunds, adjustments, reversals), each in its own transaction. After every command
// each item's balance equals the sum of its movements and is never negative; a refused command
// leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
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
import { orderItems, orders } from '../src/slices/orders/tables.js';
import { students } from '../src/slices/students/tables.js';
import { fromQ100 } from '../src/slices/ledger/quantity.js';
import { startTestServer, type TestServer } from './harness.js';

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

/** A deterministic pseudo-random sequence (mulberry32), so a failure replays. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

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
