// The legacy "sheet" reads and the claim of an order (spec §7 /charge/getStudentBillList,
// /charge/sheetemployees, /order/claimorder; docs/decisions.md "Money core"). A sheet is one money
// document of a student: an income order, a pay record, a refund or an adjustment.
import { fromCents } from '@bo/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { conflict, notFound } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { idNames } from '../../shared/masterdata/index.js';
import { approvalDecisions, refundOrders, userCampuses, users } from '../../db/schema.js';
import { students } from '../students/index.js';

import { statusName } from './states.js';
import { orders, payRecords } from './tables.js';
import { businessCode } from '../../db/numbering.js';
import { updateVersioned } from '../../shared/versioned.js';

const PAY_STATUS: Record<number, string> = { 10: '待确认', 20: '已确认', 30: '已驳回', 40: '已作废' };
const REFUND_STATUS: Record<number, string> = {
  10: '审批中',
  20: '已生效',
  30: '已驳回',
  40: '已撤销',
  50: '已取消',
};

/**
 * Every money document of a student in one list, oldest first: orders (what was billed), pay
 * records (what was paid), refunds and adjustments (what came back or was corrected).
 */
export async function studentBills(deps: AppDeps, u: AuthUser, studentCode: string) {
  const [s] = await deps.db.select().from(students).where(eq(students.code, studentCode));
  if (!s) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  const os = await deps.db.select().from(orders).where(eq(orders.studentId, s.id));
  const pays = os.length
    ? await deps.db
        .select()
        .from(payRecords)
        .where(
          inArray(
            payRecords.orderId,
            os.map((o) => o.id),
          ),
        )
    : [];
  const refunds = await deps.db.select().from(refundOrders).where(eq(refundOrders.studentId, s.id));
  const codeOf = new Map(os.map((o) => [o.id, o.code]));
  const rows = [
    ...os.map((o) => ({
      kind: 'order' as const,
      code: o.code,
      orderCode: o.code,
      at: o.createdAt,
      amount: fromCents(o.payableCents),
      status: o.status,
      statusName: statusName(o.status),
    })),
    ...pays.map((p) => ({
      kind: 'payment' as const,
      code: businessCode('SK', p.id, 10),
      orderCode: codeOf.get(p.orderId) ?? '',
      at: p.paidAt,
      amount: fromCents(p.amountCents),
      status: p.status,
      statusName: PAY_STATUS[p.status] ?? String(p.status),
    })),
    ...refunds.map((r) => ({
      kind: r.type === 'adjust' ? ('adjust' as const) : ('refund' as const),
      code: r.code,
      orderCode: codeOf.get(r.orderId) ?? '',
      at: r.createdAt,
      amount: fromCents(r.amountCents),
      status: r.status,
      statusName: REFUND_STATUS[r.status] ?? String(r.status),
    })),
  ];
  rows.sort((a, b) => a.at.getTime() - b.at.getTime() || a.code.localeCompare(b.code));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** Sheet types of /charge/sheetemployees: 1 income order, 2 refund, 3 adjustment. */
export const SHEET_TYPES = { 1: 'order', 2: 'refund', 3: 'adjust' } as const;

/**
 * The staff credited on a sheet: who made it, the order's adviser, and who decided its approval;
 * with `all`, every active user holding the sheet's campus (to pick another one).
 */
export async function sheetEmployees(
  deps: AppDeps,
  u: AuthUser,
  q: { relatedcode: string; sheettypecode: 1 | 2 | 3; isall: boolean },
) {
  let campus: string;
  let credited: Array<{ userId: number | null; role: 'creator' | 'adviser' | 'approver' }>;
  if (q.sheettypecode === 1) {
    const [o] = await deps.db.select().from(orders).where(eq(orders.code, q.relatedcode));
    if (!o) throw notFound('订单 / order');
    campus = o.schoolItemCode;
    credited = [
      { userId: o.createdBy, role: 'creator' },
      { userId: o.adviserId, role: 'adviser' },
      ...(await approvers(deps, o.approvalId)),
    ];
  } else {
    const [r] = await deps.db
      .select()
      .from(refundOrders)
      .where(
        and(
          eq(refundOrders.code, q.relatedcode),
          eq(refundOrders.type, q.sheettypecode === 2 ? 'refund' : 'adjust'),
        ),
      );
    if (!r) throw notFound('退费或调整单 / refund or adjustment');
    campus = r.schoolItemCode;
    credited = [{ userId: r.createdBy, role: 'creator' }, ...(await approvers(deps, r.approvalId))];
  }
  assertCampus(u, campus);
  const nameOf = await idNames(
    deps.db,
    users,
    credited.map((c) => c.userId),
  );
  const seen = new Set<string>();
  const out: Array<{ userId: number; name: string; role: 'creator' | 'adviser' | 'approver' | 'campus' }> =
    [];
  for (const c of credited) {
    if (c.userId === null || seen.has(`${c.userId}:${c.role}`)) continue;
    seen.add(`${c.userId}:${c.role}`);
    out.push({ userId: c.userId, name: nameOf.get(c.userId) ?? '', role: c.role });
  }
  if (q.isall) {
    const staff = await deps.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .innerJoin(userCampuses, eq(userCampuses.userId, users.id))
      .where(and(eq(userCampuses.schoolItemCode, campus), eq(users.status, 1)))
      .orderBy(asc(users.id));
    for (const p of staff)
      if (!out.some((o) => o.userId === p.id)) out.push({ userId: p.id, name: p.name, role: 'campus' });
  }
  return out;
}

async function approvers(deps: AppDeps, approvalId: number | null) {
  if (!approvalId) return [];
  const rows = await deps.db
    .select({ userId: approvalDecisions.userId })
    .from(approvalDecisions)
    .where(and(eq(approvalDecisions.requestId, approvalId), eq(approvalDecisions.decision, 'pass')))
    .orderBy(asc(approvalDecisions.id));
  return rows.map((r) => ({ userId: r.userId, role: 'approver' as const }));
}

/**
 * A consultant takes an order nobody advises yet (an imported or online order): the adviser is set
 * to the caller once; an order that has one is refused (409).
 */
export async function claimOrder(deps: AppDeps, u: AuthUser, code: string, ip: string) {
  return deps.db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.code, code)).for('update');
    if (!o) throw notFound('订单 / order');
    assertCampus(u, o.schoolItemCode);
    if (o.adviserId !== null) throw conflict('该订单已有顾问 / the order already has an adviser', 'code');
    const now = deps.now();
    await updateVersioned(tx, orders, {
      where: and(eq(orders.id, o.id), isNull(orders.adviserId)),
      version: o.version,
      set: { adviserId: u.id },
      at: now,
    });
    await writeAudit(tx, {
      action: 'order.claim',
      target: o.code,
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
    return { id: o.id, code: o.code, adviserId: u.id };
  });
}
