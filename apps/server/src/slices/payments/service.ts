// Online payment of an order: the QR code for its outstanding family share, the gateway's
// notification and the screen's polling query, both settling through one idempotent step that
// records the pay record through the orders slice in the same transaction.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromCents } from '@bo/domain';
import { ErrorCode, TradeState, type contract, type HandlerResult } from '@bo/api-sdk';
import { iso } from '../../db/rowHelpers.js';
import type { Tx } from '../../db/client.js';
import type { AppDeps, Wiring } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { AppError, badInput, notFound, ruleViolation } from '../../http/errors.js';
import { onlinePaymentEvents, onlinePayments } from './tables.js';
import {
  createNative,
  decryptResource,
  parseTransaction,
  queryByOutTradeNo,
  signatureProblem,
  wechatPay,
  type SignedHeaders,
  type Transaction,
  type WechatPayClient,
} from './wechatpay.js';

type Payment = typeof onlinePayments.$inferSelect;
type Outcome =
  | 'recorded'
  | 'repeated'
  | 'pending'
  | 'refusedSignature'
  | 'refusedAmount'
  | 'refusedOrder'
  | 'unknownTrade'
  | 'malformed';

const ORDER = '订单 / order';
/** A QR code is answered again while it stays payable at least this long. */
const REUSE_MARGIN_MS = 2 * 60_000;
/** States after which the gateway will not take the money for that trade number. */
const OPEN_STATES = ['NOTPAY', 'USERPAYING'];

async function logEvent(
  tx: Tx,
  e: { outTradeNo: string | null; source: 'notify' | 'query'; outcome: Outcome; detail?: string },
) {
  await tx.insert(onlinePaymentEvents).values({
    outTradeNo: e.outTradeNo,
    source: e.source,
    outcome: e.outcome,
    detail: e.detail ?? '',
  });
}

type CuspayQuery = { oid: number; schoolitemcode: string; payMethodType: number };

/** GET /pay/cuspay: a QR code for what the family still owes on the order. */
export async function createPayment(
  deps: AppDeps,
  u: AuthUser,
  q: CuspayQuery,
): Promise<HandlerResult<typeof contract.payments.cuspay>> {
  return openPayment(deps, u, {
    orderId: q.oid,
    schoolItemCode: q.schoolitemcode,
    payMethodType: q.payMethodType,
    term: null,
  });
}

/** One instalment term to pay online: its id and its amount (the termBills slice checked it is unpaid). */
export interface TermToPay {
  id: number;
  termNo: number;
  amountCents: number;
}

/**
 * A QR code for exactly one instalment term of an order (the termBills slice's /term/pay/*): a
 * still valid one of the same term is answered again. Once the gateway confirms it, the pay record
 * is written like any online payment and the onlinePaymentRecorded event links it to the term.
 */
export async function createTermPayment(
  deps: AppDeps,
  u: AuthUser,
  a: { orderId: number; payMethodType: number; term: TermToPay },
) {
  return openPayment(deps, u, { ...a, schoolItemCode: null });
}

interface PaymentAsk {
  orderId: number;
  /** The campus the screen believes the order is of (cuspay's schoolitemcode), checked when given. */
  schoolItemCode: string | null;
  payMethodType: number;
  /** A term: its amount rather than everything owed. */
  term: TermToPay | null;
}

async function openPayment(deps: AppDeps, u: AuthUser, a: PaymentAsk) {
  if (a.schoolItemCode !== null) assertCampus(u, a.schoolItemCode);
  const cl = wechatPay(deps.config);
  const now = deps.now();
  const field = a.term ? 'billItemId' : 'query.oid';
  const plan = await deps.db.transaction(async (tx) => {
    const order = await deps.ports.ordersForPayments.orderToCollect(tx, a.orderId);
    if (!order) throw notFound(ORDER);
    assertCampus(u, order.schoolItemCode);
    if (a.schoolItemCode !== null && order.schoolItemCode !== a.schoolItemCode)
      throw badInput(
        'query.schoolitemcode',
        `query.schoolitemcode: 订单${order.code}不属于该校区 / order ${order.code} is not of campus ${a.schoolItemCode}`,
      );
    if (!order.collectable)
      throw ruleViolation(
        `订单${order.code}当前不能收款 / order ${order.code} takes no payment in its current state`,
        field,
      );
    if (order.outstandingFamilyCents <= 0)
      throw ruleViolation(
        `订单${order.code}的家庭应付部分已付清 / the family share of order ${order.code} is paid`,
        field,
      );
    const amountCents = a.term ? a.term.amountCents : order.outstandingFamilyCents;
    if (amountCents > order.outstandingFamilyCents)
      throw ruleViolation(
        `第${a.term?.termNo ?? ''}期金额超过订单未付金额 / the term is more than the order still owes`,
        field,
      );
    const open = await tx
      .select()
      .from(onlinePayments)
      .where(
        and(
          eq(onlinePayments.orderId, order.id),
          inArray(onlinePayments.tradeState, OPEN_STATES),
          a.term ? eq(onlinePayments.termBillItemId, a.term.id) : isNull(onlinePayments.termBillItemId),
        ),
      )
      .orderBy(desc(onlinePayments.id))
      .limit(1);
    const last = open[0];
    const reusable =
      last &&
      last.amountCents === amountCents &&
      last.payMethodType === a.payMethodType &&
      last.expiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS;
    const attempts = await tx
      .select({ id: onlinePayments.id })
      .from(onlinePayments)
      .where(eq(onlinePayments.orderId, order.id));
    return { order, amountCents, reuse: reusable ? last : null, attempt: attempts.length + 1 };
  });
  if (plan.reuse) return answerPayment(plan.reuse, true);
  const { order, amountCents } = plan;
  const outTradeNo = `${order.code}-${plan.attempt}`;
  const expiresAt = new Date(now.getTime() + deps.config.WECHATPAY_EXPIRE_MINUTES * 60_000);
  const termLabel = a.term ? ` 第${a.term.termNo}期` : '';
  // The gateway is called outside any transaction: a slow provider holds no database connection.
  const codeUrl = await createNative(
    cl,
    {
      outTradeNo,
      description: `${order.studentName} ${order.description}${termLabel}`.trim() || order.code,
      amountCents,
      expiresAt,
      attach: order.code,
    },
    deps.now,
  );
  const [row] = await deps.db.transaction((tx) =>
    tx
      .insert(onlinePayments)
      .values({
        outTradeNo,
        gateway: 'wechatpay',
        payMethodType: a.payMethodType,
        orderId: order.id,
        orderCode: order.code,
        termBillItemId: a.term?.id ?? null,
        schoolItemCode: order.schoolItemCode,
        amountCents,
        codeUrl,
        expiresAt,
        createdBy: u.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
  );
  if (!row) throw new Error('online payment not stored');
  return answerPayment(row, false);
}

/** What a recorded online payment tells the slices listening (instalments link it to their term). */
export interface RecordedOnlinePayment {
  orderId: number;
  termBillItemId: number | null;
  amountCents: number;
  /** The gateway's transaction id: the pay record's reference (method 4). */
  reference: string;
}
const answerPayment = (p: Payment, reused: boolean) => ({
  orderId: p.orderId,
  orderCode: p.orderCode,
  outTradeNo: p.outTradeNo,
  payMethodType: p.payMethodType,
  amount: fromCents(p.amountCents),
  amountCents: p.amountCents,
  codeUrl: p.codeUrl,
  expiresAt: p.expiresAt.toISOString(),
  reused,
});

/**
 * Applies what the gateway says of one of our trades, in the caller's transaction with the payment
 * row locked: a confirmed payment of exactly the QR code's amount, no more than the order still
 * owes, is recorded once (the same trade again is 'repeated'); anything else changes no money.
 */
async function settle(
  w: Wiring,
  tx: Tx,
  cl: WechatPayClient,
  p: Payment,
  t: Transaction,
  source: 'notify' | 'query',
  now: Date,
): Promise<{ outcome: Outcome; detail: string }> {
  let result: { outcome: Outcome; detail: string };
  if (t.mchid !== cl.mchId || (t.appid && t.appid !== cl.appId)) {
    result = { outcome: 'refusedOrder', detail: `merchant ${t.mchid} / app ${t.appid} is not ours` };
  } else if (p.tradeState === 'SUCCESS') {
    result =
      t.transactionId === p.transactionId
        ? { outcome: 'repeated', detail: `already recorded as ${p.transactionId}` }
        : {
            outcome: 'refusedOrder',
            detail: `already paid by ${p.transactionId}, now ${t.transactionId ?? '?'}`,
          };
  } else if (t.tradeState !== 'SUCCESS') {
    await tx
      .update(onlinePayments)
      .set({ tradeState: t.tradeState, updatedAt: now })
      .where(eq(onlinePayments.id, p.id));
    result = { outcome: 'pending', detail: t.tradeState };
  } else if (t.totalCents !== p.amountCents || (t.currency ?? 'CNY') !== 'CNY' || !t.transactionId) {
    result = {
      outcome: 'refusedAmount',
      detail: `gateway ${t.totalCents ?? '?'} ${t.currency ?? ''} ≠ QR code ${p.amountCents} CNY`,
    };
  } else {
    const order = await w.ports.ordersForPayments.orderToCollect(tx, p.orderId);
    if (!order) result = { outcome: 'refusedOrder', detail: `order ${p.orderCode} is gone` };
    else if (!order.collectable)
      result = { outcome: 'refusedOrder', detail: `order ${p.orderCode} takes no payment now` };
    else if (p.amountCents > order.outstandingFamilyCents)
      result = {
        outcome: 'refusedAmount',
        detail: `paid ${p.amountCents} > outstanding ${order.outstandingFamilyCents} of ${p.orderCode}`,
      };
    else {
      const paidAt = t.successTime ? new Date(t.successTime) : now;
      await w.ports.ordersForPayments.recordOnlinePayment(tx, {
        orderId: p.orderId,
        amountCents: p.amountCents,
        reference: t.transactionId,
        paidAt: Number.isNaN(paidAt.getTime()) ? now : paidAt,
        by: p.createdBy,
      });
      await tx
        .update(onlinePayments)
        .set({
          tradeState: 'SUCCESS',
          transactionId: t.transactionId,
          paidAt: Number.isNaN(paidAt.getTime()) ? now : paidAt,
          updatedAt: now,
        })
        .where(eq(onlinePayments.id, p.id));
      await w.events.emit(tx, 'onlinePaymentRecorded', {
        orderId: p.orderId,
        termBillItemId: p.termBillItemId,
        amountCents: p.amountCents,
        reference: t.transactionId,
      });
      result = { outcome: 'recorded', detail: t.transactionId };
    }
  }
  await logEvent(tx, { outTradeNo: p.outTradeNo, source, ...result });
  return result;
}

const lockByTradeNo = async (tx: Tx, outTradeNo: string) =>
  (await tx.select().from(onlinePayments).where(eq(onlinePayments.outTradeNo, outTradeNo)).for('update'))[0];

/** Raises the refusal a settled outcome means for the gateway (after its log line is committed). */
function refusal(outcome: Outcome, detail: string): AppError | null {
  if (outcome === 'refusedAmount')
    return ruleViolation(
      `支付金额与订单不符 / the paid amount does not match the order: ${detail}`,
      'amount',
    );
  if (outcome === 'refusedOrder')
    return ruleViolation(`该支付不能记入订单 / the payment cannot be recorded: ${detail}`, 'out_trade_no');
  return null;
}

/** POST /pay/notify/wechatpay: the gateway's signed notification, verified over the raw body. */
export async function handleNotification(
  deps: AppDeps,
  log: FastifyBaseLogger,
  headers: SignedHeaders,
  rawBody: string,
): Promise<null> {
  const cl = wechatPay(deps.config);
  const now = deps.now();
  const refuse = async (outcome: Outcome, outTradeNo: string | null, detail: string, err: AppError) => {
    log.warn({ outcome, outTradeNo, detail }, 'payment notification refused');
    await deps.db.transaction((tx) => logEvent(tx, { outTradeNo, source: 'notify', outcome, detail }));
    return err;
  };
  const problem = signatureProblem(cl, headers, rawBody, now);
  if (problem)
    throw await refuse(
      'refusedSignature',
      null,
      problem,
      new AppError(
        ErrorCode.validation,
        `通知签名验证失败 / the notification's signature is refused: ${problem}`,
        401,
        'Wechatpay-Signature',
      ),
    );
  const malformed = (detail: string) =>
    refuse(
      'malformed',
      null,
      detail,
      badInput('body', `body: 通知内容无法识别 / unreadable notification: ${detail}`),
    );
  let envelope: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    envelope = parsed as Record<string, unknown>;
  } catch {
    throw await malformed('not JSON');
  }
  const resource = envelope.resource as Record<string, unknown> | undefined;
  if (!resource || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string')
    throw await malformed('no encrypted resource');
  const plain = decryptResource(cl.apiV3Key, {
    algorithm: String(resource.algorithm ?? ''),
    ciphertext: resource.ciphertext,
    nonce: resource.nonce,
    associated_data: typeof resource.associated_data === 'string' ? resource.associated_data : '',
  });
  if (plain === null) throw await malformed('the resource does not decrypt with the APIv3 key');
  let t: Transaction | null = null;
  try {
    t = parseTransaction(JSON.parse(plain));
  } catch {
    t = null;
  }
  if (!t) throw await malformed('the resource is not a transaction');
  const tx0 = t;
  const settled = await deps.db.transaction(async (tx) => {
    const p = await lockByTradeNo(tx, tx0.outTradeNo);
    if (!p) {
      await logEvent(tx, {
        outTradeNo: tx0.outTradeNo,
        source: 'notify',
        outcome: 'unknownTrade',
        detail: tx0.transactionId ?? '',
      });
      return { outcome: 'unknownTrade' as Outcome, detail: tx0.outTradeNo };
    }
    return settle(deps, tx, cl, p, tx0, 'notify', now);
  });
  if (settled.outcome === 'unknownTrade') {
    log.warn({ outTradeNo: tx0.outTradeNo }, 'payment notification for an unknown trade');
    throw notFound(`交易 ${tx0.outTradeNo} / trade ${tx0.outTradeNo}`);
  }
  const err = refusal(settled.outcome, settled.detail);
  if (err) {
    log.warn({ outTradeNo: tx0.outTradeNo, ...settled }, 'payment notification refused');
    throw err;
  }
  return null;
}

type ResultQuery = { orderid: number; type: number; outTradeNo?: string | undefined };

/**
 * GET /query/result: the order's online payment (or the one named, of that order) as the gateway
 * sees it now, recorded when paid.
 */
export async function paymentResult(
  deps: AppDeps,
  u: AuthUser,
  q: ResultQuery,
): Promise<HandlerResult<typeof contract.payments.queryResult>> {
  const rows = await deps.db
    .select()
    .from(onlinePayments)
    .where(
      and(
        eq(onlinePayments.orderId, q.orderid),
        eq(onlinePayments.payMethodType, q.type),
        q.outTradeNo === undefined ? undefined : eq(onlinePayments.outTradeNo, q.outTradeNo),
      ),
    )
    .orderBy(desc(onlinePayments.id));
  const latest = rows[0];
  if (!latest && q.outTradeNo !== undefined) throw notFound(`交易 ${q.outTradeNo} / trade ${q.outTradeNo}`);
  if (!latest) {
    const order = await deps.db.transaction((tx) =>
      deps.ports.ordersForPayments.orderToCollect(tx, q.orderid),
    );
    if (!order) throw notFound(ORDER);
    assertCampus(u, order.schoolItemCode);
    return {
      orderId: q.orderid,
      outTradeNo: null,
      tradeState: 'NONE',
      paid: false,
      amount: null,
      amountCents: null,
      paidAt: null,
      expiresAt: null,
      transactionId: null,
    };
  }
  assertCampus(u, latest.schoolItemCode);
  const paid = rows.find((r) => r.tradeState === 'SUCCESS');
  if (paid) return answerResult(paid);
  const open = rows.filter((r) => OPEN_STATES.includes(r.tradeState));
  if (!open.length) return answerResult(latest);
  const cl = wechatPay(deps.config);
  const now = deps.now();
  // Newest first: the QR code on screen is the likeliest to be paid; an older one may have been too.
  let shown: Payment = latest;
  for (const r of open) {
    const t = await queryByOutTradeNo(cl, r.outTradeNo, deps.now);
    const after = await deps.db.transaction(async (tx) => {
      const p = await lockByTradeNo(tx, r.outTradeNo);
      if (!p) return null;
      await settle(deps, tx, cl, p, t, 'query', now);
      return (await tx.select().from(onlinePayments).where(eq(onlinePayments.id, p.id)))[0] ?? null;
    });
    if (after?.tradeState === 'SUCCESS') return answerResult(after);
    if (after && r.id === latest.id) shown = after;
  }
  return answerResult(shown);
}

const answerResult = (p: Payment) => ({
  orderId: p.orderId,
  outTradeNo: p.outTradeNo,
  tradeState: TradeState.parse(p.tradeState),
  paid: p.tradeState === 'SUCCESS',
  amount: fromCents(p.amountCents),
  amountCents: p.amountCents,
  paidAt: iso(p.paidAt),
  expiresAt: p.expiresAt.toISOString(),
  transactionId: p.transactionId,
});
