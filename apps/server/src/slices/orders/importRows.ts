// The CLI batch import of legacy orders with their payments (sdk-cli import orders) on the set-based
// import engine (shared/setImport.ts): the rows' own rules, then the lookups of the whole call in a few
// statements (legacy numbers, campuses, students, payment references, sealed days) and each row's price
// (rows alike share one quote); only a call without any error is written, in one transaction — so a
// dry run counts exactly what the import then writes, and nothing is ever half-written. A legacy
// number imported before (or an order's own number, from the export) is skipped before the row's
// other checks: a re-run creates nothing twice.
import type { contract } from '@bo/api-sdk';
import { and, inArray, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import type { PricingPort } from '../pricing/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { campusCheck, runSetImport, slices, type SetImportKind } from '../../shared/setImport.js';
import { centsOf, shanghaiDate, fromCents } from '@bo/domain';
import { post } from '../ledger/index.js';
import { assertOpenAt } from '../sealing/index.js';
import { DELETED, students } from '../students/index.js';
import { purchaseMovements } from './approval.js';
import { PAY_CONFIRMED, PAY_LIVE, quoteLines, writeLines } from './common.js';
import { insertOrder } from './service.js';
import type { Quote } from '../pricing/index.js';
import { must } from '../../shared/must.js';
import { orders, payRecords } from './tables.js';

type Body = z.output<NonNullable<(typeof contract.orders)['importRows']['body']>>;
type Row = Body['rows'][number];

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

interface Order {
  legacy: string;
  campus: string;
  code: string;
  name: string;
  phone: string;
  orderType: number;
  q: string;
  g: string;
  amount: string;
  paidCents: number;
  method: number | undefined;
  paidAt: Date | null;
  reference: string | null;
  remark: string;
  courseCode: string;
  /** Campus, type, quantities and amount are well formed: the row can be priced once its student is found. */
  priceable: boolean;
  /** Filled by the set checks: the student found, the row's price. */
  student: { id: number; schoolItemCode: string } | null;
  quote: Quote | null;
}

/** The order kind of the import engine, pricing through the app's pricing port. */
const orderKind = (pricing: PricingPort): SetImportKind<Row, Order> => ({
  audit: { action: 'order.import', target: 'orders' },
  check(r, err, { now }) {
    const legacy = text(r.legacyCode);
    if (!legacy) err('legacyCode', '必填 / required');
    const code = text(r.studentCode);
    const name = text(r.studentName);
    const phone = text(r.phone);
    if (!code && !(name && phone))
      err('studentCode', '学员编号，或学员姓名加手机号 / the student code, or the name and phone');
    const typeText = text(r.orderType);
    const orderType = typeText === '' ? 0 : Number(typeText);
    if (!TYPES.has(orderType)) err('orderType', '0 续费, 1 新签, 3 插班, 5 代收代付 / 0, 1, 3 or 5');
    if (!text(r.courseCode)) err('courseCode', '必填 / required');
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
    if (paidCents > 0) {
      if (!method) err('payMethod', '1 现金, 2 银行转账, 3 POS, 4 线上 / 1 cash, 2 bank, 3 POS, 4 online');
      if (!paidAt || Number.isNaN(paidAt.getTime())) err('paidAt', '付款日期 YYYY-MM-DD / the payment date');
      else if (paidAt.getTime() > now.getTime()) err('paidAt', '付款日期不能晚于今天 / not in the future');
    }
    return {
      legacy,
      campus: text(r.schoolItemCode),
      code,
      name,
      phone,
      orderType,
      q,
      g,
      amount,
      paidCents,
      method,
      paidAt,
      reference: text(r.reference) || null,
      remark: text(r.remark).slice(0, 500),
      courseCode: text(r.courseCode),
      priceable:
        text(r.schoolItemCode) !== '' &&
        text(r.courseCode) !== '' &&
        TYPES.has(orderType) &&
        QUANTITY.test(q) &&
        QUANTITY.test(g) &&
        MONEY.test(amount),
      student: null,
      quote: null,
    };
  },
  // A legacy number imported before is that order; so is an order's own number (an exported order
  // sheet imported back: docs/decisions.md "Orders on SHEETS").
  key: {
    of: (v) => v.legacy || null,
    column: 'legacyCode',
    repeated: 'error',
    first: true,
    async held(db, keys) {
      const held = new Map<string, string>();
      for (const part of slices(keys, 5000))
        for (const o of await db
          .select({ code: orders.code, legacyCode: orders.legacyCode })
          .from(orders)
          .where(or(inArray(orders.legacyCode, part), inArray(orders.code, part)))) {
          if (o.legacyCode !== null && part.includes(o.legacyCode)) held.set(o.legacyCode, o.code);
          if (part.includes(o.code) && !held.has(o.code)) held.set(o.code, o.code);
        }
      return held;
    },
  },
  setChecks: [
    campusCheck((v) => v.campus || null, { required: 'always' }),
    // The students: by code in one statement, by name and phone in another; deleted ones are not found.
    async (db, rows, err) => {
      const codes = [...new Set(rows.map((r) => r.v.code).filter(Boolean))];
      const phones = [
        ...new Set(rows.filter((r) => !r.v.code && r.v.name && r.v.phone).map((r) => r.v.phone)),
      ];
      const byCode = new Map<string, { id: number; schoolItemCode: string }>();
      const byNamePhone = new Map<string, Array<{ id: number; schoolItemCode: string }>>();
      const cols = {
        id: students.id,
        code: students.code,
        name: students.name,
        phone: students.phone,
        schoolItemCode: students.schoolItemCode,
      };
      for (const part of slices(codes, 5000))
        for (const s of await db
          .select(cols)
          .from(students)
          .where(and(inArray(students.code, part), ne(students.status, DELETED))))
          byCode.set(s.code, s);
      for (const part of slices(phones, 5000))
        for (const s of await db
          .select(cols)
          .from(students)
          .where(and(inArray(students.phone, part), ne(students.status, DELETED)))) {
          const k = `${s.name}\u0001${s.phone}`;
          byNamePhone.set(k, [...(byNamePhone.get(k) ?? []), s]);
        }
      for (const { row, v } of rows) {
        if (!v.code && !(v.name && v.phone)) continue;
        const found = v.code
          ? [byCode.get(v.code)].filter((s) => s !== undefined)
          : (byNamePhone.get(`${v.name}\u0001${v.phone}`) ?? []);
        const [s, other] = found;
        if (!s) err(row, v.code ? 'studentCode' : 'studentName', '学员不存在 / no such student');
        else if (other)
          err(
            row,
            'studentName',
            '同名同手机号的学员不止一个，请填学员编号 / several students match: give the code',
          );
        else {
          v.student = s;
          if (v.campus && s.schoolItemCode !== v.campus)
            err(
              row,
              'schoolItemCode',
              `学员所在校区为 ${s.schoolItemCode} / the student belongs to ${s.schoolItemCode}`,
            );
        }
      }
    },
    // A historical payment may be of any day, but never of a sealed month (its income is closed);
    // each day is asked once.
    async (db, rows, err) => {
      const verdicts = new Map<string, string | null>();
      for (const { row, v } of rows) {
        if (v.paidCents <= 0 || !v.paidAt || Number.isNaN(v.paidAt.getTime())) continue;
        const day = shanghaiDate(v.paidAt);
        if (!verdicts.has(day))
          verdicts.set(
            day,
            await assertOpenAt(db, v.paidAt, '付款记录 / pay records', 'paidAt').then(
              () => null,
              (e: unknown) => {
                if (e instanceof AppError) return e.message;
                throw e;
              },
            ),
          );
        const sealed = verdicts.get(day);
        if (sealed) err(row, 'paidAt', sealed);
      }
    },
    // Payment references: the live ones already recorded in one statement, and repeats in the call.
    async (db, rows, err) => {
      const refs = rows.filter((r) => r.v.paidCents > 0 && r.v.reference && r.v.method);
      const references = [...new Set(refs.map((r) => r.v.reference ?? ''))];
      const taken = new Set<string>();
      for (const part of slices(references, 5000))
        for (const p of await db
          .select({ method: payRecords.method, reference: payRecords.reference })
          .from(payRecords)
          .where(and(inArray(payRecords.reference, part), inArray(payRecords.status, PAY_LIVE))))
          taken.add(`${p.method}:${p.reference ?? ''}`);
      for (const { row, v } of refs) {
        const key = `${v.method ?? ''}:${v.reference ?? ''}`;
        if (taken.has(key)) err(row, 'reference', `流水号 ${v.reference ?? ''} 已登记 / already recorded`);
        taken.add(key);
      }
    },
    // The price of each row: list prices and the file's amount only, never today's offers (a published
    // discount or gift rule would reprice a historical order; issue 33 §4). Rows alike but for their
    // student share one quote while no price rule could tell them apart.
    async (db, rows, err, { now }) => {
      const memo = new Map<string, Quote | string>();
      const shared = pricing.rules.length === 0;
      for (const { row, v } of rows) {
        const student = v.student;
        if (!student || !v.priceable) continue;
        const k = [shared ? '' : student.id, v.campus, v.orderType, v.courseCode, v.q, v.g, v.amount].join(
          '\u0001',
        );
        let priced = memo.get(k);
        if (priced === undefined) {
          priced = await priceOf(pricing, db, v, student.id, now);
          memo.set(k, priced);
        }
        if (typeof priced === 'string') {
          const [column = 'courseCode', reason = ''] = priced.split('\u0001');
          err(row, column, reason);
          continue;
        }
        if (v.paidCents > priced.payableCents) {
          err(row, 'paidAmount', `超过应付 ¥${fromCents(priced.payableCents)} / above the payable`);
          continue;
        }
        v.quote = structuredClone(priced);
      }
    },
  ],
  async write(tx, rows, { user, now }) {
    for (const { v } of rows) await writeOne(pricing, tx, user, v, now);
  },
});

export const importOrderRows = (deps: AppDeps, u: AuthUser, b: Body, ip: string) =>
  runSetImport(deps, u, b, ip, orderKind(deps.ports.pricing));

/** The quote of a row, or its refusal as 'column\u0001reason'. */
async function priceOf(
  pricing: PricingPort,
  db: DbOrTx,
  v: Order,
  studentId: number,
  now: Date,
): Promise<Quote | string> {
  const lines = {
    orderType: v.orderType,
    items: [{ courseCode: v.courseCode, quantity: Number(v.q), giftQuantity: Number(v.g) }],
  };
  const historical = { skipOffers: true };
  try {
    const list = await quoteLines(pricing, db, v.campus, studentId, lines, now, undefined, historical);
    const amountCents = centsOf(v.amount);
    if (amountCents > list.listCents)
      return `amount\u0001超过标价 ¥${fromCents(list.listCents)} / above the list price`;
    const discount = list.listCents - amountCents;
    return await quoteLines(
      pricing,
      db,
      v.campus,
      studentId,
      { ...lines, manualDiscount: fromCents(discount) },
      now,
      undefined,
      historical,
    );
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return `${e.field?.startsWith('items') ? 'courseCode' : (e.field ?? 'courseCode')}\u0001${e.message}`;
  }
}

/** Writes one checked and priced row: its order, payment and, paid in full, its hours in the ledger. */
async function writeOne(pricing: PricingPort, tx: DbOrTx, u: AuthUser, v: Order, now: Date) {
  const student = must(v.student, "the row's student");
  const quote = must(v.quote, "the row's price");
  const paidCents = v.paidCents;
  const effective = paidCents === quote.payableCents;
  const at = v.paidAt && paidCents > 0 ? v.paidAt : now;
  const o = await insertOrder(
    tx,
    { userId: u.id, username: u.username, at: now, ip: null },
    {
      orderType: v.orderType,
      status: effective ? 40 : paidCents > 0 ? 20 : 10,
      studentId: student.id,
      schoolItemCode: v.campus,
      listCents: quote.listCents,
      discountCents: quote.discountCents,
      payableCents: quote.payableCents,
      paidCents,
      familyCents: quote.payableCents,
      funderCents: 0,
      funderCode: null,
      manualDiscountCents: quote.listCents - quote.payableCents,
      remark: v.remark,
      effectiveAt: effective ? at : null,
      legacyCode: v.legacy,
    },
  );
  await writeLines(pricing, tx, o.id, quote);
  if (paidCents > 0)
    await tx.insert(payRecords).values({
      orderId: o.id,
      payer: 'family',
      method: v.method ?? 1,
      amountCents: paidCents,
      paidAt: at,
      reference: v.reference,
      remark: `legacy ${v.legacy}`,
      status: PAY_CONFIRMED,
      createdBy: u.id,
      createdAt: now,
      updatedAt: now,
    });
  if (effective) await post(tx, await purchaseMovements(tx, o), { userId: u.id, at: now });
}
