// Demo orders (deterministic), written through the slice's own commands and the approval engine so
// the screens open on real states: for each of the first demo students an effective order (hours in
// the ledger), and across them part-paid, awaiting-approval and unpaid ones.
import { fromCents } from '@bo/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { seedActor, type SeedContext } from '../../seed/context.js';
import { decide } from '../approvals/index.js';
import { students } from '../students/index.js';
import { users } from '../../db/schema.js';
import { addPayRecord, createOrder } from './service.js';
import { orders as ordersTable } from './tables.js';

/** [course, quantity, gift, manual discount] of each demo order by its place. */
const LINES: Array<[string, number, number, string]> = [
  ['C001', 20, 2, '200.00'],
  ['C007', 12, 0, '0'],
  ['C013', 10, 1, '50.00'],
  ['C004', 8, 0, '0'],
];

export async function seedOrdersDemo({ db, now, wiring }: SeedContext) {
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.username, ['admin', 'finance']));
  const adminRow = people.find((p) => p.username === 'admin');
  const financeRow = people.find((p) => p.username === 'finance');
  if (!adminRow || !financeRow) return;
  const admin = seedActor(adminRow.id, 'admin', [1]);
  const finance = seedActor(financeRow.id, 'finance', [20]);
  const deps = { db, ...wiring, now: () => now };
  const list = await db.select().from(students).orderBy(asc(students.id)).limit(12);
  let n = 0;
  for (const s of list) {
    for (let k = 0; k < 2; k++) {
      const [course, quantity, gift, discount] = LINES[n % LINES.length] ?? ['C001', 10, 0, '0'];
      n++;
      const o = await createOrder(
        deps,
        admin,
        {
          schoolItemCode: s.schoolItemCode,
          studentId: s.id,
          orderType: k === 0 ? 1 : 0,
          items: [{ courseCode: course, quantity, giftQuantity: gift }],
          manualDiscount: discount,
          remark: '',
        },
        '127.0.0.1',
      );
      // First order of every student: paid in two records and approved. Second: a spread of states.
      const shape = k === 0 ? 'effective' : (['partPaid', 'awaiting', 'unpaid'] as const)[n % 3];
      if (shape === 'unpaid') continue;
      const [row] = await db.select().from(ordersTable).where(eq(ordersTable.id, o.id));
      const payable = row?.payableCents ?? 0;
      const part = Math.floor(payable / 2 / 100) * 100;
      const paidAt = new Date(now.getTime() - (10 + n) * 86_400_000).toISOString();
      await addPayRecord(
        deps,
        admin,
        {
          orderId: o.id,
          payer: 'family',
          method: 2,
          amount: fromCents(part),
          paidAt,
          reference: `SEED-${o.code}-1`,
          remark: '',
        },
        '127.0.0.1',
      );
      if (shape === 'partPaid') continue;
      const r = await addPayRecord(
        deps,
        admin,
        { orderId: o.id, payer: 'family', method: 1, amount: fromCents(payable - part), paidAt, remark: '' },
        '127.0.0.1',
      );
      if (shape === 'effective' && r.approvalId)
        await decide(deps, finance, { id: r.approvalId, pass: true, comment: '已核对到账' }, '127.0.0.1');
    }
  }
}
