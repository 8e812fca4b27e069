// The CLI batch import of legacy orders with their payments (sdk-cli import orders): every row is
// checked and written inside one transaction, which is rolled back on any row error or on a dry
// run — so a dry run counts exactly what the import then writes, and nothing is ever half-written.
// A legacy number imported before is skipped (a re-run creates nothing twice).
import { centsOf } from '@bo/domain';
import type { contract } from '@bo/api-sdk';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import type { PricingPort } from '../pricing/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { post } from '../ledger/index.js';
import { assertOpenAt } from '../sealing/index.js';
import { DELETED, students } from '../students/index.js';
import { purchaseMovements } from './approval.js';
import { PAY_CONFIRMED, PAY_LIVE, quoteLines, writeLines } from './common.js';
import { insertOrder } from './service.js';
import { orders, payRecords } from './tables.js';

type Body = z.output<NonNullable<(typeof contract.orders)['importRows']['body']>>;
type Row = Body['rows'][number];
type RowError = { row: number; column: string; reason: string };

const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,8}(\.\d{1,2})?$/;
const METHODS: Record<string, number> = {
  '1': 1,
  现金: 1,
  cash: 1,
  '2': 2,
  银行转账: 2,
  转账: 2,
  bank: 2,
  '3': 3,
  pos: 3,
  刷卡: 3,
  '4': 4,
  线上: 4,
  online: 4,
};
/** §9 types a legacy order may have; a clue payment (4) is made from a clue, not imported. */
const TYPES = new Set([0, 1, 3, 5]);

const text = (v: unknown) => String(v ?? '').trim();

/** Thrown to roll the batch back after a dry run or a row error. */
class Rollback extends Error {}

export async function importOrderRows(deps: AppDeps, u: AuthUser, b: Body, ip: string) {
  const now = deps.now();
  const errors: RowError[] = [];
  const duplicates: Array<{ row: number; owner: string }> = [];
  let created = 0;
  const run = async (tx: DbOrTx) => {
    const seenLegacy = new Map<string, number>();
    const seenRefs = new Set<string>();
    for (const [i, r] of b.rows.entries()) {
      const row = i + 1;
      const before = errors.length;
      const err = (column: string, reason: string) => errors.push({ row, column, reason });
      const legacy = text(r.legacyCode);
      if (!legacy) {
        err('legacyCode', '必填 / required');
        continue;
      }
      const earlier = seenLegacy.get(legacy);
      if (earlier) {
        err('legacyCode', `与第${earlier}行重复 / repeats row ${earlier}`);
        continue;
      }
      seenLegacy.set(legacy, row);
      const [done] = await tx.select({ code: orders.code }).from(orders).where(eq(orders.legacyCode, legacy));
      if (done) {
        duplicates.push({ row, owner: done.code });
        continue;
      }
      await importOne(deps.ports.pricing, tx, u, r, legacy, err, () => errors.length > before, seenRefs, now);
      if (errors.length === before) created += 1;
    }
    if (errors.length || b.dryRun) throw new Rollback();
    await writeAudit(tx, {
      action: 'order.import',
      target: 'orders',
      detail: { created, skipped: duplicates.length },
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
  };
  try {
    await deps.db.transaction(run);
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  const total = b.rows.length;
  if (errors.length) return { total, created: 0, skipped: total, errors, duplicates };
  return { total, created, skipped: duplicates.length, errors, duplicates };
}

async function importOne(
  pricing: PricingPort,
  tx: DbOrTx,
  u: AuthUser,
  r: Row,
  legacy: string,
  err: (column: string, reason: string) => void,
  failed: () => boolean,
  seenRefs: Set<string>,
  now: Date,
) {
  const campus = text(r.schoolItemCode);
  if (!campus) err('schoolItemCode', '必填 / required');
  else if (!u.allScope && !u.schoolItems.includes(campus))
    err('schoolItemCode', '校区不在您的范围内 / campus outside your scope');
  const student = await findStudent(tx, r, err);
  if (student && campus && student.schoolItemCode !== campus)
    err(
      'schoolItemCode',
      `学员所在校区为 ${student.schoolItemCode} / the student belongs to ${student.schoolItemCode}`,
    );
  const typeText = text(r.orderType);
  const orderType = typeText === '' ? 0 : Number(typeText);
  if (!TYPES.has(orderType)) err('orderType', '0 续费, 1 新签, 3 插班, 5 代收代付 / 0, 1, 3 or 5');
  const q = text(r.quantity);
  if (!QUANTITY.test(q) || Number(q) <= 0)
    err('quantity', '大于0，最多两位小数 / above 0, at most 2 decimals');
  const g = text(r.giftQuantity) || '0';
  if (!QUANTITY.test(g)) err('giftQuantity', '最多两位小数 / at most 2 decimals');
  const amount = text(r.amount);
  if (!MONEY.test(amount)) err('amount', '金额，最多两位小数 / an amount with at most 2 decimals');
  const paidText = text(r.paidAmount) || '0';
  if (!MONEY.test(paidText)) err('paidAmount', '金额，最多两位小数 / an amount with at most 2 decimals');
  const paidCents = MONEY.test(paidText) ? centsOf(paidText) : 0;
  const method = METHODS[text(r.payMethod).toLowerCase()];
  const paidAtText = text(r.paidAt);
  const paidAt = paidAtText
    ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(paidAtText) ? `${paidAtText}T00:00:00+08:00` : paidAtText)
    : null;
  const reference = text(r.reference) || null;
  if (paidCents > 0) {
    if (!method) err('payMethod', '1 现金, 2 银行转账, 3 POS, 4 线上 / 1 cash, 2 bank, 3 POS, 4 online');
    if (!paidAt || Number.isNaN(paidAt.getTime())) err('paidAt', '付款日期 YYYY-MM-DD / the payment date');
    else if (paidAt.getTime() > now.getTime()) err('paidAt', '付款日期不能晚于今天 / not in the future');
    // A historical payment may be of any day, but never of a sealed month (its income is closed).
    else
      await assertOpenAt(tx, paidAt, '付款记录 / pay records', 'paidAt').catch((e: unknown) => {
        if (!(e instanceof AppError)) throw e;
        err('paidAt', e.message);
      });
    if (reference && method) {
      const key = `${method}:${reference}`;
      const [taken] = await tx
        .select({ id: payRecords.id })
        .from(payRecords)
        .where(
          and(
            eq(payRecords.method, method),
            eq(payRecords.reference, reference),
            inArray(payRecords.status, PAY_LIVE),
          ),
        );
      if (taken || seenRefs.has(key)) err('reference', `流水号 ${reference} 已登记 / already recorded`);
      seenRefs.add(key);
    }
  }
  if (
    !student ||
    !campus ||
    !TYPES.has(orderType) ||
    !QUANTITY.test(q) ||
    !QUANTITY.test(g) ||
    !MONEY.test(amount)
  )
    return;
  const lines = {
    orderType,
    items: [{ courseCode: text(r.courseCode), quantity: Number(q), giftQuantity: Number(g) }],
  };
  let quote;
  // A historical order keeps the price of its file: list prices and the file's amount only, never
  // today's offers (a published discount or gift rule would reprice it; issue 33 §4).
  const historical = { skipOffers: true };
  try {
    const list = await quoteLines(pricing, tx, campus, student.id, lines, now, undefined, historical);
    const amountCents = centsOf(amount);
    if (amountCents > list.listCents) {
      err('amount', `超过标价 ¥${(list.listCents / 100).toFixed(2)} / above the list price`);
      return;
    }
    const discount = list.listCents - amountCents;
    quote = await quoteLines(
      pricing,
      tx,
      campus,
      student.id,
      {
        ...lines,
        manualDiscount: (discount / 100).toFixed(2),
      },
      now,
      undefined,
      historical,
    );
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    err(e.field?.startsWith('items') ? 'courseCode' : (e.field ?? 'courseCode'), e.message);
    return;
  }
  if (paidCents > quote.payableCents) {
    err('paidAmount', `超过应付 ¥${(quote.payableCents / 100).toFixed(2)} / above the payable`);
    return;
  }
  if (failed()) return;
  const effective = paidCents === quote.payableCents;
  const at = paidAt && paidCents > 0 ? paidAt : now;
  const o = await insertOrder(
    tx,
    { userId: u.id, username: u.username, at: now, ip: null },
    {
      orderType,
      status: effective ? 40 : paidCents > 0 ? 20 : 10,
      studentId: student.id,
      schoolItemCode: campus,
      listCents: quote.listCents,
      discountCents: quote.discountCents,
      payableCents: quote.payableCents,
      paidCents,
      familyCents: quote.payableCents,
      funderCents: 0,
      funderCode: null,
      manualDiscountCents: quote.listCents - quote.payableCents,
      remark: text(r.remark).slice(0, 500),
      effectiveAt: effective ? at : null,
      legacyCode: legacy,
    },
  );
  await writeLines(pricing, tx, o.id, quote);
  if (paidCents > 0)
    await tx.insert(payRecords).values({
      orderId: o.id,
      payer: 'family',
      method: method ?? 1,
      amountCents: paidCents,
      paidAt: at,
      reference,
      remark: `legacy ${legacy}`,
      status: PAY_CONFIRMED,
      createdBy: u.id,
      createdAt: now,
      updatedAt: now,
    });
  if (effective) await post(tx, await purchaseMovements(tx, o), { userId: u.id, at: now });
}

/** The student by code, or by name and phone; a deleted one is not found. */
async function findStudent(tx: DbOrTx, r: Row, err: (column: string, reason: string) => void) {
  const code = text(r.studentCode);
  const name = text(r.studentName);
  const phone = text(r.phone);
  if (!code && !(name && phone)) {
    err('studentCode', '学员编号，或学员姓名加手机号 / the student code, or the name and phone');
    return null;
  }
  const found = await tx
    .select({ id: students.id, schoolItemCode: students.schoolItemCode })
    .from(students)
    .where(
      and(
        code ? eq(students.code, code) : and(eq(students.name, name), eq(students.phone, phone)),
        ne(students.status, DELETED),
      ),
    )
    .limit(2);
  const [s, other] = found;
  if (!s) err(code ? 'studentCode' : 'studentName', '学员不存在 / no such student');
  else if (other)
    err('studentName', '同名同手机号的学员不止一个，请填学员编号 / several students match: give the code');
  return other ? null : (s ?? null);
}
