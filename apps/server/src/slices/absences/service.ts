// Temporary absence, leave and make-up requests (issue 14): filing (one transaction: the request and
// its approval), the three approval kinds and what their decisions do, and the seams the teaching
// slice uses (the leaveApproved, makeupApproved and makeupRevoked events of deps.events; approvedLeaves).
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE, STUDENT_STATUS, APPROVAL_CODE } from '@bo/domain';
import type { TLeaveInput, TMakeupInput, TTemporaryAbsenceInput } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, noPermission, notFound, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { checkVersion, lockOne } from '../../shared/stateMachine.js';
import {
  approvalRequests,
  cancelRequest,
  fileRequest,
  registerApprovalKind,
  revokeRequest,
  type HookContext,
} from '../approvals/index.js';
import { balances, post, q100ToNumber, reverse, studentLedger, toQ100 } from '../ledger/index.js';
import { students } from '../students/index.js';
import { absences } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

export type AbsenceType = 'temporaryAbsence' | 'leave' | 'makeup';
export type AbsenceRecord = typeof absences.$inferSelect;

/** The request's own status, kept in step with its approval. */
export const AB = { pending: 10, approved: 20, rejected: 30, revoked: 40, withdrawn: 50 } as const;
const OPEN = [AB.pending, AB.approved];

const TYPE_LABEL: Record<AbsenceType, string> = {
  temporaryAbsence: '休学 / temporary absence',
  leave: '请假 / leave',
  makeup: '补课 / make-up',
};

// ---- seams for the timetable --------------------------------------------------------------------

/** An approved leave (or temporary absence) as the timetable reads it. */
export interface ApprovedLeave {
  id: number;
  type: 'leave' | 'temporaryAbsence';
  studentId: number;
  schoolItemCode: string;
  fromDate: string;
  toDate: string;
  /** Empty: every course. */
  courseCodes: string[];
}
/** An approved make-up: the lesson the timetable books against the hours given back. */
export interface ApprovedMakeup {
  id: number;
  studentId: number;
  schoolItemCode: string;
  date: string;
  timeSpan: string;
  teacherId: number | null;
  courseCode: string;
  orderItemId: number;
  hours: number;
  /** The attendance whose consumption is made up, when attendance posted it. */
  missedAttendanceId: number | null;
  /** Who approved it, and when: the booking is theirs. */
  approvedBy: AuthUser;
  at: Date;
}
const asLeave = (a: AbsenceRecord): ApprovedLeave => ({
  id: a.id,
  type: a.type === 'temporaryAbsence' ? 'temporaryAbsence' : 'leave',
  studentId: a.studentId,
  schoolItemCode: a.schoolItemCode,
  fromDate: a.fromDate,
  toDate: a.toDate,
  courseCodes: a.courseCodes,
});

/**
 * Approved leaves and temporary absences of the students overlapping [fromDate, toDate] (days,
 * inclusive): the timetable's conflict check and lesson release read them.
 */
export async function approvedLeaves(
  tx: DbOrTx,
  studentIds: readonly number[],
  fromDate: string,
  toDate: string,
): Promise<ApprovedLeave[]> {
  if (!studentIds.length) return [];
  const rows = await tx
    .select()
    .from(absences)
    .where(
      and(
        inArray(absences.type, ['leave', 'temporaryAbsence']),
        eq(absences.status, AB.approved),
        inArray(absences.studentId, [...studentIds]),
        lte(absences.fromDate, toDate),
        gte(absences.toDate, fromDate),
      ),
    )
    .orderBy(absences.fromDate, absences.id);
  return rows.map(asLeave);
}

// ---- filing ---------------------------------------------------------------------------------------

/** The student a request names by the body's `studentId` (the 404 names it). */
async function studentOf(tx: DbOrTx, u: AuthUser, id: number) {
  const [s] = await tx.select().from(students).where(eq(students.id, id));
  if (!s || s.status === STUDENT_STATUS.deleted) throw notFound('学员 / student', 'studentId');
  assertCampus(u, s.schoolItemCode);
  return s;
}

/** Refuses a second open or approved request of the type overlapping the period. */
async function assertNoOverlap(tx: DbOrTx, type: AbsenceType, studentId: number, from: string, to: string) {
  const [o] = await tx
    .select({ id: absences.id, fromDate: absences.fromDate, toDate: absences.toDate })
    .from(absences)
    .where(
      and(
        eq(absences.type, type),
        eq(absences.studentId, studentId),
        inArray(absences.status, OPEN),
        lte(absences.fromDate, to),
        gte(absences.toDate, from),
      ),
    )
    .limit(1);
  if (o)
    throw conflict(
      `该学员${o.fromDate}至${o.toDate}已有${TYPE_LABEL[type].split(' / ')[0]}申请 / the student already has a ${TYPE_LABEL[type].split(' / ')[1]} from ${o.fromDate} to ${o.toDate}`,
      'fromDate',
    );
}

interface NewAbsence {
  type: AbsenceType;
  student: { id: number; name: string; code: string; schoolItemCode: string };
  fromDate: string;
  toDate: string;
  courseCodes?: string[];
  missedId?: number;
  orderItemId?: number;
  hours100?: number;
  timeSpan?: string;
  teacherId?: number | null;
  reason: string;
}

async function insertAbsence(tx: DbOrTx, u: AuthUser, at: Date, a: NewAbsence) {
  let row: AbsenceRecord | undefined;
  try {
    [row] = await tx
      .insert(absences)
      .values({
        type: a.type,
        studentId: a.student.id,
        schoolItemCode: a.student.schoolItemCode,
        fromDate: a.fromDate,
        toDate: a.toDate,
        courseCodes: a.courseCodes ?? [],
        missedId: a.missedId ?? null,
        orderItemId: a.orderItemId ?? null,
        hours: a.hours100 !== undefined ? (a.hours100 / 100).toFixed(2) : null,
        timeSpan: a.timeSpan ?? null,
        teacherId: a.teacherId ?? null,
        reason: a.reason,
        createdBy: u.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
  } catch (e) {
    // Two make-ups of one missed lesson filed at once: the partial unique index keeps one.
    if (a.type === 'makeup' && /absences_missed_open_uq|unique/i.test(String(e)))
      throw conflict('该课次已有补课申请 / this lesson already has a make-up request', 'missedId');
    throw e;
  }
  const r = must(row, 'absence');
  const approvalId = await fileRequest(
    tx,
    u.id,
    {
      kind: a.type,
      subjectId: r.id,
      subjectCode: a.student.code,
      subjectName: a.student.name,
      schoolItemCode: a.student.schoolItemCode,
      reason: a.reason,
      payload: { absenceId: r.id },
    },
    at,
  );
  await tx.update(absences).set({ approvalId }).where(eq(absences.id, r.id));
  await writeAudit(tx, {
    action: `${a.type}.request`,
    target: `absences:${r.id}`,
    detail: { student: a.student.code, from: a.fromDate, to: a.toDate, approvalId },
    userId: u.id,
    username: u.username,
    at,
  });
  return { id: r.id, approvalId };
}

export async function fileTemporaryAbsence(deps: AppDeps, u: AuthUser, b: TTemporaryAbsenceInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const s = await studentOf(tx, u, Number(b.studentId));
    await assertNoOverlap(tx, 'temporaryAbsence', s.id, b.fromDate, b.toDate);
    return insertAbsence(tx, u, at, {
      type: 'temporaryAbsence',
      student: s,
      fromDate: b.fromDate,
      toDate: b.toDate,
      reason: b.reason,
    });
  });
}

/** The courses the student has hours left of, from the ledger. */
export async function studentCourses(tx: DbOrTx, studentId: number) {
  const bs = await balances(tx, { studentId });
  const by = new Map<string, number>();
  for (const b of bs) by.set(b.courseCode, (by.get(b.courseCode) ?? 0) + b.remaining100);
  return by;
}

export async function fileLeave(deps: AppDeps, u: AuthUser, b: TLeaveInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const s = await studentOf(tx, u, Number(b.studentId));
    const codes = [...new Set(b.courseCodes ?? [])];
    const held = await studentCourses(tx, s.id);
    codes.forEach((c, i) => {
      if (!held.has(c))
        throw badInput(
          `courseCodes.${i}`,
          `courseCodes.${i}: 该学员没有课程 ${c} 的课时 / the student has no hours of course ${c}`,
        );
    });
    await assertNoOverlap(tx, 'leave', s.id, b.fromDate, b.toDate);
    return insertAbsence(tx, u, at, {
      type: 'leave',
      student: s,
      fromDate: b.fromDate,
      toDate: b.toDate,
      courseCodes: codes,
      reason: b.reason,
    });
  });
}

/** A consumption of the student ledger that is still standing (not reversed). */
export async function missedLesson(tx: DbOrTx, u: AuthUser, id: number, field = 'missedId') {
  const [m] = await tx
    .select()
    .from(studentLedger)
    .where(and(eq(studentLedger.id, id), eq(studentLedger.kind, 'consume')));
  if (!m) throw notFound('缺课记录 / missed lesson');
  assertCampus(u, m.schoolItemCode);
  const [undone] = await tx
    .select({ id: studentLedger.id })
    .from(studentLedger)
    .where(eq(studentLedger.reversesId, m.id))
    .limit(1);
  if (undone) throw ruleViolation('该课次的消课已撤销 / the lesson’s consumption was reversed', field);
  return m;
}

export async function fileMakeup(deps: AppDeps, u: AuthUser, b: TMakeupInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const m = await missedLesson(tx, u, Number(b.missedId));
    const s = await studentOf(tx, u, m.studentId);
    const [held] = await tx
      .select({ id: absences.id })
      .from(absences)
      .where(and(eq(absences.type, 'makeup'), eq(absences.missedId, m.id), inArray(absences.status, OPEN)));
    if (held) throw conflict('该课次已有补课申请 / this lesson already has a make-up request', 'missedId');
    return insertAbsence(tx, u, at, {
      type: 'makeup',
      student: s,
      fromDate: b.makeupDate,
      toDate: b.makeupDate,
      courseCodes: [m.courseCode],
      missedId: m.id,
      orderItemId: m.orderItemId,
      hours100: -toQ100(m.hours),
      timeSpan: b.timeSpan,
      teacherId: b.teacherId !== undefined ? Number(b.teacherId) : null,
      reason: b.reason,
    });
  });
}

/** Loads a request of the type in the caller's campuses. */
export async function loadAbsence(tx: DbOrTx, u: AuthUser, type: AbsenceType, id: number) {
  const [a] = await tx
    .select()
    .from(absences)
    .where(and(eq(absences.id, id), eq(absences.type, type)));
  if (!a) throw notFound(`${TYPE_LABEL[type]}申请 / ${TYPE_LABEL[type].split(' / ')[1]} request`);
  assertCampus(u, a.schoolItemCode);
  return a;
}

export async function editMakeup(
  deps: AppDeps,
  u: AuthUser,
  b: {
    id: number;
    makeupDate: string;
    timeSpan: string;
    teacherId?: number | undefined;
    reason: string;
    version?: number | undefined;
  },
) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const a = await lockOne(
      tx
        .select()
        .from(absences)
        .where(and(eq(absences.id, b.id), eq(absences.type, 'makeup'))),
      '补课申请 / make-up request',
    );
    assertCampus(u, a.schoolItemCode);
    checkVersion(a.version, b.version);
    if (a.createdBy !== u.id)
      throw noPermission('只有申请人可以修改 / only the requester may change the request');
    const [r] = await tx
      .select({ status: approvalRequests.status })
      .from(approvalRequests)
      .where(eq(approvalRequests.id, a.approvalId ?? 0));
    if (a.status !== AB.pending || r?.status !== APPROVAL_CODE.WAIT)
      throw ruleViolation('审批已开始，不能修改 / the approval has started; the request cannot change', 'id');
    await updateVersioned(tx, absences, {
      where: eq(absences.id, a.id),
      version: a.version,
      set: {
        fromDate: b.makeupDate,
        toDate: b.makeupDate,
        timeSpan: b.timeSpan,
        teacherId: b.teacherId ?? null,
        reason: b.reason,
      },
      at,
    });
    return { id: a.id, approvalId: a.approvalId ?? 0 };
  });
}

/**
 * The requester withdraws an open request (also one passed at a step and stuck at the next); an
 * approved one is revoked by an approver of its last step (the engine checks who may).
 */
export async function withdrawOrRevoke(
  deps: AppDeps,
  u: AuthUser,
  type: AbsenceType,
  id: number,
  comment: string,
  ip: string | null,
) {
  const a = await loadAbsence(deps.db, u, type, id);
  const approvalId = must(a.approvalId, 'approval of the request');
  if (a.status === AB.pending) await cancelRequest(deps, u, { id: approvalId, comment }, ip);
  else if (a.status === AB.approved) {
    if (!comment) throw badInput('comment', 'comment: 请填写撤销原因 / a reason is required to revoke');
    await revokeRequest(deps, u, { id: approvalId, comment }, ip);
  } else throw ruleViolation('该申请已结束 / the request is closed', 'id');
  const [after] = await deps.db.select({ status: absences.status }).from(absences).where(eq(absences.id, id));
  return { id, status: after?.status ?? a.status };
}

// ---- the approval kinds ---------------------------------------------------------------------------

const Payload = z.object({ absenceId: z.number().int() });
type Payload = z.infer<typeof Payload>;

async function lockAbsence(tx: DbOrTx, id: number) {
  return lockOne(tx.select().from(absences).where(eq(absences.id, id)), '申请 / request');
}

async function settle(c: HookContext<Payload>, status: number, what: string) {
  const a = await lockAbsence(c.tx, c.payload.absenceId);
  await updateVersioned(c.tx, absences, {
    where: eq(absences.id, a.id),
    version: undefined,
    set: { status },
    at: c.now,
  });
  await writeAudit(c.tx, {
    action: `${a.type}.${what}`,
    target: `absences:${a.id}`,
    detail: { approvalId: c.request.id, comment: c.comment },
    userId: c.actor.id,
    username: c.actor.username,
    at: c.now,
  });
  return a;
}

const closers = {
  onReject: async (c: HookContext<Payload>) => void (await settle(c, AB.rejected, 'rejected')),
  onCancel: async (c: HookContext<Payload>) => void (await settle(c, AB.withdrawn, 'withdrawn')),
};

const campusHead = {
  name: '校区负责人审批',
  roles: [ROLE.centreLeader, ROLE.director],
  userIds: [],
  mode: 'any' as const,
  aboveCents: null,
};

registerApprovalKind<Payload>({
  kind: 'temporaryAbsence',
  subjectType: 'student',
  label: { 'zh-CN': '休学审批', en: 'Temporary absence' },
  payload: Payload,
  defaultSteps: [
    campusHead,
    { name: '财务审批', roles: [ROLE.finance], userIds: [], mode: 'any', aboveCents: null },
  ],
  onPass: async (c) => {
    const a = await settle(c, AB.approved, 'approved');
    await c.events.emit(c.tx, 'leaveApproved', asLeave({ ...a, status: AB.approved }));
  },
  ...closers,
  onRevoke: async (c) => void (await settle(c, AB.revoked, 'revoked')),
});

registerApprovalKind<Payload>({
  kind: 'leave',
  subjectType: 'student',
  label: { 'zh-CN': '请假审批', en: 'Leave' },
  payload: Payload,
  defaultSteps: [campusHead],
  onPass: async (c) => {
    const a = await settle(c, AB.approved, 'approved');
    await c.events.emit(c.tx, 'leaveApproved', asLeave({ ...a, status: AB.approved }));
  },
  ...closers,
  onRevoke: async (c) => void (await settle(c, AB.revoked, 'revoked')),
});

const asMakeup = (
  a: AbsenceRecord,
  m: typeof studentLedger.$inferSelect,
  c: HookContext<Payload>,
): ApprovedMakeup => ({
  id: a.id,
  studentId: a.studentId,
  schoolItemCode: a.schoolItemCode,
  date: a.fromDate,
  timeSpan: a.timeSpan ?? '',
  teacherId: a.teacherId,
  courseCode: m.courseCode,
  orderItemId: m.orderItemId,
  hours: q100ToNumber(toQ100(must(a.hours, 'make-up hours'))),
  missedAttendanceId: m.sourceType === 'attendance' ? m.sourceId : null,
  approvedBy: c.actor,
  at: c.now,
});

registerApprovalKind<Payload>({
  kind: 'makeup',
  subjectType: 'student',
  label: { 'zh-CN': '补课审批', en: 'Make-up lesson' },
  payload: Payload,
  defaultSteps: [campusHead],
  onPass: async (c) => {
    const a = await lockAbsence(c.tx, c.payload.absenceId);
    // The missed lesson must still stand: a consumption reversed meanwhile has nothing to make up.
    const m = await missedLesson(c.tx, c.actor, must(a.missedId, 'missed lesson'));
    const hours100 = toQ100(must(a.hours, 'make-up hours'));
    await post(
      c.tx,
      [
        {
          studentId: a.studentId,
          schoolItemCode: m.schoolItemCode,
          orderId: m.orderId,
          orderItemId: m.orderItemId,
          courseCode: m.courseCode,
          kind: 'makeup',
          hours100,
          valueCents: 0,
          sourceType: 'makeup',
          sourceId: a.id,
          note: `补课 / make-up of lesson ${m.id}`,
        },
      ],
      { userId: c.actor.id, at: c.now },
    );
    await settle(c, AB.approved, 'approved');
    await c.events.emit(c.tx, 'makeupApproved', asMakeup(a, m, c));
  },
  ...closers,
  onRevoke: async (c) => {
    const a = await lockAbsence(c.tx, c.payload.absenceId);
    const [m] = await c.tx
      .select()
      .from(studentLedger)
      .where(eq(studentLedger.id, must(a.missedId, 'missed lesson')));
    await c.events.emit(c.tx, 'makeupRevoked', asMakeup(a, must(m, 'missed lesson'), c));
    await reverse(c.tx, 'makeup', c.payload.absenceId, { userId: c.actor.id, at: c.now }, c.comment);
    await settle(c, AB.revoked, 'revoked');
  },
});

export const ABSENCE_KINDS: readonly AbsenceType[] = ['temporaryAbsence', 'leave', 'makeup'];
