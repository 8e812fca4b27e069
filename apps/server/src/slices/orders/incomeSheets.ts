// Income sheets, the §7 `iis` group (收款收据): the receipt a campus issues for money one payer of an
// order paid (docs/decisions.md "Money core"). A sheet never covers more than the payer's records
// not rejected or void, less the payer's other sheets not cancelled; the order row is locked while
// that is checked, so two clerks issuing at once cannot both pass.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toChineseCurrency, fromCents, centsOf } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { nextNumbered } from '../../db/numbering.js';
import type { AuthUser } from '../../http/auth.js';
import { badInput, notFound, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { checkVersion } from '../../shared/stateMachine.js';
import { schoolItems, settlementOrgs, users } from '../../db/schema.js';
import { q100ToNumber, toQ100 } from '../ledger/index.js';
import { students } from '../students/index.js';
import { PAY_LIVE, loadOrder, type OrderRecord } from './common.js';
import { incomeSheets, orderItems, orders, payRecords, type IncomeSheetLineRecord } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

export const SHEET_ISSUED = 10;
export const SHEET_CANCELLED = 90;
type Payer = 'family' | 'funder';
type SheetRecord = typeof incomeSheets.$inferSelect;

async function orderByCode(tx: DbOrTx, u: AuthUser, code: string): Promise<OrderRecord> {
  const [o] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.code, code));
  if (!o) throw notFound('订单 / order');
  return loadOrder(tx, u, o.id);
}

async function linesOf(tx: DbOrTx, orderId: number): Promise<IncomeSheetLineRecord[]> {
  const rows = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  return rows.map((i) => ({
    courseName: i.courseName,
    unit: i.unit,
    quantity100: toQ100(i.quantity),
    gift100: toQ100(i.giftQuantity),
    amountCents: i.amountCents,
  }));
}

/** What a payer paid (records not rejected or void) and what its sheets not cancelled cover, except one. */
async function payerSums(tx: DbOrTx, o: OrderRecord, payer: Payer, exceptSheet?: number) {
  const [paid] = await tx
    .select({ cents: sql<string>`coalesce(sum(${payRecords.amountCents}), 0)::text` })
    .from(payRecords)
    .where(
      and(eq(payRecords.orderId, o.id), eq(payRecords.payer, payer), inArray(payRecords.status, PAY_LIVE)),
    );
  const [issued] = await tx
    .select({ cents: sql<string>`coalesce(sum(${incomeSheets.amountCents}), 0)::text` })
    .from(incomeSheets)
    .where(
      and(
        eq(incomeSheets.orderId, o.id),
        eq(incomeSheets.payer, payer),
        eq(incomeSheets.status, SHEET_ISSUED),
        exceptSheet ? ne(incomeSheets.id, exceptSheet) : undefined,
      ),
    );
  const received = Number(paid?.cents ?? 0);
  const covered = Number(issued?.cents ?? 0);
  return { received, issued: covered, issuable: Math.max(received - covered, 0) };
}

/** The name a payer's sheet is made out to by default: the student's parent (else the student), or the funder. */
async function defaultTitle(tx: DbOrTx, o: OrderRecord, payer: Payer): Promise<string> {
  if (payer === 'funder') {
    const [f] = o.funderCode
      ? await tx
          .select({ name: settlementOrgs.name })
          .from(settlementOrgs)
          .where(eq(settlementOrgs.code, o.funderCode))
      : [];
    return f?.name ?? o.funderCode ?? '';
  }
  const [s] = await tx
    .select({ name: students.name, parentName: students.parentName })
    .from(students)
    .where(eq(students.id, o.studentId));
  return s?.parentName || s?.name || '';
}

const payersOf = (o: OrderRecord): Payer[] => (o.funderCents > 0 ? ['family', 'funder'] : ['family']);

const lineOut = (l: IncomeSheetLineRecord) => ({
  courseName: l.courseName,
  unit: l.unit,
  quantity: q100ToNumber(l.quantity100),
  giftQuantity: q100ToNumber(l.gift100),
  amount: fromCents(l.amountCents),
});

/** The prefill of a new sheet: the order, its lines and each payer's default title and issuable amount. */
export async function sheetBase(deps: AppDeps, u: AuthUser, orderCode: string) {
  const o = await orderByCode(deps.db, u, orderCode);
  const [x] = await deps.db
    .select({ code: students.code, name: students.name, campus: schoolItems.name })
    .from(students)
    .leftJoin(schoolItems, eq(schoolItems.code, o.schoolItemCode))
    .where(eq(students.id, o.studentId));
  const payers = [];
  for (const payer of payersOf(o)) {
    const s = await payerSums(deps.db, o, payer);
    payers.push({
      payer,
      title: await defaultTitle(deps.db, o, payer),
      received: fromCents(s.received),
      issued: fromCents(s.issued),
      issuable: fromCents(s.issuable),
    });
  }
  return {
    orderId: o.id,
    orderCode: o.code,
    orderStatus: o.status,
    studentCode: x?.code ?? '',
    studentName: x?.name ?? '',
    schoolItemCode: o.schoolItemCode,
    schoolItemName: x?.campus ?? null,
    payable: fromCents(o.payableCents),
    lines: (await linesOf(deps.db, o.id)).map(lineOut),
    payers,
  };
}

const issuer = alias(users, 'sheet_issuer');
const canceller = alias(users, 'sheet_canceller');
const sheetQuery = (tx: DbOrTx) =>
  tx
    .select({
      s: incomeSheets,
      orderCode: orders.code,
      issuedByName: issuer.name,
      cancelledByName: canceller.name,
    })
    .from(incomeSheets)
    .innerJoin(orders, eq(orders.id, incomeSheets.orderId))
    .leftJoin(issuer, eq(issuer.id, incomeSheets.issuedBy))
    .leftJoin(canceller, eq(canceller.id, incomeSheets.cancelledBy));

function sheetOut(x: {
  s: SheetRecord;
  orderCode: string;
  issuedByName: string | null;
  cancelledByName: string | null;
}) {
  const s = x.s;
  return {
    id: s.id,
    code: s.code,
    orderId: s.orderId,
    orderCode: x.orderCode,
    payer: s.payer as Payer,
    title: s.title,
    amount: fromCents(s.amountCents),
    amountInWords: toChineseCurrency(fromCents(s.amountCents)),
    lines: s.lines.map(lineOut),
    remark: s.remark,
    status: s.status,
    issuedAt: s.issuedAt.toISOString(),
    issuedByName: x.issuedByName,
    syncedAt: s.syncedAt ? s.syncedAt.toISOString() : null,
    cancelledAt: s.cancelledAt ? s.cancelledAt.toISOString() : null,
    cancelledByName: x.cancelledByName,
    cancelReason: s.cancelReason,
    version: s.version,
  };
}

async function sheetById(tx: DbOrTx, id: number) {
  const [x] = await sheetQuery(tx).where(eq(incomeSheets.id, id));
  return sheetOut(must(x, 'income sheet'));
}

/** The sheets of an order, newest first. */
export async function sheetList(deps: AppDeps, u: AuthUser, orderCode: string) {
  const o = await orderByCode(deps.db, u, orderCode);
  const rows = await sheetQuery(deps.db)
    .where(eq(incomeSheets.orderId, o.id))
    .orderBy(desc(incomeSheets.issuedAt), desc(incomeSheets.id));
  return rows.map(sheetOut);
}

function overIssued(payer: Payer, issuable: number): never {
  const left = fromCents(issuable);
  throw ruleViolation(
    `amount: 收据金额超过${payer === 'family' ? '家庭' : '资助方'}已付未开金额 ¥${left} / the amount exceeds what the ${payer} paid that no sheet covers yet (¥${left})`,
    'amount',
  );
}

/** Issues a sheet for money the payer paid, numbered through the sheet sequence, audited. */
export async function issueSheet(
  deps: AppDeps,
  u: AuthUser,
  b: {
    orderId: number;
    payer: Payer;
    amount?: string | undefined;
    title?: string | undefined;
    remark: string;
  },
  ip: string,
) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const o = await loadOrder(tx, u, b.orderId, true, 'orderId');
    if (b.payer === 'funder' && !o.funderCents)
      throw badInput('payer', 'payer: 该订单没有资助方分摊 / the order has no funder share');
    const { issuable } = await payerSums(tx, o, b.payer);
    const amountCents = b.amount === undefined ? issuable : centsOf(b.amount);
    if (amountCents <= 0) {
      if (b.amount !== undefined)
        throw badInput('amount', 'amount: 收据金额须大于0 / the amount must be above 0');
      throw ruleViolation('amount: 没有可开收据的已付金额 / nothing paid is left without a sheet', 'amount');
    }
    if (amountCents > issuable) overIssued(b.payer, issuable);
    const { id, code } = await nextNumbered(tx, incomeSheets, { prefix: 'SJ', digits: 10 });
    await tx.insert(incomeSheets).values({
      id,
      code,
      orderId: o.id,
      schoolItemCode: o.schoolItemCode,
      payer: b.payer,
      title: b.title || (await defaultTitle(tx, o, b.payer)),
      amountCents,
      lines: await linesOf(tx, o.id),
      remark: b.remark,
      status: SHEET_ISSUED,
      issuedBy: u.id,
      issuedAt: at,
    });
    await writeAudit(tx, {
      action: 'order.sheetIssue',
      target: `income_sheets:${code}`,
      detail: { order: o.code, payer: b.payer, cents: amountCents },
      userId: u.id,
      username: u.username,
      ip,
      at,
    });
    return sheetById(tx, id);
  });
}

/** Loads a sheet for a command, locked, after its order (the order first, as every issue does). */
async function lockSheet(tx: DbOrTx, u: AuthUser, code: string) {
  const [head] = await tx
    .select({ orderId: incomeSheets.orderId })
    .from(incomeSheets)
    .where(eq(incomeSheets.code, code));
  if (!head) throw notFound('收据 / income sheet');
  const o = await loadOrder(tx, u, head.orderId, true);
  const [s] = await tx.select().from(incomeSheets).where(eq(incomeSheets.code, code)).for('update');
  return { o, s: must(s, 'income sheet') };
}

const notIssued = () => ruleViolation('收据已作废 / the income sheet is already cancelled', 'code');

/** Cancels an issued sheet with a reason; the number stays used and the row listed. */
export async function cancelSheet(
  deps: AppDeps,
  u: AuthUser,
  q: { code: string; reason: string; version?: number | undefined },
  ip: string,
) {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const { o, s } = await lockSheet(tx, u, q.code);
    checkVersion(s.version, q.version);
    if (s.status !== SHEET_ISSUED) throw notIssued();
    await updateVersioned(tx, incomeSheets, {
      where: eq(incomeSheets.id, s.id),
      version: s.version,
      set: { status: SHEET_CANCELLED, cancelledBy: u.id, cancelledAt: at, cancelReason: q.reason },
    });
    await writeAudit(tx, {
      action: 'order.sheetCancel',
      target: `income_sheets:${s.code}`,
      detail: { order: o.code, cents: s.amountCents, reason: q.reason },
      userId: u.id,
      username: u.username,
      ip,
      at,
    });
  });
}

/**
 * Re-derives an issued sheet from its order as it is now: the lines as the order has them, and the
 * amount lowered to what the payer's live records still cover beside its other sheets (a pay record
 * rejected or voided since). Nothing left → 422: the sheet must be cancelled instead.
 */
export async function syncSheet(deps: AppDeps, u: AuthUser, code: string, ip: string) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const { o, s } = await lockSheet(tx, u, code);
    if (s.status !== SHEET_ISSUED) throw notIssued();
    const payer = s.payer as Payer;
    const { issuable } = await payerSums(tx, o, payer, s.id);
    if (issuable <= 0)
      throw ruleViolation(
        '订单已无该付款方的有效付款，请作废此收据 / the payer has no live payment left on the order: cancel the sheet instead',
        'code',
      );
    const amountCents = Math.min(s.amountCents, issuable);
    await updateVersioned(tx, incomeSheets, {
      where: eq(incomeSheets.id, s.id),
      version: s.version,
      set: { amountCents, lines: await linesOf(tx, o.id), syncedAt: at },
    });
    await writeAudit(tx, {
      action: 'order.sheetSync',
      target: `income_sheets:${s.code}`,
      detail: { order: o.code, from: s.amountCents, to: amountCents },
      userId: u.id,
      username: u.username,
      ip,
      at,
    });
    return sheetById(tx, s.id);
  });
}
