// Reads of agreements: the approval list's row plus the agreement's own columns.
import { and, desc, eq, type SQL } from 'drizzle-orm';
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
import { students } from '../students/index.js';
import { yuanOf, type AgreementType } from './service.js';
import { agreements } from './tables.js';

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
    .where(w)
    .$dynamic();
type Joined = Awaited<ReturnType<typeof base>>[number];

export interface AgreementFilter extends KindApprovalFilter {
  studentId?: number | undefined;
  orderId?: number | undefined;
}

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

const listOf = (type: AgreementType) =>
  kindApprovalList({
    kinds: [type],
    query: base,
    keyword: (k) => [eq(agreements.code, k), eq(students.code, k), eq(agreements.contractNo, k)],
    where: (_u, f: AgreementFilter) => [
      eq(agreements.type, type),
      f.studentId ? eq(agreements.studentId, f.studentId) : undefined,
      f.orderId ? eq(agreements.orderId, f.orderId) : undefined,
    ],
    orderBy: () => [desc(agreements.createdAt), desc(agreements.id)],
    toRows: (_tx, u, js, passed) => js.map((j) => toRow(u, j, passed)),
  });

export const agreementPage = (
  deps: AppDeps,
  u: AuthUser,
  type: AgreementType,
  q: AgreementFilter & { pageIdx: number; pageSize: number },
) => listOf(type).page(deps, u, q);

export const agreementAll = (deps: AppDeps, u: AuthUser, type: AgreementType, f: AgreementFilter) =>
  listOf(type).all(deps, u, f);

export async function agreementDetail(deps: AppDeps, u: AuthUser, type: AgreementType, id: number) {
  const [j] = await base(deps.db, and(eq(agreements.id, id), eq(agreements.type, type)));
  if (!j) throw notFound('协议 / agreement');
  assertCampus(u, j.x.schoolItemCode);
  return withRequestFlow(deps, u, j.r.id, toRow(u, j, new Set()));
}
