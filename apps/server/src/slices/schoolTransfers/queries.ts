// Reads of transfer-school applications: the approval list's row plus the transfer's own columns;
// the caller sees applications from or to their campuses.
import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { noPermission, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/auth.js';
import { schoolItems } from '../../db/schema.js';
import {
  approvalRequester as requester,
  approvalRequests,
  holdsCampus,
  kindApprovalList,
  kindApprovalRow,
  withRequestFlow,
  type KindApprovalFilter,
} from '../approvals/index.js';
import { students } from '../students/index.js';
import { SCHOOL_TRANSFER } from './service.js';
import { schoolTransfers } from './tables.js';

const fromCampus = alias(schoolItems, 'from_campus');
const toCampus = alias(schoolItems, 'to_campus');

const base = (tx: DbOrTx, w: SQL | undefined) =>
  tx
    .select({
      x: schoolTransfers,
      r: approvalRequests,
      studentCode: students.code,
      fromName: fromCampus.name,
      toName: toCampus.name,
      requestedByName: requester.name,
    })
    .from(schoolTransfers)
    .innerJoin(approvalRequests, eq(approvalRequests.id, schoolTransfers.approvalId))
    .innerJoin(students, eq(students.id, schoolTransfers.studentId))
    .leftJoin(fromCampus, eq(fromCampus.code, schoolTransfers.fromSchoolItemCode))
    .leftJoin(toCampus, eq(toCampus.code, schoolTransfers.toSchoolItemCode))
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .where(w)
    .$dynamic();
type Joined = Awaited<ReturnType<typeof base>>[number];

export interface TransferFilter extends KindApprovalFilter {
  studentId?: number | undefined;
}

function toRow(u: AuthUser, j: Joined, passed: ReadonlySet<number>) {
  return {
    ...kindApprovalRow(u, j.r, { schoolItemName: j.fromName, requestedByName: j.requestedByName }, passed),
    transferId: j.x.id,
    code: j.x.code,
    transferStatus: j.x.status,
    studentId: j.x.studentId,
    studentCode: j.studentCode,
    fromSchoolItemCode: j.x.fromSchoolItemCode,
    fromSchoolItemName: j.fromName,
    toSchoolItemName: j.toName,
    movedOrders: j.x.movedOrders,
    createdAt: j.x.createdAt.toISOString(),
  };
}

const list = kindApprovalList({
  kinds: [SCHOOL_TRANSFER],
  query: base,
  keyword: (k) => [eq(schoolTransfers.code, k), eq(students.code, k)],
  where: (_u, f: TransferFilter) => [f.studentId ? eq(schoolTransfers.studentId, f.studentId) : undefined],
  orderBy: () => [desc(schoolTransfers.createdAt), desc(schoolTransfers.id)],
  toRows: (_tx, u, js, passed) => js.map((j) => toRow(u, j, passed)),
});

export const transferPage = (
  deps: AppDeps,
  u: AuthUser,
  q: TransferFilter & { pageIdx: number; pageSize: number },
) => list.page(deps, u, q);

export const transferAll = (deps: AppDeps, u: AuthUser, f: TransferFilter) => list.all(deps, u, f);

export async function transferDetail(deps: AppDeps, u: AuthUser, id: number) {
  const [j] = await base(deps.db, eq(schoolTransfers.id, id));
  if (!j) throw notFound('转校申请 / school transfer');
  // Either campus of the move may read it.
  if (!holdsCampus(u, j.r))
    throw noPermission('该申请不在您的校区范围内 / the application is outside your campuses');
  return withRequestFlow(deps, u, j.r.id, toRow(u, j, new Set()));
}
