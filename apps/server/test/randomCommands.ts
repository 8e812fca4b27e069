// Random series of order commands on a test server, shared by ledger.test.ts and
// aggregates.test.ts: a student of the series' own, the demo accounts acting (sales, finance, the
// campus head), a deterministic sequence, the order commands every series runs (create, pay, decide
// the payment) and the loop drawing weighted commands, where a refused command (400, 409, 422) is
// counted and any other error fails. Each test adds its own commands and checks.
import { expect } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { fromCents } from '@bo/domain';
import { AppError } from '../src/http/errors.js';
import { orders, payRecords } from '../src/slices/orders/tables.js';
import { addPayRecord, createOrder } from '../src/slices/orders/service.js';
import { decide } from '../src/slices/approvals/index.js';
import { adjustCostReasons } from '../src/db/schema.js';
import { students } from '../src/slices/students/tables.js';
import type { TestServer } from './harness.js';

/** A deterministic pseudo-random sequence (mulberry32), so a failure replays. */
export function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A series' actors and state: the demo's sales, finance and director, an active adjustment reason,
 * a new SH01 student (the demo's have orders, lessons and requests of their own), the commands'
 * dependencies, the random sequence of `seed`, the orders the series created and a tally of what ran.
 */
export async function randomSeries(
  t: TestServer,
  o: { seed: number; student: { code: string; name: string; phone: string } },
) {
  const who = async (name: string) => {
    const u = await t.deps.auth.resolve(await t.login(name), '127.0.0.1');
    if (!u) throw new Error(`no session for ${name}`);
    return u;
  };
  const sales = await who('sales');
  const finance = await who('finance');
  const director = await who('director');
  const [reason] = await t.deps.db
    .select()
    .from(adjustCostReasons)
    .where(eq(adjustCostReasons.validStatus, 1));
  const [student] = await t.deps.db
    .insert(students)
    .values({ ...o.student, schoolItemCode: 'SH01' })
    .returning();
  if (!reason || !student) throw new Error('demo adjust reasons and a new SH01 student');
  // Random gift hours and discounts are about the ledger here, not the give-away limits
  // (orderGiveaway.test.ts): the consultant may give them without the campus head's approval.
  const deps = {
    db: t.deps.db,
    now: () => t.clock.now(),
    ports: t.deps.ports,
    events: t.deps.events,
    config: { GIVEAWAY_LIMITS: '34=100/100' },
  };
  const next = rng(o.seed);
  const pickOf = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(next() * xs.length)];
  const mine: number[] = [];
  const tally = new Map<string, number>();
  const count = (k: string) => tally.set(k, (tally.get(k) ?? 0) + 1);
  /** The series' orders in the given states, by id. */
  const ordersIn = async (statuses: number[]) =>
    mine.length
      ? t.deps.db
          .select()
          .from(orders)
          .where(and(inArray(orders.id, mine), inArray(orders.status, statuses)))
          .orderBy(orders.id)
      : [];
  return {
    t,
    sales,
    finance,
    director,
    reason,
    student,
    deps,
    ip: '127.0.0.1',
    next,
    pickOf,
    mine,
    tally,
    count,
    ordersIn,
  };
}

export type Series = Awaited<ReturnType<typeof randomSeries>>;
type Command = () => Promise<string | undefined>;
type OrderLines = Pick<Parameters<typeof createOrder>[2], 'items' | 'manualDiscount'>;

/**
 * The order commands of every series: `create` an order of the student with `lines()`, `pay` an
 * open order `payCents(rest)` (the rest still unpaid, or another amount) and `decidePay` a payment
 * waiting for finance, passed with probability `passPay` (else rejected).
 */
export function orderCommands(
  s: Series,
  o: { lines: () => OrderLines; payCents: (rest: number) => number; passPay: number },
): Record<'create' | 'pay' | 'decidePay', Command> {
  const { t, deps, sales, finance, student, ip, next, pickOf, ordersIn } = s;
  return {
    create: async () => {
      const order = await createOrder(
        deps,
        sales,
        {
          schoolItemCode: student.schoolItemCode,
          studentId: student.id,
          orderType: 0,
          ...o.lines(),
          remark: '',
        },
        ip,
      );
      s.mine.push(order.id);
      return 'create';
    },
    pay: async () => {
      const order = pickOf(await ordersIn([10, 20]));
      if (!order) return undefined;
      const [live] = await t.deps.db
        .select({ cents: sql<string>`coalesce(sum(${payRecords.amountCents}), 0)::text` })
        .from(payRecords)
        .where(and(eq(payRecords.orderId, order.id), inArray(payRecords.status, [10, 20])));
      const cents = o.payCents(order.payableCents - Number(live?.cents ?? 0));
      await addPayRecord(
        deps,
        sales,
        {
          orderId: order.id,
          payer: 'family',
          method: 1,
          amount: fromCents(cents),
          paidAt: t.clock.now().toISOString(),
          remark: '',
        },
        ip,
      );
      return 'pay';
    },
    decidePay: async () => {
      const order = pickOf(await ordersIn([30]));
      if (!order?.approvalId) return undefined;
      const pass = next() < o.passPay;
      await decide(deps, finance, { id: order.approvalId, pass, comment: pass ? '' : '金额不符' }, ip);
      return pass ? 'passPay' : 'rejectPay';
    },
  };
}

/**
 * Runs `steps` commands drawn by weight (an unknown name runs `pay`), tallying each done and each
 * refused; a refused command leaves `unchanged()` as it was before it. `after(step)` runs after each.
 */
export async function runSeries(
  s: Series,
  o: {
    commands: Record<string, Command>;
    weights: Array<[string, number]>;
    steps: number;
    unchanged?: () => Promise<unknown>;
    after: (step: number) => Promise<void>;
  },
) {
  for (let step = 0; step < o.steps; step++) {
    let r = s.next();
    const name = o.weights.find(([, w]) => (r -= w) < 0)?.[0] ?? 'pay';
    const before = await o.unchanged?.();
    try {
      const done = await (o.commands[name] ?? o.commands.pay)?.();
      if (done) s.count(done);
    } catch (e) {
      if (!(e instanceof AppError) || ![400, 409, 422].includes(e.code)) throw e;
      s.count(`refused ${name}`);
      if (o.unchanged) expect(await o.unchanged()).toEqual(before);
    }
    await o.after(step);
  }
}

/** Expects each of `names` done at least once in the series. */
export function expectReached(s: Series, names: string[]) {
  for (const k of names)
    expect(s.tally.get(k) ?? 0, `${k} in ${JSON.stringify([...s.tally])}`).toBeGreaterThan(0);
}
