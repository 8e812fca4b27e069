// Agreements (issue 14): filing paper contracts, contract supplements and service-time changes, and
// their kinds on the approval engine. Only a service-time change acts on pass (the case file's
// service end date); the others are records the family signed, approved so finance relies on them.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE, fromCents, centsOf, STUDENT_STATUS } from '@bo/domain';
import type { TPaperContractInput, TServiceTimeInput, TSupplementInput } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { conflict, notFound, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { lockOne } from '../../shared/stateMachine.js';
import { fileRequest, registerApprovalKind, type HookContext } from '../approvals/index.js';
import { orders } from '../orders/index.js';
import { students } from '../students/index.js';
import { agreements } from './tables.js';
import { nextNumbered } from '../../db/numbering.js';
import { updateVersioned } from '../../shared/versioned.js';

export type AgreementType = 'paperContract' | 'contractSupplement' | 'serviceTime';
export const AG = { pending: 10, approved: 20, rejected: 30, withdrawn: 50 } as const;
const PREFIX: Record<AgreementType, string> = {
  paperContract: 'HT',
  contractSupplement: 'BC',
  serviceTime: 'FW',
};
const LABEL: Record<AgreementType, string> = {
  paperContract: '纸质合同 / paper contract',
  contractSupplement: '补充协议 / contract supplement',
  serviceTime: '服务期变更 / service-time change',
};

/** The order a paper contract or supplement names by the body's `orderId` (the 404 names it). */
async function effectiveOrder(tx: DbOrTx, u: AuthUser, id: number) {
  const [o] = await tx.select().from(orders).where(eq(orders.id, id));
  if (!o) throw notFound('订单 / order', 'orderId');
  assertCampus(u, o.schoolItemCode);
  if (![40, 50].includes(o.status)) throw ruleViolation('订单未生效 / the order is not effective', 'orderId');
  return o;
}

interface NewAgreement {
  type: AgreementType;
  studentId: number;
  orderId?: number;
  schoolItemCode: string;
  contractNo?: string;
  signedDate?: string;
  supplementKind?: 'terms' | 'amount';
  amountCents?: number | null;
  content: string;
  previousEndDate?: string | null;
  serviceEndDate?: string;
}

async function insert(tx: DbOrTx, u: AuthUser, at: Date, a: NewAgreement) {
  const [s] = await tx.select().from(students).where(eq(students.id, a.studentId));
  const { id, code } = await nextNumbered(tx, agreements, { prefix: PREFIX[a.type], digits: 10 });
  const [row] = await tx
    .insert(agreements)
    .values({
      id,
      type: a.type,
      code,
      studentId: a.studentId,
      orderId: a.orderId ?? null,
      schoolItemCode: a.schoolItemCode,
      contractNo: a.contractNo ?? null,
      signedDate: a.signedDate ?? null,
      supplementKind: a.supplementKind ?? null,
      amountCents: a.amountCents ?? null,
      content: a.content,
      previousEndDate: a.previousEndDate ?? null,
      serviceEndDate: a.serviceEndDate ?? null,
      createdBy: u.id,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const r = must(row, 'agreement');
  const approvalId = await fileRequest(
    tx,
    u.id,
    {
      kind: a.type,
      subjectId: r.id,
      subjectCode: code,
      subjectName: s?.name ?? '',
      schoolItemCode: a.schoolItemCode,
      amountCents: a.amountCents ?? null,
      reason: a.content.slice(0, 200),
      payload: { agreementId: r.id },
    },
    at,
  );
  await tx.update(agreements).set({ approvalId }).where(eq(agreements.id, r.id));
  await writeAudit(tx, {
    action: `${a.type}.add`,
    target: `agreements:${code}`,
    detail: { studentId: a.studentId, orderId: a.orderId ?? null, approvalId },
    userId: u.id,
    username: u.username,
    at,
  });
  return { id: r.id, code, approvalId };
}

async function assertNonePending(
  tx: DbOrTx,
  type: AgreementType,
  w: { orderId?: number; studentId?: number },
) {
  const [p] = await tx
    .select({ code: agreements.code })
    .from(agreements)
    .where(
      and(
        eq(agreements.type, type),
        eq(agreements.status, AG.pending),
        w.orderId !== undefined ? eq(agreements.orderId, w.orderId) : undefined,
        w.studentId !== undefined ? eq(agreements.studentId, w.studentId) : undefined,
      ),
    )
    .limit(1);
  if (p)
    throw conflict(
      `已有待审批的${LABEL[type].split(' / ')[0]} ${p.code} / ${p.code} awaits approval`,
      w.orderId !== undefined ? 'orderId' : 'studentId',
    );
}

export async function addPaperContract(deps: AppDeps, u: AuthUser, b: TPaperContractInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const o = await effectiveOrder(tx, u, Number(b.orderId));
    await assertNonePending(tx, 'paperContract', { orderId: o.id });
    const [held] = await tx
      .select({ code: agreements.code })
      .from(agreements)
      .where(
        and(
          eq(agreements.type, 'paperContract'),
          eq(agreements.contractNo, b.contractNo),
          inArray(agreements.status, [AG.pending, AG.approved]),
        ),
      )
      .limit(1);
    if (held)
      throw conflict(
        `合同编号已登记（${held.code}） / the contract number is already recorded (${held.code})`,
        'contractNo',
      );
    return insert(tx, u, at, {
      type: 'paperContract',
      studentId: o.studentId,
      orderId: o.id,
      schoolItemCode: o.schoolItemCode,
      contractNo: b.contractNo,
      signedDate: b.signedDate,
      content: b.remark ?? '',
    });
  });
}

/** The approved paper contract of an order, if any. */
export async function contractOf(tx: DbOrTx, orderId: number) {
  const [c] = await tx
    .select({ contractNo: agreements.contractNo })
    .from(agreements)
    .where(
      and(
        eq(agreements.type, 'paperContract'),
        eq(agreements.orderId, orderId),
        eq(agreements.status, AG.approved),
      ),
    )
    .orderBy(desc(agreements.id))
    .limit(1);
  return c?.contractNo ?? null;
}

export async function supplementCheck(deps: AppDeps, u: AuthUser, orderId: number) {
  const [o] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!o) throw notFound('订单 / order');
  assertCampus(u, o.schoolItemCode);
  if (![40, 50].includes(o.status)) return { ok: false, reason: '订单未生效 / the order is not effective' };
  const [p] = await deps.db
    .select({ code: agreements.code })
    .from(agreements)
    .where(
      and(
        eq(agreements.type, 'contractSupplement'),
        eq(agreements.orderId, o.id),
        eq(agreements.status, AG.pending),
      ),
    )
    .limit(1);
  return p
    ? { ok: false, reason: `已有待审批的补充协议 ${p.code} / ${p.code} awaits approval` }
    : { ok: true, reason: '' };
}

export async function addSupplement(deps: AppDeps, u: AuthUser, b: TSupplementInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const o = await effectiveOrder(tx, u, Number(b.orderId));
    await assertNonePending(tx, 'contractSupplement', { orderId: o.id });
    const cents = b.kind === 'amount' && b.amount !== undefined ? centsOf(b.amount) : null;
    return insert(tx, u, at, {
      type: 'contractSupplement',
      studentId: o.studentId,
      orderId: o.id,
      schoolItemCode: o.schoolItemCode,
      supplementKind: b.kind,
      amountCents: cents,
      content: b.content,
    });
  });
}

export async function applyServiceTime(deps: AppDeps, u: AuthUser, b: TServiceTimeInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(students)
      .where(eq(students.id, Number(b.studentId)));
    if (!s || s.status === STUDENT_STATUS.deleted) throw notFound('学员 / student', 'studentId');
    assertCampus(u, s.schoolItemCode);
    await assertNonePending(tx, 'serviceTime', { studentId: s.id });
    return insert(tx, u, at, {
      type: 'serviceTime',
      studentId: s.id,
      schoolItemCode: s.schoolItemCode,
      content: b.reason,
      previousEndDate: s.serviceEndDate,
      serviceEndDate: b.serviceEndDate,
    });
  });
}

// ---- kinds ----------------------------------------------------------------------------------------

const Payload = z.object({ agreementId: z.number().int() });
type Payload = z.infer<typeof Payload>;

async function settle(c: HookContext<Payload>, status: number) {
  const a = await lockOne(
    c.tx.select().from(agreements).where(eq(agreements.id, c.payload.agreementId)),
    '协议 / agreement',
  );
  await updateVersioned(c.tx, agreements, {
    where: eq(agreements.id, a.id),
    version: undefined,
    set: { status },
    at: c.now,
  });
  return a;
}
const closers = {
  onReject: async (c: HookContext<Payload>) => void (await settle(c, AG.rejected)),
  onCancel: async (c: HookContext<Payload>) => void (await settle(c, AG.withdrawn)),
};
const finance = {
  name: '财务审批',
  roles: [ROLE.finance],
  userIds: [],
  mode: 'any' as const,
  aboveCents: null,
};
const campusHead = {
  name: '校区负责人审批',
  roles: [ROLE.centreLeader, ROLE.director],
  userIds: [],
  mode: 'any' as const,
  aboveCents: null,
};

registerApprovalKind<Payload>({
  kind: 'paperContract',
  subjectType: 'agreement',
  label: { 'zh-CN': '纸质合同审批', en: 'Paper contract' },
  payload: Payload,
  defaultSteps: [finance],
  onPass: async (c) => void (await settle(c, AG.approved)),
  ...closers,
});

registerApprovalKind<Payload>({
  kind: 'contractSupplement',
  subjectType: 'agreement',
  label: { 'zh-CN': '补充协议审批', en: 'Contract supplement' },
  payload: Payload,
  defaultSteps: [campusHead, finance],
  onPass: async (c) => void (await settle(c, AG.approved)),
  ...closers,
});

registerApprovalKind<Payload>({
  kind: 'serviceTime',
  subjectType: 'agreement',
  label: { 'zh-CN': '服务期审批', en: 'Service time' },
  payload: Payload,
  defaultSteps: [campusHead, finance],
  onPass: async (c) => {
    const a = await settle(c, AG.approved);
    await c.tx
      .update(students)
      .set({ serviceEndDate: a.serviceEndDate, updatedAt: c.now })
      .where(eq(students.id, a.studentId));
  },
  ...closers,
});

export const yuanOf = (cents: number | null) => (cents === null ? null : fromCents(cents));
