// The orders side of the payments slice's port (payments/orders.ts): what an online payment
// collects, recording it (idempotent on the gateway's trade number), and the receipt's data.
import { payMethod } from '@bo/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderReceipt, OrderToCollect, OrdersForPayments } from '../payments/index.js';
import { fromQ100 } from '../ledger/index.js';
import { students } from '../students/index.js';
import { PAY_LIVE } from './common.js';
import { orderForReceipt } from './receipt.js';
import { recordPayment } from './service.js';
import { statusName, ORDER_STATUS_CODE } from './states.js';
import { orderItems, orders, payRecords } from './tables.js';

const ORDER_TYPE_NAME: Record<number, string> = {
  0: '续费',
  1: '新报',
  3: '插班',
  4: '线索缴费',
  5: '代收代付',
};
const UNIT_NAME: Record<number, string> = { 1: '课时', 2: '天' };
const RECORD_STATUS_NAME: Record<number, string> = { 10: '待确认', 20: '已确认', 30: '已驳回', 40: '已作废' };

/** The orders slice as the payments slice sees it (deps.ports.ordersForPayments). */
export const ordersForPayments: OrdersForPayments = {
  orderToCollect: async (tx, orderId): Promise<OrderToCollect | null> => {
    const [x] = await tx
      .select({ o: orders, studentName: students.name })
      .from(orders)
      .innerJoin(students, eq(students.id, orders.studentId))
      .where(eq(orders.id, orderId));
    if (!x) return null;
    const items = await tx
      .select({ name: orderItems.courseName })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const [family] = await tx
      .select({ cents: sql<string>`coalesce(sum(${payRecords.amountCents}), 0)::text` })
      .from(payRecords)
      .where(
        and(
          eq(payRecords.orderId, orderId),
          eq(payRecords.payer, 'family'),
          inArray(payRecords.status, PAY_LIVE),
        ),
      );
    return {
      id: x.o.id,
      code: x.o.code,
      schoolItemCode: x.o.schoolItemCode,
      studentName: x.studentName,
      description: items.map((i) => i.name).join('、'),
      outstandingFamilyCents: x.o.familyCents - Number(family?.cents ?? 0),
      collectable: x.o.status === ORDER_STATUS_CODE.unpaid || x.o.status === ORDER_STATUS_CODE.partPaid,
    };
  },
  recordOnlinePayment: async (tx, p) => {
    await recordPayment(
      tx,
      {
        orderId: p.orderId,
        payer: 'family',
        method: 4,
        amountCents: p.amountCents,
        reference: p.reference,
        paidAt: p.paidAt,
      },
      { userId: p.by, at: p.paidAt },
    );
  },
  orderForReceipt: async (tx, code): Promise<OrderReceipt | null> => {
    const r = await orderForReceipt(tx, code);
    if (!r) return null;
    return {
      code: r.code,
      schoolItemCode: r.campus.code,
      campusName: r.campus.name,
      studentName: r.student.name,
      studentCode: r.student.code,
      orderType: ORDER_TYPE_NAME[r.orderType] ?? String(r.orderType),
      status: statusName(r.status),
      createdAt: r.createdAt,
      listCents: r.listCents,
      discountCents: r.discountCents,
      payableCents: r.payableCents,
      paidCents: r.paidCents,
      items: r.items.map((i) => ({
        courseName: i.courseName,
        unit: UNIT_NAME[i.unit] ?? '',
        quantity: fromQ100(i.quantity100),
        giftQuantity: fromQ100(i.gift100),
        unitPriceCents: i.unitPriceCents,
        amountCents: i.amountCents,
      })),
      payments: r.records.map((p) => ({
        method: payMethod(p.method)?.label['zh-CN'] ?? String(p.method),
        payer: p.payer === 'funder' ? '资助方' : '家庭',
        amountCents: p.amountCents,
        paidAt: p.paidAt,
        reference: p.reference,
        status: RECORD_STATUS_NAME[p.status] ?? String(p.status),
      })),
    };
  },
};
