// Electronic contracts: an order's contract filled from the provider's template, signed by the
// guardian from a link we text them, finished by the provider's signed callback (or a sync). Provider
// and text-message calls happen outside transactions: a reservation row (status 0) keeps two sends
// of one order apart, and every settlement is a conditional update so repeats change nothing.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import { ErrorCode } from '@bo/api-sdk';
import { fromCents, STUDENT_STATUS } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { schoolItems } from '../../db/schema.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { AppError, badInput, conflict, notConfigured, notFound, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { sendSms, smsMissing } from '../../shared/sms.js';
import { lockOne } from '../../shared/stateMachine.js';
import { storageFor } from '../../shared/storage.js';
import { orders, ORDER_STATUS_CODE } from '../orders/index.js';
import { students } from '../students/index.js';
import {
  ESIGN,
  callbackProblem,
  createFlow,
  esign,
  esignMissing,
  flowStatus,
  isFlowStatus,
  signUrl,
  signedFile,
  type EsignClient,
  type FlowStatus,
} from './esign.js';
import { eContracts, specialSurveys } from './tables.js';
import { nextNumbered } from '../../db/numbering.js';

export const EC = { sending: 0, signing: 10, signed: 20, refused: 30, expired: 40, revoked: 50 } as const;
const OPEN = [EC.sending, EC.signing, EC.signed];
/** A reservation older than this was left by a send that died midway; the next send replaces it. */
const STALE_RESERVATION_MS = 10 * 60_000;
const SMS_KIND = 'eContract';
const ECONTRACT = '电子合同 / electronic contract';

const baseRows = (tx: DbOrTx) =>
  tx
    .select({ x: eContracts, studentName: students.name, orderCode: orders.code })
    .from(eContracts)
    .innerJoin(students, eq(students.id, eContracts.studentId))
    .innerJoin(orders, eq(orders.id, eContracts.orderId));
type Joined = Awaited<ReturnType<typeof baseRows>>[number];

const toRow = (j: Joined) => ({
  id: j.x.id,
  code: j.x.code,
  studentId: j.x.studentId,
  studentName: j.studentName,
  orderId: j.x.orderId,
  orderCode: j.orderCode,
  signerName: j.x.signerName,
  signerPhone: j.x.signerPhone,
  status: j.x.status,
  hasSignedFile: j.x.signedFileKey !== null,
  signedAt: j.x.signedAt?.toISOString() ?? null,
  sendCount: j.x.sendCount,
  lastSentAt: j.x.lastSentAt?.toISOString() ?? null,
  createdAt: j.x.createdAt.toISOString(),
});
export type EContractOut = ReturnType<typeof toRow>;

async function rowOf(tx: DbOrTx, id: number) {
  const [j] = await baseRows(tx).where(eq(eContracts.id, id));
  return toRow(must(j, 'e-contract'));
}

/** The e-contract by id, refused outside the caller's campuses. */
async function ownRow(deps: AppDeps, u: AuthUser, id: number) {
  const [x] = await deps.db.select().from(eContracts).where(eq(eContracts.id, id));
  if (!x) throw notFound(ECONTRACT);
  assertCampus(u, x.schoolItemCode);
  return x;
}

async function studentOf(tx: DbOrTx, u: AuthUser, id: number) {
  const [s] = await tx.select().from(students).where(eq(students.id, id));
  if (!s || s.status === STUDENT_STATUS.deleted) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  return s;
}

const missingOf = (deps: AppDeps) => [...esignMissing(deps.config), ...smsMissing(deps.config, SMS_KIND)];

export async function contractsOfStudent(deps: AppDeps, u: AuthUser, studentId: number) {
  await studentOf(deps.db, u, studentId);
  const rows = await baseRows(deps.db)
    .where(eq(eContracts.studentId, studentId))
    .orderBy(desc(eContracts.createdAt), desc(eContracts.id));
  return rows.map(toRow);
}

export async function permissions(deps: AppDeps, u: AuthUser, studentId: number) {
  const s = await studentOf(deps.db, u, studentId);
  const [survey] = await deps.db
    .select({ id: specialSurveys.id })
    .from(specialSurveys)
    .where(eq(specialSurveys.studentId, s.id));
  const os = await deps.db
    .select({ orderId: orders.id, orderCode: orders.code, status: orders.status })
    .from(orders)
    .where(and(eq(orders.studentId, s.id), ne(orders.status, ORDER_STATUS_CODE.revoked)))
    .orderBy(desc(orders.id));
  const missing = missingOf(deps);
  const reason = missing.length
    ? `${ESIGN}未配置（${missing.join(', ')}） / ${ESIGN} is not configured (${missing.join(', ')})`
    : !survey
      ? '请先填写特殊情况调查 / fill the special survey first'
      : !os.length
        ? '学员没有可签约的订单 / the student has no order to sign a contract for'
        : '';
  return {
    configured: missing.length === 0,
    missing,
    surveyDone: survey !== undefined,
    signerName: s.parentName || s.name,
    signerPhone: s.phone,
    canSend: reason === '',
    reason,
    orders: os,
  };
}

/** POST /contract/contract/sendAndSignSMS */
export async function sendAndSign(deps: AppDeps, u: AuthUser, orderId: number) {
  const cl = esign(deps.config);
  const sms = smsMissing(deps.config, SMS_KIND);
  if (sms.length) throw notConfigured('短信 / text messages', sms.join(', '));
  const now = deps.now();
  const plan = await deps.db.transaction(async (tx) => {
    // Locking the order puts two sends of it one after the other: the second sees the first's row.
    const o = await lockOne(tx.select().from(orders).where(eq(orders.id, orderId)), '订单 / order');
    assertCampus(u, o.schoolItemCode);
    if (o.status === ORDER_STATUS_CODE.revoked)
      throw ruleViolation('订单已撤销 / the order is revoked', 'orderId');
    const s = await studentOf(tx, u, o.studentId);
    const [survey] = await tx
      .select({ id: specialSurveys.id })
      .from(specialSurveys)
      .where(eq(specialSurveys.studentId, s.id));
    if (!survey)
      throw ruleViolation(
        '请先填写特殊情况调查 / fill the special survey before the contract',
        'specialSurvey',
      );
    await tx
      .delete(eContracts)
      .where(
        and(
          eq(eContracts.orderId, o.id),
          eq(eContracts.status, EC.sending),
          lt(eContracts.createdAt, new Date(now.getTime() - STALE_RESERVATION_MS)),
        ),
      );
    const [open] = await tx
      .select()
      .from(eContracts)
      .where(and(eq(eContracts.orderId, o.id), inArray(eContracts.status, OPEN)));
    if (open?.status === EC.signed)
      throw conflict(
        `订单已签署电子合同 ${open.code} / the order's contract ${open.code} is signed`,
        'orderId',
      );
    if (open?.status === EC.sending)
      throw conflict(`合同 ${open.code} 正在发送 / contract ${open.code} is being sent`, 'orderId');
    if (open) return { id: open.id, flowId: open.flowId, phone: open.signerPhone, student: s, order: o };
    if (!s.phone) throw badInput('orderId', '学员档案没有监护人手机号 / the case file has no guardian phone');
    const { id, code } = await nextNumbered(tx, eContracts, { prefix: 'DZ', digits: 10 });
    await tx.insert(eContracts).values({
      id,
      code,
      studentId: s.id,
      orderId: o.id,
      schoolItemCode: o.schoolItemCode,
      signerName: s.parentName || s.name,
      signerPhone: s.phone,
      status: EC.sending,
      createdBy: u.id,
      createdAt: now,
      updatedAt: now,
    });
    return { id, flowId: null, phone: s.phone, student: s, order: o };
  });

  let flowId = plan.flowId;
  let link: string;
  try {
    if (!flowId) {
      const [campus] = await deps.db
        .select({ name: schoolItems.name })
        .from(schoolItems)
        .where(eq(schoolItems.code, plan.order.schoolItemCode));
      flowId = await createFlow(
        cl,
        {
          title: `${plan.student.name}服务合同${plan.order.code}`,
          fields: {
            studentName: plan.student.name,
            studentCode: plan.student.code,
            guardianName: plan.student.parentName || plan.student.name,
            guardianPhone: plan.phone,
            campusName: campus?.name ?? plan.order.schoolItemCode,
            orderCode: plan.order.code,
            orderAmount: fromCents(plan.order.payableCents),
            signDate: now.toISOString().slice(0, 10),
          },
          signer: { name: plan.student.parentName || plan.student.name, phone: plan.phone },
          reference: `DZ${String(plan.id).padStart(10, '0')}`,
        },
        deps.now,
      );
      const created = flowId;
      await deps.db.transaction(async (tx) => {
        await tx
          .update(eContracts)
          .set({ flowId: created, status: EC.signing, updatedAt: deps.now() })
          .where(eq(eContracts.id, plan.id));
        await writeAudit(tx, {
          action: 'eContract.create',
          target: `e_contracts:${plan.id}`,
          detail: { orderId: plan.order.id, flowId: created },
          userId: u.id,
          username: u.username,
          at: now,
        });
      });
    }
    link = await signUrl(cl, flowId, plan.phone, deps.now);
  } catch (e) {
    // A flow that was never created leaves nothing behind: the next send starts again.
    if (!flowId)
      await deps.db
        .delete(eContracts)
        .where(and(eq(eContracts.id, plan.id), eq(eContracts.status, EC.sending)));
    throw e;
  }
  await sendSms(deps, { kind: SMS_KIND, phone: plan.phone, params: [plan.student.name, link] });
  return deps.db.transaction(async (tx) => {
    const x = await lockOne(tx.select().from(eContracts).where(eq(eContracts.id, plan.id)), ECONTRACT);
    await tx
      .update(eContracts)
      .set({ sendCount: x.sendCount + 1, lastSentAt: deps.now(), updatedAt: deps.now() })
      .where(eq(eContracts.id, x.id));
    return rowOf(tx, x.id);
  });
}

const FINAL_OF: Record<Exclude<FlowStatus, 1 | 2>, number> = { 3: EC.revoked, 5: EC.expired, 7: EC.refused };

/**
 * Records the provider's state of a signing contract. Finished: the signed PDF is fetched and stored
 * first, then the row moves only if it is still signing — a repeat or a concurrent settlement finds
 * it moved and changes nothing.
 */
async function settle(deps: AppDeps, cl: EsignClient, id: number, status: FlowStatus) {
  const [x] = await deps.db.select().from(eContracts).where(eq(eContracts.id, id));
  if (!x || x.status !== EC.signing || !x.flowId || status === 1) return;
  if (status === 2) {
    const pdf = await signedFile(cl, x.flowId, deps.now);
    const now = deps.now();
    const key = `e-contracts/${now.toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}.pdf`;
    await storageFor(deps.config, deps.now).put(key, pdf, 'application/pdf');
    await deps.db
      .update(eContracts)
      .set({ status: EC.signed, signedFileKey: key, signedAt: now, updatedAt: now })
      .where(and(eq(eContracts.id, id), eq(eContracts.status, EC.signing)));
    return;
  }
  await deps.db
    .update(eContracts)
    .set({ status: FINAL_OF[status], updatedAt: deps.now() })
    .where(and(eq(eContracts.id, id), eq(eContracts.status, EC.signing)));
}

/** GET /contract/contract/syncAuthStatus: asks the provider and records what it says. */
export async function sync(deps: AppDeps, u: AuthUser, id: number) {
  const x = await ownRow(deps, u, id);
  if (x.status === EC.signing && x.flowId) {
    const cl = esign(deps.config);
    await settle(deps, cl, x.id, await flowStatus(cl, x.flowId, deps.now));
  }
  return rowOf(deps.db, x.id);
}

export async function signedPdf(deps: AppDeps, u: AuthUser, id: number) {
  const x = await ownRow(deps, u, id);
  if (!x.signedFileKey) throw notFound('已签署的合同文件 / signed contract file');
  const obj = await storageFor(deps.config, deps.now).get(x.signedFileKey);
  if (!obj) throw notFound('已签署的合同文件 / signed contract file');
  return { filename: `${x.code}.pdf`, contentType: 'application/pdf', body: obj.body };
}

export interface CallbackHeaders {
  appId: string;
  timestamp: string;
  signature: string;
}

/** POST /contract/contract/esignNotify: verified over the raw body, then settled like a sync. */
export async function handleCallback(
  deps: AppDeps,
  log: FastifyBaseLogger,
  h: CallbackHeaders,
  rawBody: string,
): Promise<null> {
  const cl = esign(deps.config);
  const problem = callbackProblem(cl, h, rawBody, deps.now());
  if (problem) {
    log.warn({ problem }, 'e-sign callback refused');
    throw new AppError(
      ErrorCode.validation,
      `回调签名验证失败 / the callback's signature is refused: ${problem}`,
      401,
      'X-Tsign-Open-SIGNATURE',
    );
  }
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    throw badInput('body', 'body: 回调内容无法识别 / unreadable callback');
  }
  // Only the flow's end matters; the per-signer events before it are acknowledged and ignored.
  if (body.action !== 'SIGN_FLOW_COMPLETE') return null;
  const flowId = typeof body.signFlowId === 'string' ? body.signFlowId : '';
  const status = body.signFlowStatus;
  if (!flowId || !isFlowStatus(status))
    throw badInput('body', '缺少签署流程编号或状态 / signFlowId and a known signFlowStatus are required');
  const [x] = await deps.db
    .select({ id: eContracts.id })
    .from(eContracts)
    .where(eq(eContracts.flowId, flowId));
  if (!x) {
    log.warn({ flowId }, 'e-sign callback for an unknown flow');
    return null;
  }
  await settle(deps, cl, x.id, status);
  return null;
}
