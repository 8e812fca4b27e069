// Invoices: content configurations, requests held against an order's paid money (the order row is
// locked while the live invoices are summed, so two requests cannot both take the same yuan), and
// issuing through the tax-invoice provider: a request moves to "issuing" before the provider is
// called outside the transaction, and its result is asked for later and recorded once.
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoiceContentUpdate, InvoiceFilter, TInvoiceContentInput, TInvoiceInput } from '@bo/api-sdk';
import { InvoiceContentInput, InvoiceInput } from '@bo/api-sdk';
import { fromCents, toCents, STUDENT_STATUS } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { schoolItems, users } from '../../db/schema.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { AppError, badInput, conflict, notFound, ruleViolation, staleVersion } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { lockOne } from '../../shared/stateMachine.js';
import { orders } from '../orders/index.js';
import { assertOpenAt } from '../sealing/index.js';
import { students } from '../students/index.js';
import { cmbInvoice, issue, issueRed, query, type IssueResult } from './cmbInvoice.js';
import { invoiceContents, invoices } from './tables.js';
import { nextNumbered } from '../../db/numbering.js';
import { updateVersioned } from '../../shared/versioned.js';

export const INV = {
  requested: 10,
  issuing: 20,
  issued: 30,
  failed: 40,
  cancelled: 50,
  reversed: 60,
  red: 70,
} as const;
/** The statuses in which a blue invoice holds its amount of the order's paid money. */
const LIVE = [INV.requested, INV.issuing, INV.issued];
const INVOICE = '发票 / invoice';
/** What a sealed month refuses here (sealing's message names it). */
const INVOICES = '发票 / invoices';
const CONTENT = '开票内容 / invoice content';

// ---- content configurations ------------------------------------------------------------------------

/** '3' → 300, '6.5' → 650 (basis points; the contract allows 2 decimals). */
const bpOf = (rate: string) => {
  const [a = '0', b = ''] = rate.split('.');
  return Number(a) * 100 + Number(b.padEnd(2, '0'));
};
const rateOf = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

const contentOut = (c: typeof invoiceContents.$inferSelect) => ({
  id: c.id,
  name: c.name,
  taxCode: c.taxCode,
  taxRate: rateOf(c.taxRateBp),
  validstatus: c.validstatus,
  remark: c.remark,
  updatedAt: c.updatedAt.toISOString(),
  version: c.version,
});

async function assertNameFree(tx: DbOrTx, name: string, id?: number) {
  const [other] = await tx
    .select({ id: invoiceContents.id })
    .from(invoiceContents)
    .where(eq(invoiceContents.name, name));
  if (other && other.id !== id) throw conflict(`开票内容“${name}”已存在 / “${name}” exists already`, 'name');
}

export async function contentPage(
  deps: AppDeps,
  q: { pageIdx: number; pageSize: number; name?: string | undefined; validstatus?: 0 | 1 | undefined },
) {
  const w = and(
    q.name ? ilike(invoiceContents.name, `%${q.name.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    q.validstatus !== undefined ? eq(invoiceContents.validstatus, q.validstatus) : undefined,
  );
  const rows = await deps.db
    .select()
    .from(invoiceContents)
    .where(w)
    .orderBy(desc(invoiceContents.validstatus), invoiceContents.name)
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(invoiceContents)
    .where(w);
  return { list: rows.map(contentOut), total: n?.n ?? 0, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function contentById(deps: AppDeps, id: number) {
  const [c] = await deps.db.select().from(invoiceContents).where(eq(invoiceContents.id, id));
  if (!c) throw notFound(CONTENT);
  return contentOut(c);
}

export async function contentCreate(deps: AppDeps, u: AuthUser, input: TInvoiceContentInput) {
  const b = InvoiceContentInput.parse(input);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await assertNameFree(tx, b.name);
    const [r] = await tx
      .insert(invoiceContents)
      .values({
        name: b.name,
        taxCode: b.taxCode,
        taxRateBp: bpOf(b.taxRate),
        validstatus: b.validstatus,
        remark: b.remark,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: invoiceContents.id });
    const id = must(r, 'invoice content').id;
    await writeAudit(tx, {
      action: 'invoiceContent.create',
      target: `invoice_contents:${id}`,
      detail: b,
      userId: u.id,
      username: u.username,
      at: now,
    });
    return { id };
  });
}

export async function contentUpdate(deps: AppDeps, u: AuthUser, b: z.output<typeof InvoiceContentUpdate>) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const c = await lockOne(
      tx.select().from(invoiceContents).where(eq(invoiceContents.id, b.id)),
      CONTENT,
      'id',
    );
    if (c.version !== b.version) throw staleVersion();
    await assertNameFree(tx, b.name, c.id);
    const saved = await updateVersioned(tx, invoiceContents, {
      where: eq(invoiceContents.id, c.id),
      version: undefined,
      set: {
        name: b.name,
        taxCode: b.taxCode,
        taxRateBp: bpOf(b.taxRate),
        validstatus: b.validstatus,
        remark: b.remark,
      },
      at: now,
    });
    await writeAudit(tx, {
      action: 'invoiceContent.update',
      target: `invoice_contents:${c.id}`,
      detail: b,
      userId: u.id,
      username: u.username,
      at: now,
    });
    return { id: c.id, version: saved.version };
  });
}

// ---- invoices --------------------------------------------------------------------------------------

const base = (tx: DbOrTx) =>
  tx
    .select({
      x: invoices,
      studentName: students.name,
      studentCode: students.code,
      orderCode: orders.code,
      schoolItemName: schoolItems.name,
      requestedByName: users.name,
    })
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(schoolItems, eq(schoolItems.code, invoices.schoolItemCode))
    .leftJoin(users, eq(users.id, invoices.createdBy));
type Joined = Awaited<ReturnType<typeof base>>[number];

const toRow = (j: Joined) => ({
  id: j.x.id,
  code: j.x.code,
  studentId: j.x.studentId,
  studentName: j.studentName,
  studentCode: j.studentCode,
  orderId: j.x.orderId,
  orderCode: j.orderCode,
  schoolItemCode: j.x.schoolItemCode,
  schoolItemName: j.schoolItemName,
  contentName: j.x.contentName,
  taxRate: rateOf(j.x.taxRateBp),
  amount: fromCents(j.x.amountCents),
  taxAmount: fromCents(j.x.taxCents),
  buyerType: j.x.buyerType,
  buyerName: j.x.buyerName,
  buyerTaxNo: j.x.buyerTaxNo,
  email: j.x.email,
  status: j.x.status,
  invoiceNo: j.x.invoiceNo,
  issuedAt: j.x.issuedAt?.toISOString() ?? null,
  failReason: j.x.failReason,
  reversesId: j.x.reversesId,
  requestedByName: j.requestedByName,
  createdAt: j.x.createdAt.toISOString(),
});

async function rowOf(tx: DbOrTx, id: number) {
  const [j] = await base(tx).where(eq(invoices.id, id));
  return toRow(must(j, 'invoice'));
}

async function ownInvoice(tx: DbOrTx, u: AuthUser, id: number) {
  const [x] = await tx.select().from(invoices).where(eq(invoices.id, id));
  if (!x) throw notFound(INVOICE);
  assertCampus(u, x.schoolItemCode);
  return x;
}

type Filter = z.output<typeof InvoiceFilter> & { pageIdx: number; pageSize: number };

export async function invoicePage(deps: AppDeps, u: AuthUser, q: Filter) {
  if (q.schoolItemCode) assertCampus(u, q.schoolItemCode);
  const scope = campusScope(u);
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%` : null;
  const w: SQL | undefined = and(
    scope ? inArray(invoices.schoolItemCode, scope.length ? scope : ['']) : undefined,
    q.schoolItemCode ? eq(invoices.schoolItemCode, q.schoolItemCode) : undefined,
    q.status !== undefined ? eq(invoices.status, q.status) : undefined,
    q.stuId ? eq(invoices.studentId, q.stuId) : undefined,
    q.orderId ? eq(invoices.orderId, q.orderId) : undefined,
    like
      ? or(
          ilike(students.name, like),
          eq(students.code, q.keyword ?? ''),
          eq(invoices.code, q.keyword ?? ''),
          ilike(invoices.buyerName, like),
          eq(orders.code, q.keyword ?? ''),
        )
      : undefined,
  );
  const rows = await base(deps.db)
    .where(w)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(w);
  return { list: rows.map(toRow), total: n?.n ?? 0, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

/** What the live invoices of each order hold, by order id. */
async function invoicedByOrder(tx: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, number>();
  const rows = await tx
    .select({
      orderId: invoices.orderId,
      cents: sql<number>`coalesce(sum(${invoices.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(invoices)
    .where(
      and(inArray(invoices.orderId, orderIds), inArray(invoices.status, LIVE), isNull(invoices.reversesId)),
    )
    .groupBy(invoices.orderId);
  return new Map(rows.map((r) => [r.orderId, r.cents]));
}

/** GET /invoice/order?stuId: the student's orders with paid money, by what is invoiced and what is left. */
export async function invoiceableOrders(deps: AppDeps, u: AuthUser, studentId: number) {
  const [s] = await deps.db.select().from(students).where(eq(students.id, studentId));
  if (!s || s.status === STUDENT_STATUS.deleted) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  const os = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.studentId, s.id), sql`${orders.paidCents} > 0`))
    .orderBy(desc(orders.id));
  const held = await invoicedByOrder(
    deps.db,
    os.map((o) => o.id),
  );
  return os
    .filter((o) => (u.allScope ? true : u.schoolItems.includes(o.schoolItemCode)))
    .map((o) => {
      const invoiced = held.get(o.id) ?? 0;
      return {
        orderId: o.id,
        orderCode: o.code,
        status: o.status,
        payable: fromCents(o.payableCents),
        paid: fromCents(o.paidCents),
        invoiced: fromCents(invoiced),
        available: fromCents(Math.max(0, o.paidCents - invoiced)),
      };
    });
}

/** The tax within a tax-included amount, rounded half up to the cent, in integers only. */
export function taxWithin(amountCents: number, bp: number): number {
  const d = 10000 + bp;
  return Math.floor((2 * amountCents * bp + d) / (2 * d));
}

/** POST /invoice/insert */
export async function requestInvoice(deps: AppDeps, u: AuthUser, input: TInvoiceInput) {
  const b = InvoiceInput.parse(input);
  const amountCents = Number(toCents(b.amount) ?? 0n);
  if (amountCents <= 0) throw badInput('amount', 'amount: 开票金额须大于0 / the amount must be above 0');
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    // The order row is the lock every request of it takes before summing its live invoices.
    const o = await lockOne(
      tx.select().from(orders).where(eq(orders.id, b.orderId)),
      '订单 / order',
      'orderId',
    );
    assertCampus(u, o.schoolItemCode);
    // An invoice is dated the day it is requested (and issued): never in a sealed month.
    await assertOpenAt(tx, now, INVOICES);
    const [c] = await tx.select().from(invoiceContents).where(eq(invoiceContents.id, b.contentId));
    if (!c || c.validstatus !== 1)
      throw badInput('contentId', `contentId: ${CONTENT}不存在或已停用 / not found or disabled`);
    const held = (await invoicedByOrder(tx, [o.id])).get(o.id) ?? 0;
    const available = o.paidCents - held;
    if (amountCents > available)
      throw ruleViolation(
        `开票金额超过订单${o.code}已付未开票金额 ¥${fromCents(Math.max(0, available))} / the amount is above what was paid and not yet invoiced on ${o.code} (¥${fromCents(Math.max(0, available))})`,
        'amount',
      );
    const { id: newId, code } = await nextNumbered(tx, invoices, { prefix: 'FP', digits: 10 });
    await tx.insert(invoices).values({
      id: newId,
      code,
      studentId: o.studentId,
      orderId: o.id,
      schoolItemCode: o.schoolItemCode,
      contentId: c.id,
      contentName: c.name,
      taxCode: c.taxCode,
      taxRateBp: c.taxRateBp,
      amountCents,
      taxCents: taxWithin(amountCents, c.taxRateBp),
      buyerType: b.buyerType,
      buyerName: b.buyerName,
      buyerTaxNo: b.buyerType === 2 ? b.buyerTaxNo : '',
      email: b.email,
      remark: b.remark,
      createdBy: u.id,
      createdAt: now,
      updatedAt: now,
    });
    await writeAudit(tx, {
      action: 'invoice.request',
      target: `invoices:${code}`,
      detail: { orderId: o.id, amountCents },
      userId: u.id,
      username: u.username,
      at: now,
    });
    return newId;
  });
  return rowOf(deps.db, id);
}

/** POST /invoice/cancel: only a request nobody sent yet. */
export async function cancelInvoice(deps: AppDeps, u: AuthUser, id: number) {
  await deps.db.transaction(async (tx) => {
    const x = await lockOne(tx.select().from(invoices).where(eq(invoices.id, id)), INVOICE);
    assertCampus(u, x.schoolItemCode);
    if (x.status !== INV.requested)
      throw ruleViolation(
        '只能取消未提交开票的申请 / only a request not yet sent can be cancelled',
        'invoiceId',
      );
    await assertOpenAt(tx, x.createdAt, INVOICES);
    await tx
      .update(invoices)
      .set({ status: INV.cancelled, updatedAt: deps.now() })
      .where(eq(invoices.id, id));
  });
  return rowOf(deps.db, id);
}

/**
 * POST /invoice/reverse (红冲): a red invoice of the same amount and tax, negative, is written as
 * issuing and sent to the provider naming the issued one; the original stays issued until the
 * provider answers that the red invoice exists (then it is reversed), like any issue (detail asks).
 * Refused with 503 when the provider is not configured, as issuing is.
 */
export async function reverseInvoice(deps: AppDeps, u: AuthUser, id: number, reason: string) {
  const cl = cmbInvoice(deps.config);
  const now = deps.now();
  const { red, original } = await deps.db.transaction(async (tx) => {
    const x = await lockOne(tx.select().from(invoices).where(eq(invoices.id, id)), INVOICE);
    assertCampus(u, x.schoolItemCode);
    if (x.status === INV.reversed)
      throw conflict(`发票${x.code}已红冲 / invoice ${x.code} was reversed already`, 'invoiceId');
    if (x.status !== INV.issued || x.reversesId !== null)
      throw ruleViolation('只能红冲已开具的发票 / only an issued invoice can be reversed', 'invoiceId');
    // The red invoice is dated now and names what it corrects (reversesId): an invoice of a sealed
    // month is corrected in the open one.
    await assertOpenAt(tx, now, INVOICES);
    const [pending] = await tx
      .select({ code: invoices.code })
      .from(invoices)
      .where(and(eq(invoices.reversesId, x.id), eq(invoices.status, INV.issuing)));
    if (pending)
      throw conflict(
        `发票${x.code}的红字发票${pending.code}开具中 / the red invoice ${pending.code} of ${x.code} is being issued`,
        'invoiceId',
      );
    const { id: newId, code } = await nextNumbered(tx, invoices, { prefix: 'FP', digits: 10 });
    const row = {
      id: newId,
      code,
      studentId: x.studentId,
      orderId: x.orderId,
      schoolItemCode: x.schoolItemCode,
      contentId: x.contentId,
      contentName: x.contentName,
      taxCode: x.taxCode,
      taxRateBp: x.taxRateBp,
      amountCents: -x.amountCents,
      taxCents: -x.taxCents,
      buyerType: x.buyerType,
      buyerName: x.buyerName,
      buyerTaxNo: x.buyerTaxNo,
      email: x.email,
      remark: reason,
      status: INV.issuing,
      reversesId: x.id,
      createdBy: u.id,
      createdAt: now,
      updatedAt: now,
    };
    await tx.insert(invoices).values(row);
    await writeAudit(tx, {
      action: 'invoice.reverse',
      target: `invoices:${x.code}`,
      detail: { red: code, amountCents: x.amountCents, reason },
      userId: u.id,
      username: u.username,
      at: now,
    });
    return { red: row, original: x };
  });
  try {
    await issueRed(
      cl,
      {
        serialNo: red.code,
        original: {
          serialNo: original.code,
          invoiceNo: original.invoiceNo ?? '',
          invoiceCode: original.invoiceCode ?? '',
        },
        reason,
        item: {
          name: red.contentName,
          taxCode: red.taxCode,
          taxRate: String(red.taxRateBp / 10000),
          amount: fromCents(red.amountCents),
          taxAmount: fromCents(red.taxCents),
        },
      },
      deps.now,
    );
  } catch (e) {
    // Not accepted: the red invoice failed with the reason; the original stays issued, so the
    // reversal may be asked again (a new red invoice: a serial the provider refused is not reused).
    const why = e instanceof Error ? e.message : String(e);
    await deps.db
      .update(invoices)
      .set({ status: INV.failed, failReason: why.slice(0, 500), updatedAt: deps.now() })
      .where(and(eq(invoices.id, red.id), eq(invoices.status, INV.issuing)));
    throw e;
  }
  return rowOf(deps.db, red.id);
}

/** POST /cmbInvoice/create: requested → issuing, then the provider is asked; a refusal puts it back. */
export async function sendToProvider(deps: AppDeps, u: AuthUser, id: number) {
  const cl = cmbInvoice(deps.config);
  const x = await deps.db.transaction(async (tx) => {
    const row = await lockOne(tx.select().from(invoices).where(eq(invoices.id, id)), INVOICE);
    assertCampus(u, row.schoolItemCode);
    if (row.status !== INV.requested)
      throw conflict(
        `发票${row.code}已提交或已结束 / invoice ${row.code} was sent or is closed`,
        'invoiceId',
      );
    await assertOpenAt(tx, deps.now(), INVOICES);
    await tx.update(invoices).set({ status: INV.issuing, updatedAt: deps.now() }).where(eq(invoices.id, id));
    await writeAudit(tx, {
      action: 'invoice.send',
      target: `invoices:${row.code}`,
      detail: {},
      userId: u.id,
      username: u.username,
      at: deps.now(),
    });
    return row;
  });
  try {
    await issue(
      cl,
      {
        serialNo: x.code,
        buyerType: x.buyerType,
        buyerName: x.buyerName,
        buyerTaxNo: x.buyerTaxNo,
        email: x.email,
        remark: x.remark,
        item: {
          name: x.contentName,
          taxCode: x.taxCode,
          taxRate: String(x.taxRateBp / 10000),
          amount: fromCents(x.amountCents),
          taxAmount: fromCents(x.taxCents),
        },
      },
      deps.now,
    );
  } catch (e) {
    // Not accepted: back to requested, so it can be sent again (the same serial number).
    await deps.db
      .update(invoices)
      .set({ status: INV.requested, updatedAt: deps.now() })
      .where(and(eq(invoices.id, id), eq(invoices.status, INV.issuing)));
    throw e;
  }
  return rowOf(deps.db, id);
}

/** Records the provider's answer for an issuing invoice once; a red one reverses its original. */
async function recordResult(deps: AppDeps, x: typeof invoices.$inferSelect, r: IssueResult) {
  if (r.state === 'processing') return;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const still = and(eq(invoices.id, x.id), eq(invoices.status, INV.issuing));
    if (r.state === 'failed') {
      await tx
        .update(invoices)
        .set({ status: INV.failed, failReason: r.reason.slice(0, 500), updatedAt: now })
        .where(still);
      return;
    }
    const done = await tx
      .update(invoices)
      .set({
        status: x.reversesId === null ? INV.issued : INV.red,
        invoiceNo: r.invoiceNo,
        invoiceCode: r.invoiceCode,
        pdfUrl: r.pdfUrl,
        issuedAt: r.issuedAt,
        updatedAt: now,
      })
      .where(still)
      .returning({ id: invoices.id });
    // Only the request that moved the red invoice reverses the original (two readers may race).
    if (done.length && x.reversesId !== null)
      await tx
        .update(invoices)
        .set({ status: INV.reversed, updatedAt: now })
        .where(and(eq(invoices.id, x.reversesId), eq(invoices.status, INV.issued)));
  });
}

/** GET /invoice/detail: an issuing invoice (blue or red) asks the provider for its result first. */
export async function invoiceDetail(deps: AppDeps, u: AuthUser, id: number) {
  const x = await ownInvoice(deps.db, u, id);
  if (x.status === INV.issuing) {
    try {
      const colour = x.reversesId === null ? 'blue' : 'red';
      await recordResult(deps, x, await query(cmbInvoice(deps.config), x.code, deps.now, colour));
    } catch (e) {
      // The provider unreachable or not configured: the invoice is shown as it stands, still issuing.
      if (!(e instanceof AppError && e.httpStatus === 503)) throw e;
    }
  }
  return rowOf(deps.db, id);
}

/** GET /invoice/pdfUrl */
export async function invoicePdfUrl(deps: AppDeps, u: AuthUser, id: number) {
  const x = await ownInvoice(deps.db, u, id);
  // A reversed invoice keeps its PDF, and a red one has its own.
  if (![INV.issued, INV.reversed, INV.red].some((st) => st === x.status) || !x.pdfUrl)
    throw ruleViolation('发票尚未开具 / the invoice is not issued yet', 'invoiceId');
  return { url: x.pdfUrl };
}
