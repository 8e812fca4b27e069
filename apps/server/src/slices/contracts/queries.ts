// Reads of agreements: the approval list's row plus the agreement's own columns.
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
import { students } from '../students/index.js';
import { yuanOf, type AgreementType } from './service.js';
import { agreements } from './tables.js';

const requester = alias(users, 'requester');

const base = (tx: DbOrTx, w: SQL | undefined) =>
  tx
    .select({
      x: agreements,
      r: approvalRequests,
      studentCode: students.code,
      orderCode: orders.code,
      schoolItemName: schoolItems.name,
      requestedByName: requester.name,
    })
    .from(agreements)
    .innerJoin(approvalRequests, eq(approvalRequests.id, agreements.approvalId))
    .innerJoin(students, eq(students.id, agreements.studentId))
    .leftJoin(orders, eq(orders.id, agreements.orderId))
    .leftJoin(schoolItems, eq(schoolItems.code, agreements.schoolItemCode))
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .where(w);
type Joined = Awaited<ReturnType<typeof base>>[number];

export interface AgreementFilter extends KindApprovalFilter {
  studentId?: number | undefined;
  orderId?: number | undefined;
}

const whereOf = (u: AuthUser, type: AgreementType, f: AgreementFilter) =>
  and(
    eq(agreements.type, type),
    kindApprovalWhere(u, [type], f, (k) => [
      eq(agreements.code, k),
      eq(students.code, k),
      eq(agreements.contractNo, k),
    ]),
    f.studentId ? eq(agreements.studentId, f.studentId) : undefined,
    f.orderId ? eq(agreements.orderId, f.orderId) : undefined,
  );

const kindOf = (k: string | null): 'terms' | 'amount' | null =>
  k === 'amount' ? 'amount' : k === 'terms' ? 'terms' : null;

function toRow(u: AuthUser, j: Joined, passed: ReadonlySet<number>) {
  const x = j.x;
  return {
    ...kindApprovalRow(u, j.r, j, passed),
    agreementId: x.id,
    type: x.type as AgreementType,
    code: x.code,
    agreementStatus: x.status,
    studentId: x.studentId,
    studentCode: j.studentCode,
    orderId: x.orderId,
    orderCode: j.orderCode,
    contractNo: x.contractNo,
    signedDate: x.signedDate,
    supplementKind: kindOf(x.supplementKind),
    supplementAmount: yuanOf(x.amountCents),
    content: x.content,
    previousEndDate: x.previousEndDate,
    serviceEndDate: x.serviceEndDate,
    createdAt: x.createdAt.toISOString(),
  };
}

export async function agreementPage(
  deps: AppDeps,
  u: AuthUser,
  type: AgreementType,
  q: AgreementFilter & { pageIdx: number; pageSize: number },
) {
  const w = whereOf(u, type, q);
  const rows = await base(deps.db, w)
    .orderBy(desc(agreements.createdAt), desc(agreements.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(agreements)
    .innerJoin(approvalRequests, eq(approvalRequests.id, agreements.approvalId))
    .innerJoin(students, eq(students.id, agreements.studentId))
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

export async function agreementAll(deps: AppDeps, u: AuthUser, type: AgreementType, f: AgreementFilter) {
  const rows = await base(deps.db, whereOf(u, type, f)).orderBy(
    desc(agreements.createdAt),
    desc(agreements.id),
  );
  const passed = await passedOtherSteps(
    deps.db,
    u,
    rows.map((j) => j.r),
  );
  return rows.map((j) => toRow(u, j, passed));
}

export async function agreementDetail(deps: AppDeps, u: AuthUser, type: AgreementType, id: number) {
  const [j] = await base(deps.db, and(eq(agreements.id, id), eq(agreements.type, type)));
  if (!j) throw notFound('协议 / agreement');
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
  };
}
