// The workbench (/workSurface/index): transfer approvals and the four work lists.
import { shanghaiDate, shanghaiMonthStart, APPROVAL_CODE } from '@bo/domain';
import { and, desc, eq, gte, inArray, isNotNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { noPermission } from '../../http/errors.js';
import { clueTargets, students, userCampuses } from '../../db/schema.js';
import {
  clueEvents,
  clueFollows,
  clues,
  isManager,
  approvalRows,
  CLUE_KINDS,
  clueKindOf,
  WORKING,
  type ClueState,
} from '../clues/index.js';
import { and_, iso } from '../../db/rowHelpers.js';
import { shanghaiDayEnd as dayEnd } from '@bo/domain';
import { shanghaiDayStart as dayStart } from '@bo/domain';
import { approvalRequests, pendingDecisions } from '../approvals/index.js';
import { overdueTermCount } from '../termBills/index.js';
import { ORDER_STATUS_CODE, orders } from '../orders/index.js';

/** Pending transfer requests the approver (default: the caller; others only for an administrator) may decide. */
export async function approvalsFor(deps: AppDeps, u: AuthUser, empId: number | undefined) {
  if (empId === undefined || empId === u.id) {
    const ids = (await pendingDecisions(deps.db, u, [CLUE_KINDS.transfer])).map((a) => a.id);
    return ids.length ? approvalRows(deps.db, inArray(approvalRequests.id, ids)) : [];
  }
  if (!u.isAdmin) throw noPermission('只能查看自己的审批 / you may only see your own approvals');
  const campuses = (
    await deps.db
      .select({ c: userCampuses.schoolItemCode })
      .from(userCampuses)
      .where(eq(userCampuses.userId, empId))
  ).map((r) => r.c);
  if (!campuses.length) return [];
  return approvalRows(
    deps.db,
    and(
      eq(approvalRequests.kind, CLUE_KINDS.transfer),
      eq(approvalRequests.status, APPROVAL_CODE.WAIT),
      inArray(approvalRequests.schoolItemCode, campuses),
    ),
  );
}

const item = (
  c: typeof clues.$inferSelect,
  at: Date | null,
  title: string,
  now: Date,
  approvalId: number | null = null,
) => ({
  clueId: c.id,
  cluecode: c.cluecode,
  childName: c.childName,
  parentName: c.parentName,
  phone: c.phone,
  schoolItemCode: c.schoolItemCode,
  flowState: c.flowState as ClueState,
  at: iso(at),
  overdue: !!at && at < dayStart(now),
  title,
  approvalId,
});

export async function workList(deps: AppDeps, u: AuthUser, type: 1 | 2 | 3 | 4) {
  const now = deps.now();
  const start = dayStart(now);
  const end = dayEnd(now);
  if (type === 1) {
    const rows = await deps.db
      .select()
      .from(clues)
      .where(
        and(
          eq(clues.ownerUserId, u.id),
          inArray(clues.flowState, [...WORKING]),
          isNotNull(clues.nextVisitAt),
          lt(clues.nextVisitAt, end),
        ),
      )
      .orderBy(clues.nextVisitAt);
    return { type, items: rows.map((c) => item(c, c.nextVisitAt, '今日跟进', now)), targets: [] };
  }
  if (type === 2) {
    const scope = isManager(u)
      ? u.allScope
        ? undefined
        : u.schoolItems.length
          ? inArray(clues.schoolItemCode, u.schoolItems)
          : sql`false`
      : eq(clues.ownerUserId, u.id);
    const rows = await deps.db
      .select()
      .from(clues)
      .where(
        and_([
          scope,
          eq(clues.flowState, 'visit_scheduled'),
          gte(clues.visitAt, start),
          lt(clues.visitAt, end),
        ]),
      )
      .orderBy(clues.visitAt);
    return { type, items: rows.map((c) => item(c, c.visitAt, '今日到访', now)), targets: [] };
  }
  if (type === 3) {
    const pending = await pendingDecisions(deps.db, u, Object.values(CLUE_KINDS));
    if (!pending.length) return { type, items: [], targets: [] };
    const byId = new Map(
      (
        await deps.db
          .select()
          .from(clues)
          .where(
            inArray(
              clues.id,
              pending.map((a) => a.subjectId),
            ),
          )
      ).map((c) => [c.id, c]),
    );
    const names = { transfer: '转移审批', abandon: '放弃审批', invalid: '无效审批' } as Record<
      string,
      string
    >;
    return {
      type,
      items: pending.flatMap((a) => {
        const c = byId.get(a.subjectId);
        const name = names[clueKindOf(a.kind)] ?? a.kind;
        return c ? [{ ...item(c, a.requestedAt, name, now, a.id), overdue: false }] : [];
      }),
      targets: [],
    };
  }
  // 4: this month's own numbers (Asia/Shanghai month); targets come from the clue-target settings later.
  const monthStart = shanghaiMonthStart(now);
  const today = shanghaiDate(now);
  const count = async (action: string) => {
    const [r] = await deps.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(clueEvents)
      .where(and(eq(clueEvents.action, action), eq(clueEvents.userId, u.id), gte(clueEvents.at, monthStart)));
    return r?.n ?? 0;
  };
  const [f] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(clueFollows)
    .where(and(eq(clueFollows.userId, u.id), gte(clueFollows.createdAt, monthStart)));
  // The consultant's monthly target (clue targets of type 2 for their employee code) is a conversion target.
  let target: number | null = null;
  if (u.employeeCode) {
    const month = Number(today.slice(5, 7));
    const rows = await deps.db
      .select()
      .from(clueTargets)
      .where(
        and(
          eq(clueTargets.targetYear, Number(today.slice(0, 4))),
          eq(clueTargets.targetType, 2),
          eq(clueTargets.employeeCode, u.employeeCode),
        ),
      );
    if (rows.length) target = rows.reduce((sum, r) => sum + Number(r[`m${month}` as keyof typeof r] ?? 0), 0);
  }
  return {
    type,
    items: [],
    targets: [
      { key: 'newClues' as const, name: '新增线索', target: null, actual: await count('create') },
      { key: 'follows' as const, name: '跟进次数', target: null, actual: f?.n ?? 0 },
      { key: 'visits' as const, name: '到访', target: null, actual: await count('confirmVisit') },
      { key: 'conversions' as const, name: '转化', target, actual: await count('convert') },
      // Instalment terms of the adviser's orders past their due date and not paid (issue 14).
      {
        key: 'overdueTerms' as const,
        name: '逾期分期',
        target: null,
        actual: await overdueTermCount(deps.db, u.id, today),
      },
    ],
  };
}

/**
 * Students converted from clues whose family has not signed yet: no order of theirs is standing. An
 * order counts as signed from the moment it is written, paid or not, because the consultant's follow-up
 * ends there; a revoked one does not, so the student returns to the list.
 */
export async function parentNoSign(
  deps: AppDeps,
  u: AuthUser,
  q: { pageIdx: number; pageSize: number; schoolItemCode?: string | undefined },
) {
  if (q.schoolItemCode) assertCampus(u, q.schoolItemCode);
  const where = and_([
    isNotNull(students.sourceClueId),
    notExists(
      deps.db
        .select({ one: sql`1` })
        .from(orders)
        .where(and(eq(orders.studentId, students.id), ne(orders.status, ORDER_STATUS_CODE.revoked))),
    ),
    u.allScope
      ? undefined
      : u.schoolItems.length
        ? inArray(students.schoolItemCode, u.schoolItems)
        : sql`false`,
    q.schoolItemCode ? eq(students.schoolItemCode, q.schoolItemCode) : undefined,
  ]);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(students)
    .where(where);
  const rows = await deps.db
    .select()
    .from(students)
    .where(where)
    .orderBy(desc(students.createdAt), desc(students.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return {
    list: rows.map((s) => ({
      studentCode: s.code,
      studentName: s.name,
      parentName: s.parentName,
      phone: s.phone,
      schoolItemCode: s.schoolItemCode,
      clueId: s.sourceClueId,
      createdAt: s.createdAt.toISOString(),
    })),
    total: n?.n ?? 0,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}
