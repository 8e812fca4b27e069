// What still hangs on a student in the orders slice: an order that is not revoked (unpaid, part
// paid, awaiting approval, effective or closed) keeps its student from being deleted.
import { and, eq, ne, sql } from 'drizzle-orm';
import { studentUsage } from '../students/index.js';
import { ORDER_STATUS_CODE } from './states.js';
import { orders } from './tables.js';

studentUsage.register('orders', async (tx, { id }) => {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.studentId, id), ne(orders.status, ORDER_STATUS_CODE.revoked)));
  const n = Number(r?.n ?? 0);
  return n
    ? `该学员有${n}个未撤销的订单，不能删除 / the student has ${n} order(s) not revoked; it cannot be deleted`
    : null;
});
