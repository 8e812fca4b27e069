// Transfer school (issue 14): filing the application and the schoolTransfer kind whose last pass moves
// the student, their open orders and their hours to the other campus in the decision's transaction.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE, fromCents, STUDENT_STATUS } from '@bo/domain';
import type { TSchoolTransferInput } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, notFound } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { lockOne } from '../../shared/stateMachine.js';
import { schoolItems } from '../../db/schema.js';
import { fileRequest, registerApprovalKind, type HookContext } from '../approvals/index.js';
import { absences } from '../absences/index.js';
import { balances, post, q100ToNumber, type Movement } from '../ledger/index.js';
import { orders, ORDER_STATUS_CODE } from '../orders/index.js';
import { refundOrders } from '../refunds/index.js';
import { students } from '../students/index.js';
import { schoolTransfers } from './tables.js';
import { nextNumbered } from '../../db/numbering.js';
import { nextVersion, updateVersioned } from '../../shared/versioned.js';

export const SCHOOL_TRANSFER = 'schoolTransfer';
export const ST = { pending: 10, moved: 20, rejected: 30, withdrawn: 50 } as const;
/** Orders that move with the student: every one not closed (50) or revoked (90). */
const OPEN_ORDER = [10, 20, 30, 40];

/** The student a request names by `studentId` (query or body), in the caller's campuses. */
async function studentIn(tx: DbOrTx, u: AuthUser, id: number) {
  const [s] = await tx.select().from(students).where(eq(students.id, id));
  if (!s || s.status === STUDENT_STATUS.deleted) throw notFound('学员 / student', 'studentId');
  assertCampus(u, s.schoolItemCode);
  return s;
}

/** Why the student cannot move now: anything in flight that is decided at the old campus. */
async function blockersOf(tx: DbOrTx, studentId: number): Promise<string[]> {
  const out: string[] = [];
  const [awaiting] = await tx
    .select({ code: orders.code })
    .from(orders)
    .where(and(eq(orders.studentId, studentId), eq(orders.status, ORDER_STATUS_CODE.awaitingApproval)))
    .limit(1);
  if (awaiting)
    out.push(`订单 ${awaiting.code} 缴费待审批 / order ${awaiting.code} awaits its payment approval`);
  const [refund] = await tx
    .select({ code: refundOrders.code })
    .from(refundOrders)
    .where(and(eq(refundOrders.studentId, studentId), eq(refundOrders.status, 10)))
    .limit(1);
  if (refund) out.push(`退费/调整单 ${refund.code} 待审批 / ${refund.code} awaits approval`);
  const [absence] = await tx
    .select({ id: absences.id })
    .from(absences)
    .where(and(eq(absences.studentId, studentId), eq(absences.status, 10)))
    .limit(1);
  if (absence)
    out.push('有待审批的请假、休学或补课申请 / a leave, absence or make-up request awaits approval');
  return out;
}

async function pendingOf(tx: DbOrTx, studentId: number) {
  const [p] = await tx
    .select({ code: schoolTransfers.code })
    .from(schoolTransfers)
    .where(and(eq(schoolTransfers.studentId, studentId), eq(schoolTransfers.status, ST.pending)));
  return p?.code ?? null;
}

async function activeCampus(tx: DbOrTx, code: string) {
  const [c] = await tx.select().from(schoolItems).where(eq(schoolItems.code, code));
  if (!c || c.validStatus !== 1)
    throw badInput('toSchoolItemCode', 'toSchoolItemCode: 转入校区不存在或已停用 / no such active campus');
  return c;
}

export async function preview(deps: AppDeps, u: AuthUser, studentId: number) {
  const s = await studentIn(deps.db, u, studentId);
  const [campus] = await deps.db
    .select({ name: schoolItems.name })
    .from(schoolItems)
    .where(eq(schoolItems.code, s.schoolItemCode));
  const os = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.studentId, s.id), inArray(orders.status, OPEN_ORDER)))
    .orderBy(orders.id);
  const bs = await balances(deps.db, { studentId: s.id });
  const left = new Map<number, number>();
  for (const b of bs) left.set(b.orderId, (left.get(b.orderId) ?? 0) + b.remaining100);
  return {
    studentId: s.id,
    studentCode: s.code,
    studentName: s.name,
    schoolItemCode: s.schoolItemCode,
    schoolItemName: campus?.name ?? null,
    orders: os.map((o) => ({
      id: o.id,
      code: o.code,
      status: o.status,
      payable: fromCents(o.payableCents),
      remainingHours: q100ToNumber(left.get(o.id) ?? 0),
    })),
    blockers: await blockersOf(deps.db, s.id),
    pendingCode: await pendingOf(deps.db, s.id),
  };
}

export async function check(deps: AppDeps, u: AuthUser, studentId: number, to: string) {
  const s = await studentIn(deps.db, u, studentId);
  await activeCampus(deps.db, to);
  if (to === s.schoolItemCode)
    return { ok: false, reason: '转入校区与当前校区相同 / the student is already at that campus' };
  const pending = await pendingOf(deps.db, s.id);
  if (pending) return { ok: false, reason: `已有转校申请 ${pending} 待审批 / ${pending} awaits approval` };
  const b = await blockersOf(deps.db, s.id);
  return { ok: !b.length, reason: b.join('；') };
}

export async function apply(deps: AppDeps, u: AuthUser, b: TSchoolTransferInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const s = await studentIn(tx, u, Number(b.studentId));
    await activeCampus(tx, b.toSchoolItemCode);
    if (b.toSchoolItemCode === s.schoolItemCode)
      throw badInput(
        'toSchoolItemCode',
        'toSchoolItemCode: 转入校区与当前校区相同 / the student is already at that campus',
      );
    const blockers = await blockersOf(tx, s.id);
    if (blockers.length) throw conflict(blockers.join('；'), 'studentId');
    const { id, code } = await nextNumbered(tx, schoolTransfers, { prefix: 'ZX', digits: 10 });
    let row: typeof schoolTransfers.$inferSelect | undefined;
    try {
      [row] = await tx
        .insert(schoolTransfers)
        .values({
          id,
          code,
          studentId: s.id,
          fromSchoolItemCode: s.schoolItemCode,
          toSchoolItemCode: b.toSchoolItemCode,
          reason: b.reason,
          createdBy: u.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
    } catch (e) {
      if (/school_transfers_open_uq|unique/i.test(String(e)))
        throw conflict(
          '该学员已有待审批的转校申请 / the student already has a transfer awaiting approval',
          'studentId',
        );
      throw e;
    }
    const r = must(row, 'school transfer');
    const approvalId = await fileRequest(
      tx,
      u.id,
      {
        kind: SCHOOL_TRANSFER,
        subjectId: r.id,
        subjectCode: s.code,
        subjectName: s.name,
        schoolItemCode: s.schoolItemCode,
        toSchoolItemCode: b.toSchoolItemCode,
        reason: b.reason,
        payload: { transferId: r.id },
      },
      at,
    );
    await tx.update(schoolTransfers).set({ approvalId }).where(eq(schoolTransfers.id, r.id));
    await writeAudit(tx, {
      action: 'schoolTransfer.apply',
      target: `schoolTransfers:${code}`,
      detail: { student: s.code, from: s.schoolItemCode, to: b.toSchoolItemCode, approvalId },
      userId: u.id,
      username: u.username,
      at,
    });
    return { id: r.id, code, approvalId };
  });
}

// ---- the kind -------------------------------------------------------------------------------------

const Payload = z.object({ transferId: z.number().int() });
type Payload = z.infer<typeof Payload>;

const lockTransfer = (tx: DbOrTx, id: number) =>
  lockOne(tx.select().from(schoolTransfers).where(eq(schoolTransfers.id, id)), '转校申请 / school transfer');

async function settle(c: HookContext<Payload>, status: number, movedOrders = 0) {
  const r = await lockTransfer(c.tx, c.payload.transferId);
  await updateVersioned(c.tx, schoolTransfers, {
    where: eq(schoolTransfers.id, r.id),
    version: r.version,
    set: { status, movedOrders },
    at: c.now,
  });
  return r;
}

/**
 * The move: the student and their open orders take the new campus, and each order item's balance
 * leaves the old campus and arrives at the new one on the ledger (transferOut + transferIn, summing to
 * zero), so campus reports see the hours where they now are.
 */
async function move(c: HookContext<Payload>) {
  const r = await lockTransfer(c.tx, c.payload.transferId);
  const s = await lockOne(c.tx.select().from(students).where(eq(students.id, r.studentId)), '学员 / student');
  if (s.schoolItemCode !== r.fromSchoolItemCode)
    throw conflict('学员的校区已改变 / the student’s campus changed since the application', 'id');
  const blockers = await blockersOf(c.tx, s.id);
  if (blockers.length) throw conflict(blockers.join('；'), 'id');
  await updateVersioned(c.tx, students, {
    where: eq(students.id, s.id),
    version: s.version,
    set: { schoolItemCode: r.toSchoolItemCode },
    at: c.now,
  });
  const moved = await c.tx
    .update(orders)
    .set({ schoolItemCode: r.toSchoolItemCode, updatedAt: c.now, version: nextVersion(orders) })
    .where(
      and(
        eq(orders.studentId, s.id),
        inArray(orders.status, OPEN_ORDER),
        ne(orders.schoolItemCode, r.toSchoolItemCode),
      ),
    )
    .returning({ id: orders.id });
  const ids = new Set(moved.map((o) => o.id));
  const movements: Movement[] = [];
  for (const b of await balances(c.tx, { studentId: s.id })) {
    if (!ids.has(b.orderId) || (b.remaining100 === 0 && b.remainingValueCents === 0)) continue;
    const common = {
      studentId: s.id,
      orderId: b.orderId,
      orderItemId: b.orderItemId,
      courseCode: b.courseCode,
      sourceType: SCHOOL_TRANSFER,
      sourceId: r.id,
    };
    movements.push(
      {
        ...common,
        schoolItemCode: r.fromSchoolItemCode,
        kind: 'transferOut',
        hours100: -b.remaining100,
        valueCents: -b.remainingValueCents,
        note: `转校转出 / moved to ${r.toSchoolItemCode}`,
      },
      {
        ...common,
        schoolItemCode: r.toSchoolItemCode,
        kind: 'transferIn',
        hours100: b.remaining100,
        valueCents: b.remainingValueCents,
        note: `转校转入 / moved from ${r.fromSchoolItemCode}`,
      },
    );
  }
  if (movements.length) await post(c.tx, movements, { userId: c.actor.id, at: c.now });
  await settle(c, ST.moved, moved.length);
  await writeAudit(c.tx, {
    action: 'schoolTransfer.moved',
    target: `schoolTransfers:${r.code}`,
    detail: { student: s.code, from: r.fromSchoolItemCode, to: r.toSchoolItemCode, orders: [...ids] },
    userId: c.actor.id,
    username: c.actor.username,
    at: c.now,
  });
}

registerApprovalKind<Payload>({
  kind: SCHOOL_TRANSFER,
  subjectType: 'schoolTransfer',
  label: { 'zh-CN': '转校审批', en: 'School transfer' },
  payload: Payload,
  defaultSteps: [
    {
      name: '校区负责人审批',
      roles: [ROLE.centreLeader, ROLE.director],
      userIds: [],
      mode: 'any',
      aboveCents: null,
    },
    { name: '财务审批', roles: [ROLE.finance], userIds: [], mode: 'any', aboveCents: null },
  ],
  onPass: move,
  onReject: async (c) => void (await settle(c, ST.rejected)),
  onCancel: async (c) => void (await settle(c, ST.withdrawn)),
});
