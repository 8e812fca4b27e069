// Reads of refund applications: the approval list's row plus the application's own columns.
import { desc, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { schoolItems } from '../../db/schema.js';
import {
  approvalRequester as requester,
  approvalRequests,
  kindApprovalList,
  kindApprovalRow,
  withRequestFlow,
  type KindApprovalFilter,
} from '../approvals/index.js';
import { orders } from '../orders/index.js';
import { refundOrders } from '../refunds/index.js';
import { students } from '../students/index.js';
import { REFUND_APPLICATION, attachmentInfo } from './service.js';
import { refundApplications } from './tables.js';

const base = (tx: DbOrTx, w: SQL | undefined) =>
  tx
    .select({
      x: refundApplications,
      r: approvalRequests,
      studentCode: students.code,
      orderCode: orders.code,
      refundOrderCode: refundOrders.code,
      schoolItemName: schoolItems.name,
      requestedByName: requester.name,
    })
    .from(refundApplications)
    .innerJoin(approvalRequests, eq(approvalRequests.id, refundApplications.approvalId))
    .innerJoin(students, eq(students.id, refundApplications.studentId))
    .innerJoin(orders, eq(orders.id, refundApplications.orderId))
    .leftJoin(refundOrders, eq(refundOrders.id, refundApplications.refundOrderId))
    .leftJoin(schoolItems, eq(schoolItems.code, refundApplications.schoolItemCode))
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .where(w)
    .$dynamic();
type Joined = Awaited<ReturnType<typeof base>>[number];

export interface ApplicationFilter extends KindApprovalFilter {
  studentId?: number | undefined;
}

function toRow(u: AuthUser, j: Joined, passed: ReadonlySet<number>) {
  const x = j.x;
  return {
    ...kindApprovalRow(u, j.r, j, passed),
    applicationId: x.id,
    code: x.code,
    applicationStatus: x.status,
    studentId: x.studentId,
    studentCode: j.studentCode,
    orderId: x.orderId,
    orderCode: j.orderCode,
    reasonCode: x.reasonCode,
    content: x.content,
    applicantName: x.applicantName,
    applicantPhone: x.applicantPhone,
    attachmentCount: x.attachments.length,
    refundOrderId: x.refundOrderId,
    refundOrderCode: j.refundOrderCode,
    createdAt: x.createdAt.toISOString(),
  };
}

const list = kindApprovalList({
  kinds: [REFUND_APPLICATION],
  query: base,
  keyword: (k) => [eq(orders.code, k), eq(students.code, k)],
  where: (_u, f: ApplicationFilter) => [
    f.studentId ? eq(refundApplications.studentId, f.studentId) : undefined,
  ],
  orderBy: () => [desc(refundApplications.createdAt), desc(refundApplications.id)],
  toRows: (_tx, u, js, passed) => js.map((j) => toRow(u, j, passed)),
});

export const applicationPage = (
  deps: AppDeps,
  u: AuthUser,
  q: ApplicationFilter & { pageIdx: number; pageSize: number },
) => list.page(deps, u, q);

export const applicationAll = (deps: AppDeps, u: AuthUser, f: ApplicationFilter) => list.all(deps, u, f);

export async function applicationDetail(deps: AppDeps, u: AuthUser, id: number) {
  const [j] = await base(deps.db, eq(refundApplications.id, id));
  if (!j) throw notFound('退费申请 / refund application');
  assertCampus(u, j.x.schoolItemCode);
  return {
    ...(await withRequestFlow(deps, u, j.r.id, toRow(u, j, new Set()))),
    attachments: j.x.attachments.map(attachmentInfo),
  };
}
