// What a receipt of an order shows (the payments slice renders the PDF): campus, student, lines,
// amounts in cents and in Chinese capitals, and the payments that count (pending or confirmed).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { toChineseCurrency, fromCents } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { toQ100 } from '../ledger/index.js';
import { schoolItems } from '../../db/schema.js';
import { students } from '../students/index.js';
import { PAY_LIVE } from './common.js';
import { statusName } from './states.js';
import { orderItems, orders, payRecords } from './tables.js';

/** The receipt data of an order by its code, or null. The caller checks the campus scope. */
export async function orderForReceipt(tx: DbOrTx, code: string) {
  const [x] = await tx
    .select({ o: orders, s: students, campusName: schoolItems.name })
    .from(orders)
    .innerJoin(students, eq(students.id, orders.studentId))
    .leftJoin(schoolItems, eq(schoolItems.code, orders.schoolItemCode))
    .where(eq(orders.code, code));
  if (!x) return null;
  const { o, s } = x;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  const records = await tx
    .select()
    .from(payRecords)
    .where(and(eq(payRecords.orderId, o.id), inArray(payRecords.status, PAY_LIVE)))
    .orderBy(asc(payRecords.paidAt), asc(payRecords.id));
  return {
    id: o.id,
    code: o.code,
    orderType: o.orderType,
    status: o.status,
    statusName: statusName(o.status),
    createdAt: o.createdAt,
    effectiveAt: o.effectiveAt,
    campus: { code: o.schoolItemCode, name: x.campusName ?? o.schoolItemCode },
    student: { id: s.id, code: s.code, name: s.name, parentName: s.parentName },
    items: items.map((i) => ({
      courseCode: i.courseCode,
      courseName: i.courseName,
      unit: i.unit,
      unitPriceCents: i.unitPriceCents,
      quantity100: toQ100(i.quantity),
      gift100: toQ100(i.giftQuantity),
      listCents: i.listCents,
      discountCents: i.discountCents,
      amountCents: i.amountCents,
    })),
    listCents: o.listCents,
    discountCents: o.discountCents,
    payableCents: o.payableCents,
    paidCents: o.paidCents,
    familyCents: o.familyCents,
    funderCents: o.funderCents,
    payableInWords: toChineseCurrency(fromCents(o.payableCents)),
    records: records.map((r) => ({
      id: r.id,
      payer: r.payer,
      method: r.method,
      amountCents: r.amountCents,
      paidAt: r.paidAt,
      reference: r.reference,
      status: r.status,
    })),
  };
}
