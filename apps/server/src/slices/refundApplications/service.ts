// Refund applications (issue 14): recording a family's request with its attachments, and the
// refundApplication kind whose pass files the refund order through the refunds slice (its rules:
// unused paid hours at the price paid) in the decision's transaction.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE } from '@bo/domain';
import { REFUND_ATTACHMENT_BYTES, REFUND_ATTACHMENT_MAX, type TRefundApplicationInput } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import type { UploadedFile } from '../../http/register.js';
import { badInput, conflict, notFound, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { lockOne } from '../../shared/stateMachine.js';
import { storageFor } from '../../shared/storage.js';
import { users } from '../../db/schema.js';
import { fileRequest, registerApprovalKind, type HookContext } from '../approvals/index.js';
import { orders } from '../orders/index.js';
import { fileRefund } from '../refunds/index.js';
import { students } from '../students/index.js';
import { refundApplications, type StoredAttachment } from './tables.js';
import { nextNumbered } from '../../db/numbering.js';
import { updateVersioned } from '../../shared/versioned.js';

export const REFUND_APPLICATION = 'refundApplication';
export const RA = { pending: 10, approved: 20, rejected: 30, withdrawn: 50 } as const;

export async function loadApplication(tx: DbOrTx, u: AuthUser, id: number) {
  const [a] = await tx.select().from(refundApplications).where(eq(refundApplications.id, id));
  if (!a) throw notFound('退费申请 / refund application');
  assertCampus(u, a.schoolItemCode);
  return a;
}

export async function addApplication(deps: AppDeps, u: AuthUser, b: TRefundApplicationInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const [o] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, Number(b.orderId)));
    if (!o) throw notFound('订单 / order', 'orderId');
    assertCampus(u, o.schoolItemCode);
    if (![40, 50].includes(o.status))
      throw ruleViolation('订单未生效，不能申请退费 / the order is not effective', 'orderId');
    const [open] = await tx
      .select({ code: refundApplications.code })
      .from(refundApplications)
      .where(and(eq(refundApplications.orderId, o.id), eq(refundApplications.status, RA.pending)));
    if (open)
      throw conflict(`该订单已有待审批的退费申请 ${open.code} / ${open.code} awaits approval`, 'orderId');
    const [s] = await tx.select().from(students).where(eq(students.id, o.studentId));
    const { id, code } = await nextNumbered(tx, refundApplications, { prefix: 'TS', digits: 10 });
    const [row] = await tx
      .insert(refundApplications)
      .values({
        id,
        code,
        studentId: o.studentId,
        orderId: o.id,
        schoolItemCode: o.schoolItemCode,
        reasonCode: b.reasonCode,
        content: b.content,
        applicantName: b.applicantName,
        applicantPhone: b.applicantPhone,
        createdBy: u.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const r = must(row, 'refund application');
    const approvalId = await fileRequest(
      tx,
      u.id,
      {
        kind: REFUND_APPLICATION,
        subjectId: r.id,
        subjectCode: code,
        subjectName: s?.name ?? '',
        schoolItemCode: o.schoolItemCode,
        reason: b.content.slice(0, 200),
        payload: { applicationId: r.id },
      },
      at,
    );
    await tx.update(refundApplications).set({ approvalId }).where(eq(refundApplications.id, r.id));
    await writeAudit(tx, {
      action: 'refundApplication.add',
      target: `refundApplications:${code}`,
      detail: { order: o.code, approvalId },
      userId: u.id,
      username: u.username,
      at,
    });
    return { id: r.id, code, approvalId };
  });
}

const TYPES: Record<string, { ext: string; contentType: string; magic: (b: Buffer) => boolean }> = {
  pdf: {
    ext: 'pdf',
    contentType: 'application/pdf',
    magic: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  },
  png: {
    ext: 'png',
    contentType: 'image/png',
    magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  jpg: {
    ext: 'jpg',
    contentType: 'image/jpeg',
    magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
};
const extOf = (name: string) => {
  const e = name.toLowerCase().split('.').pop() ?? '';
  return e === 'jpeg' ? 'jpg' : e;
};

/**
 * Stores one attachment (by content, not by name) while nobody decided the application; only people
 * of its campus holding the apply screen get here.
 */
export async function attach(deps: AppDeps, u: AuthUser, idText: string | undefined, file: UploadedFile) {
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0)
    throw badInput('id', 'id: 请指定退费申请 / the application id is required');
  if (file.data.length === 0) throw badInput('file', 'file: 文件为空 / the file is empty');
  if (file.data.length > REFUND_ATTACHMENT_BYTES)
    throw badInput('file', 'file: 附件不能超过10MB / an attachment is at most 10 MB');
  const type = TYPES[extOf(file.filename)];
  if (!type || !type.magic(file.data))
    throw badInput('file', 'file: 只能上传PDF、JPG或PNG文件 / only PDF, JPG or PNG files (by content)');
  const a = await loadApplication(deps.db, u, id);
  if (a.status !== RA.pending) throw ruleViolation('申请已结束 / the application is closed', 'id');
  if (a.attachments.length >= REFUND_ATTACHMENT_MAX)
    throw ruleViolation(
      `附件最多${REFUND_ATTACHMENT_MAX}个 / at most ${REFUND_ATTACHMENT_MAX} attachments`,
      'file',
    );
  const now = deps.now();
  const key = `refund-applications/${now.toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}.${type.ext}`;
  await storageFor(deps.config, deps.now).put(key, file.data, type.contentType);
  const stored: StoredAttachment = {
    key,
    filename: file.filename.slice(0, 200),
    contentType: type.contentType,
    size: file.data.length,
  };
  return deps.db.transaction(async (tx) => {
    const cur = await lockOne(
      tx.select().from(refundApplications).where(eq(refundApplications.id, a.id)),
      '退费申请 / refund application',
    );
    if (cur.status !== RA.pending) throw ruleViolation('申请已结束 / the application is closed', 'id');
    if (cur.attachments.length >= REFUND_ATTACHMENT_MAX)
      throw ruleViolation(
        `附件最多${REFUND_ATTACHMENT_MAX}个 / at most ${REFUND_ATTACHMENT_MAX} attachments`,
        'file',
      );
    const next = [...cur.attachments, stored];
    await updateVersioned(tx, refundApplications, {
      where: eq(refundApplications.id, a.id),
      version: undefined,
      set: { attachments: next },
      at: now,
    });
    return next.map(attachmentInfo);
  });
}

export const attachmentInfo = (x: StoredAttachment, index: number) => ({
  index,
  filename: x.filename,
  contentType: x.contentType,
  size: x.size,
});

export async function download(deps: AppDeps, u: AuthUser, id: number, index: number) {
  const a = await loadApplication(deps.db, u, id);
  const x = a.attachments[index];
  if (!x) throw notFound('附件 / attachment');
  const obj = await storageFor(deps.config, deps.now).get(x.key);
  if (!obj) throw notFound('附件 / attachment');
  return { filename: x.filename, contentType: x.contentType, body: obj.body };
}

// ---- the kind -------------------------------------------------------------------------------------

const Payload = z.object({ applicationId: z.number().int() });
type Payload = z.infer<typeof Payload>;

const lockApplication = (tx: DbOrTx, id: number) =>
  lockOne(
    tx.select().from(refundApplications).where(eq(refundApplications.id, id)),
    '退费申请 / refund application',
  );

async function settle(c: HookContext<Payload>, status: number, refundOrderId: number | null = null) {
  const a = await lockApplication(c.tx, c.payload.applicationId);
  await updateVersioned(c.tx, refundApplications, {
    where: eq(refundApplications.id, a.id),
    version: undefined,
    set: { status, refundOrderId },
    at: c.now,
  });
  return a;
}

registerApprovalKind<Payload>({
  kind: REFUND_APPLICATION,
  subjectType: 'refundApplication',
  label: { 'zh-CN': '退费申请审批', en: 'Refund application' },
  payload: Payload,
  defaultSteps: [
    {
      name: '校区负责人审批',
      roles: [ROLE.centreLeader, ROLE.director],
      userIds: [],
      mode: 'any',
      aboveCents: null,
    },
  ],
  onPass: async (c) => {
    const a = await lockApplication(c.tx, c.payload.applicationId);
    // The refund order is the requester's (who recorded the family's application), so the campus
    // head who approved the application can still take the refund order's own first step.
    const [who] = await c.tx
      .select({ username: users.username, name: users.name })
      .from(users)
      .where(eq(users.id, c.request.requestedBy ?? 0));
    const onBehalf: AuthUser = who
      ? { ...c.actor, id: c.request.requestedBy ?? c.actor.id, username: who.username, name: who.name }
      : c.actor;
    const r = await fileRefund(c.tx, onBehalf, c.now, {
      orderId: a.orderId,
      reasonCode: a.reasonCode,
      remark: `退费申请 ${a.code}：${a.content}`.slice(0, 500),
    });
    await settle(c, RA.approved, r.id);
  },
  onReject: async (c) => void (await settle(c, RA.rejected)),
  onCancel: async (c) => void (await settle(c, RA.withdrawn)),
});
