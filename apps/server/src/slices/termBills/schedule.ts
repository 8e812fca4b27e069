// The payment schedule of a term bill sent to the family to confirm (/schedule/payment/*), reminders
// of a term (/payment/sendPayment) and a term paid online (/term/pay/*) — docs/decisions.md
// "Instalments". Texts go through the one text-message adapter, payments through the payments
// slice's gateway adapter, always for exactly the term's amount.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { DownloadResult } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, notFound, ruleViolation } from '../../http/errors.js';
import { auditOf, writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { sendSms } from '../../shared/sms.js';
import { lockOne } from '../../shared/stateMachine.js';
import { PAY_CONFIRMED, PAY_PENDING, loadOrder, payRecords } from '../orders/index.js';
import { createTermPayment, type RecordedOnlinePayment } from '../payments/index.js';
import { students } from '../students/index.js';
import { billDetail, dayOf, loadItem, termRows, type BillRecord } from './service.js';
import { TB, TERM_UNPAID } from './states.js';
import { termBillItems, termBills } from './tables.js';

/** Notice states: 0 not sent, 10 sent (awaiting the family's signature), 20 signed. */
const NOTICE = { none: 0, sent: 10, signed: 20 } as const;

const mask = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone ? '****' : '';

async function loadBill(db: DbOrTx, u: AuthUser, id: number, lock = false) {
  const q = db.select().from(termBills).where(eq(termBills.id, id));
  const b = lock ? await lockOne(q, '分期 / term bill') : (await q)[0];
  if (!b) throw notFound('分期 / term bill');
  assertCampus(u, b.schoolItemCode);
  return b;
}

async function studentOf(db: DbOrTx, b: BillRecord) {
  const [s] = await db
    .select({ name: students.name, phone: students.phone })
    .from(students)
    .where(eq(students.id, b.studentId));
  return must(s, 'student of a bill');
}

const noticeOf = (b: BillRecord, phone: string) => ({
  status: b.signedAt ? NOTICE.signed : b.noticeSentAt ? NOTICE.sent : NOTICE.none,
  sentAt: b.noticeSentAt?.toISOString() ?? null,
  sentCount: b.noticeSentCount,
  phone: mask(phone),
  signedAt: b.signedAt?.toISOString() ?? null,
  signerName: b.signerName,
  signedBy: b.signedBy,
});

export async function scheduleDetail(deps: AppDeps, u: AuthUser, billId: number) {
  const b = await loadBill(deps.db, u, billId);
  const o = await loadOrder(deps.db, u, b.orderId, false, 'orderId');
  const s = await studentOf(deps.db, b);
  return {
    ...(await billDetail(deps.db, b, o, dayOf(deps.now()))),
    notice: noticeOf(b, s.phone),
    history: await historyOf(deps.db, b.code),
  };
}

/** The bill's history is its audit trail: every command below writes one entry, named by the bill. */
async function historyOf(db: DbOrTx, code: string) {
  const rows = await auditOf(db, `termBills:${code}`);
  return rows.map((r) => {
    const term = (r.detail as { term?: unknown } | null)?.term;
    return {
      at: r.at.toISOString(),
      action: r.action,
      username: r.username,
      termNo: typeof term === 'number' ? term : null,
    };
  });
}

/** What stands in the way of sending the schedule, bilingual (empty: it can be sent). */
async function problemsOf(db: DbOrTx, b: BillRecord, phone: string, today: string) {
  const out: string[] = [];
  if (b.status !== TB.active) out.push('分期申请尚未通过审批 / the instalment application is not approved');
  if (b.signedAt) out.push('家长已签字确认 / the family signed it already');
  if (!/^\+?\d{6,15}$/.test(phone)) out.push('学员没有可用的家长手机号 / the student has no family phone');
  const terms = await termRows(db, [b.id], today);
  if (terms.every((t) => t.row.status !== TERM_UNPAID)) out.push('各期均已付款 / every term is paid');
  return out;
}

export async function scheduleCheck(deps: AppDeps, u: AuthUser, billId: number) {
  const b = await loadBill(deps.db, u, billId);
  const s = await studentOf(deps.db, b);
  const problems = await problemsOf(deps.db, b, s.phone, dayOf(deps.now()));
  return { sendable: problems.length === 0, problems };
}

/** One line per term for the text: "1期 2026-05-01 ¥300.00". */
const termsText = (terms: Awaited<ReturnType<typeof termRows>>) =>
  terms.map((t) => `${t.row.termNo}期 ${t.row.dueDate} ¥${t.row.amount}`).join('；');

export async function scheduleSend(deps: AppDeps, u: AuthUser, billId: number) {
  const b = await loadBill(deps.db, u, billId);
  const s = await studentOf(deps.db, b);
  const today = dayOf(deps.now());
  const problems = await problemsOf(deps.db, b, s.phone, today);
  if (problems.length) throw ruleViolation(problems.join('；'), 'billId');
  const terms = await termRows(deps.db, [b.id], today);
  // The provider is called outside any transaction; only a sent text is recorded.
  const receipt = await sendSms(deps, {
    kind: 'paymentSchedule',
    phone: s.phone,
    params: [s.name, b.code, String(terms.length), termsText(terms)],
  });
  const at = deps.now();
  const count = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(termBills)
      .set({ noticeSentAt: at, noticeSentCount: sql`${termBills.noticeSentCount} + 1`, updatedAt: at })
      .where(eq(termBills.id, b.id))
      .returning({ n: termBills.noticeSentCount });
    await writeAudit(tx, {
      action: 'termBill.scheduleSent',
      target: `termBills:${b.code}`,
      detail: { serial: receipt.serialNo },
      userId: u.id,
      username: u.username,
      at,
    });
    return must(row, 'bill').n;
  });
  return { sentAt: at.toISOString(), phone: mask(s.phone), sentCount: count };
}

export async function scheduleSign(deps: AppDeps, u: AuthUser, billId: number, signerName: string) {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const b = await loadBill(tx, u, billId, true);
    if (b.status !== TB.active)
      throw ruleViolation('分期申请尚未通过审批 / the instalment application is not approved', 'billId');
    if (!b.noticeSentAt)
      throw ruleViolation('请先把还款计划发送给家长 / send the schedule to the family first', 'billId');
    if (b.signedAt) throw ruleViolation('家长已签字确认 / the family signed it already', 'billId');
    await tx
      .update(termBills)
      .set({ signedAt: at, signerName, signedBy: u.id, updatedAt: at })
      .where(eq(termBills.id, b.id));
    await writeAudit(tx, {
      action: 'termBill.scheduleSigned',
      target: `termBills:${b.code}`,
      detail: { signerName },
      userId: u.id,
      username: u.username,
      at,
    });
  });
}

/** An unpaid term of an active bill, locked, with its neighbours' due dates. */
async function unpaidTerm(tx: DbOrTx, u: AuthUser, billItemId: number, now: Date) {
  const { i, bill } = await loadItem(tx, u, billItemId, true, 'billItemId');
  if (bill.status !== TB.active)
    throw ruleViolation('分期申请尚未通过审批 / the instalment application is not approved', 'billItemId');
  const terms = await termRows(tx, [bill.id], dayOf(now));
  const t = must(
    terms.find((x) => x.row.id === i.id),
    'term',
  );
  if (t.row.status !== TERM_UNPAID)
    throw ruleViolation(`第${i.termNo}期已付款 / term ${i.termNo} is paid already`, 'billItemId');
  return { i, bill, terms };
}

export async function scheduleUpdate(deps: AppDeps, u: AuthUser, b: { billItemId: number; dueDate: string }) {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const { i, bill, terms } = await unpaidTerm(tx, u, b.billItemId, at);
    const before = terms.find((x) => x.row.termNo === i.termNo - 1)?.row.dueDate;
    const after = terms.find((x) => x.row.termNo === i.termNo + 1)?.row.dueDate;
    if ((before && b.dueDate <= before) || (after && b.dueDate >= after))
      throw badInput(
        'dueDate',
        `dueDate: 到期日须在上一期（${before ?? '—'}）与下一期（${after ?? '—'}）之间 / the due date must fall between the terms around it`,
      );
    await tx.update(termBillItems).set({ dueDate: b.dueDate }).where(eq(termBillItems.id, i.id));
    // The family confirmed other dates: a changed schedule needs their signature again.
    await tx
      .update(termBills)
      .set({ signedAt: null, signerName: null, signedBy: null, updatedAt: at })
      .where(eq(termBills.id, bill.id));
    await writeAudit(tx, {
      action: 'termBill.dueDate',
      target: `termBills:${bill.code}`,
      detail: { term: i.termNo, from: i.dueDate, to: b.dueDate },
      userId: u.id,
      username: u.username,
      at,
    });
  });
}

export async function sendPayment(deps: AppDeps, u: AuthUser, billItemId: number) {
  const { i, bill } = await deps.db.transaction((tx) => unpaidTerm(tx, u, billItemId, deps.now()));
  const s = await studentOf(deps.db, bill);
  if (!/^\+?\d{6,15}$/.test(s.phone))
    throw ruleViolation('学员没有可用的家长手机号 / the student has no family phone', 'billItemId');
  const receipt = await sendSms(deps, {
    kind: 'paymentReminder',
    phone: s.phone,
    params: [s.name, String(i.termNo), (i.amountCents / 100).toFixed(2), i.dueDate],
  });
  const at = deps.now();
  await deps.db.transaction((tx) =>
    writeAudit(tx, {
      action: 'termBill.reminded',
      target: `termBills:${bill.code}`,
      detail: { term: i.termNo, serial: receipt.serialNo },
      userId: u.id,
      username: u.username,
      at,
    }),
  );
  return { sentAt: at.toISOString(), phone: mask(s.phone) };
}

/** The online payment of one unpaid term: exactly its amount, whatever the client might send. */
export async function termPayment(
  deps: AppDeps,
  u: AuthUser,
  b: { billItemId: number; payMethodType: number },
) {
  const { i, bill } = await deps.db.transaction((tx) => unpaidTerm(tx, u, b.billItemId, deps.now()));
  const p = await createTermPayment(deps, u, {
    orderId: bill.orderId,
    payMethodType: b.payMethodType,
    term: { id: i.id, termNo: i.termNo, amountCents: i.amountCents },
  });
  await writeAudit(deps.db, {
    action: 'termBill.payOnline',
    target: `termBills:${bill.code}`,
    detail: { term: i.termNo, outTradeNo: p.outTradeNo, reused: p.reused },
    userId: u.id,
    username: u.username,
    at: deps.now(),
  });
  return p;
}

export async function termPayQr(
  deps: AppDeps,
  u: AuthUser,
  b: { billItemId: number; payMethodType: number },
): Promise<DownloadResult> {
  const p = await termPayment(deps, u, b);
  const svg = await QRCode.toString(p.codeUrl, { type: 'svg', margin: 4, errorCorrectionLevel: 'M' });
  return {
    filename: `${p.outTradeNo}.svg`,
    contentType: 'image/svg+xml',
    body: Buffer.from(svg, 'utf8'),
  };
}

/**
 * A confirmed online payment of a term pays that term: its pay record (method 4, the gateway's
 * transaction id as reference) is linked to it, unless another live record paid it meanwhile (the
 * composition root subscribes it to the payments slice's onlinePaymentRecorded event).
 */
export async function linkTermPayment(tx: DbOrTx, p: RecordedOnlinePayment): Promise<void> {
  if (p.termBillItemId === null) return;
  const [r] = await tx
    .select({ id: payRecords.id })
    .from(payRecords)
    .where(
      and(eq(payRecords.orderId, p.orderId), eq(payRecords.method, 4), eq(payRecords.reference, p.reference)),
    );
  if (!r) return;
  const [i] = await tx
    .select({ id: termBillItems.id, payRecordId: termBillItems.payRecordId })
    .from(termBillItems)
    .leftJoin(payRecords, eq(payRecords.id, termBillItems.payRecordId))
    .where(
      and(
        eq(termBillItems.id, p.termBillItemId),
        eq(termBillItems.amountCents, p.amountCents),
        or(
          isNull(termBillItems.payRecordId),
          sql`${payRecords.status} not in (${PAY_PENDING}, ${PAY_CONFIRMED})`,
        ),
      ),
    )
    .for('update', { of: termBillItems });
  if (i) await tx.update(termBillItems).set({ payRecordId: r.id }).where(eq(termBillItems.id, i.id));
}
