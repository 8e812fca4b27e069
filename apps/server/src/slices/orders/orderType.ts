// The order type follows from facts (issue 33 §4), never from what a client sends: the add-order
// flow makes a new enrolment (1) or a renewal (0) by the student's history, the clue flow a clue
// payment (4); placement (3) and collect-and-pay-on-behalf (5) come only with the orders that carry
// them (the legacy import's file, a transfer or merge of such an order).
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { OrderRecord } from './common.js';
import { orders } from './tables.js';
import { ORDER_STATUS_CODE } from './states.js';

/**
 * The type an order of a student takes from the history (issue 33 §4): a renewal (0) when another
 * order of the student is or was effective (effective or closed), else a new enrolment (1).
 */
export async function derivedOrderType(tx: DbOrTx, studentId: number, exceptOrderId?: number) {
  const [prior] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.studentId, studentId),
        inArray(orders.status, [ORDER_STATUS_CODE.effective, ORDER_STATUS_CODE.closed]),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    )
    .limit(1);
  return prior ? 0 : 1;
}

/** The type an order takes when it becomes effective: 0/1 follow the history, the others their flow. */
export async function typeAtEffect(tx: DbOrTx, o: OrderRecord): Promise<number> {
  return o.orderType === 0 || o.orderType === 1 ? derivedOrderType(tx, o.studentId, o.id) : o.orderType;
}
