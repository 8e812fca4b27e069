// Reads of refund applications: the approval list's row plus the application's own columns.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { schoolItems, users } from '../../db/schema.js';
import {
  approvalRequests,
  kindApprovalRow,
  passedOtherSteps,
  kindApprovalWhere,
  requestDetail,
  type KindApprovalFilter,
} from '../approvals/index.js';
import { orders } from '../orders/index.js';
import { refundOrders } from '../refunds/index.js';
import { students } from '../students/index.js';
import { REFUND_APPLICATION, attachmentInfo } from './service.js';
import { refundApplications } from './tables.js';

const requester = alias(users, 'requester');

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
    .where(w);
type Joined = Awaited<ReturnType<typeof base>>[number];

export interface ApplicationFilter extends KindApprovalFilter {
  studentId?: number | undefined;
}

const whereOf = (u: AuthUser, f: ApplicationFilter) =>
  and(
    kindApprovalWhere(u, [REFUND_APPLICATION], f, (k) => [eq(orders.code, k), eq(students.code, k)]),
    f.studentId ? eq(refundApplications.studentId, f.studentId) : undefined,
  );

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

export async function applicationPage(
  deps: AppDeps,
  u: AuthUser,
  q: ApplicationFilter & { pageIdx: number; pageSize: number },
) {
  const w = whereOf(u, q);
  const rows = await base(deps.db, w)
    .orderBy(desc(refundApplications.createdAt), desc(refundApplications.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(refundApplications)
    .innerJoin(approvalRequests, eq(approvalRequests.id, refundApplications.approvalId))
    .innerJoin(students, eq(students.id, refundApplications.studentId))
    .innerJoin(orders, eq(orders.id, refundApplications.orderId))
    .where(w);
  const passed = await passedOtherSteps(
    deps.db,
    u,
    rows.map((j) => j.r),
  );
  return {
    list: rows.map((j) => toRow(u, j, passed)),
    total: n?.n ?? 0,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function applicationAll(deps: AppDeps, u: AuthUser, f: ApplicationFilter) {
  const rows = await base(deps.db, whereOf(u, f)).orderBy(
    desc(refundApplications.createdAt),
    desc(refundApplications.id),
  );
  const passed = await passedOtherSteps(
    deps.db,
    u,
    rows.map((j) => j.r),
  );
  return rows.map((j) => toRow(u, j, passed));
}

export async function applicationDetail(deps: AppDeps, u: AuthUser, id: number) {
  const [j] = await base(deps.db, eq(refundApplications.id, id));
  if (!j) throw notFound('退费申请 / refund application');
  assertCampus(u, j.x.schoolItemCode);
  const d = await requestDetail(deps, u, j.r.id);
  return {
    ...toRow(u, j, new Set()),
    steps: d.steps,
    step: d.step,
    history: d.history,
    canDecide: d.canDecide,
    canCancel: d.canCancel,
    canRevoke: d.canRevoke,
    attachments: j.x.attachments.map(attachmentInfo),
  };
}
