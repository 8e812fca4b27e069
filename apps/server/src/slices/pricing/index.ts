// Pricing's public face (docs/money-design): every price of an order comes from `quote`. The list
// price is the course price × quantity; rules registered with `registerPriceRule` (the promotions
// slice's discounts, vouchers and activities) add reduction lines; the manual discount comes last.
import { inArray } from 'drizzle-orm';
import { toCents } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { badInput } from '../../http/errors.js';
import { courses } from '../../db/schema.js';
import { fromQ100 } from '../ledger/index.js';

export type AdjustmentSource = 'discount' | 'voucher' | 'activity' | 'gift' | 'manual';

export interface Adjustment {
  source: AdjustmentSource;
  ref: string;
  label: string;
  /** Negative (a reduction) or 0 (a gift line). */
  cents: number;
}

export interface QuoteItemInput {
  courseCode: string;
  buyTypeId?: number | null | undefined;
  /** Hundredths of the unit. */
  quantity100: number;
  gift100?: number | undefined;
}

export interface QuoteInput {
  schoolItemCode: string;
  studentId?: number | null | undefined;
  orderType: number;
  items: readonly QuoteItemInput[];
  manualDiscountCents?: number | undefined;
  codes?: { voucher?: string | undefined; activity?: string | undefined } | undefined;
}

export interface QuoteItem {
  courseCode: string;
  courseName: string;
  buyTypeId: number | null;
  /** 1 lesson hour, 2 day. */
  unit: number;
  unitPriceCents: number;
  quantity100: number;
  gift100: number;
  listCents: number;
  adjustments: Adjustment[];
  amountCents: number;
}

export interface Quote {
  items: QuoteItem[];
  listCents: number;
  discountCents: number;
  payableCents: number;
}

/** What a rule sees: the input and the lines so far (each with its list price and earlier adjustments). */
export interface PriceRuleContext {
  tx: DbOrTx;
  input: QuoteInput;
  items: readonly QuoteItem[];
}

export interface PriceRule {
  name: string;
  /** Reduction lines by item index; a line that would take an item below zero is cut to its amount. */
  apply: (ctx: PriceRuleContext) => Promise<Array<{ item: number } & Adjustment>>;
}

const rules: PriceRule[] = [];
/** Plugs a rule in (the promotions slice, at module load); rules run in registration order. */
export function registerPriceRule(rule: PriceRule): void {
  if (rules.some((r) => r.name === rule.name)) throw new Error(`price rule ${rule.name} is registered twice`);
  rules.push(rule);
}

const UNIT_LABEL: Record<number, string> = { 1: '课时', 2: '天' };
const amountOf = (i: QuoteItem) => i.listCents + i.adjustments.reduce((s, a) => s + a.cents, 0);

/**
 * The price of an order without writing anything. Refuses (400 naming the field) an unknown or
 * disabled course and a manual discount above what is left to pay.
 */
export async function quote(tx: DbOrTx, input: QuoteInput): Promise<Quote> {
  const codes = [...new Set(input.items.map((i) => i.courseCode))];
  const rows = codes.length ? await tx.select().from(courses).where(inArray(courses.code, codes)) : [];
  const byCode = new Map(rows.map((c) => [c.code, c]));
  const items: QuoteItem[] = input.items.map((it, n) => {
    const c = byCode.get(it.courseCode);
    if (!c || c.validStatus !== 1)
      throw badInput(
        `items.${n}.courseCode`,
        `items.${n}.courseCode: 课程不存在或已停用 / no such valid course "${it.courseCode}"`,
      );
    if (it.quantity100 <= 0)
      throw badInput(
        `items.${n}.quantity`,
        `items.${n}.quantity: 购买数量须大于0 / the quantity must be above 0`,
      );
    const unitPriceCents = Number(toCents(c.price) ?? 0n);
    // Price × quantity in hundredths of a unit: exact when the quantity is whole; a fraction of a
    // unit is rounded half up to the cent once, per line.
    const listCents = Math.round((unitPriceCents * it.quantity100) / 100);
    const gift100 = it.gift100 ?? 0;
    const adjustments: Adjustment[] = gift100
      ? [
          {
            source: 'gift',
            ref: '',
            label: `赠送 ${fromQ100(gift100)} ${UNIT_LABEL[c.purchaseUnit] ?? ''} / ${fromQ100(gift100)} free`,
            cents: 0,
          },
        ]
      : [];
    return {
      courseCode: c.code,
      courseName: c.name,
      buyTypeId: it.buyTypeId ?? c.buyTypeId ?? null,
      unit: c.purchaseUnit,
      unitPriceCents,
      quantity100: it.quantity100,
      gift100,
      listCents,
      adjustments,
      amountCents: listCents,
    };
  });
  for (const rule of rules) {
    const lines = await rule.apply({ tx, input, items });
    for (const { item, ...a } of lines) {
      const target = items[item];
      if (!target) continue;
      const left = amountOf(target);
      target.adjustments.push({ ...a, cents: Math.max(a.cents, -left) });
    }
  }
  const manual = input.manualDiscountCents ?? 0;
  const before = items.reduce((s, i) => s + amountOf(i), 0);
  if (manual > before)
    throw badInput(
      'manualDiscount',
      'manualDiscount: 手动优惠不能超过应付金额 / the manual discount cannot exceed the amount to pay',
    );
  if (manual > 0) {
    // Spread over the lines by their amounts (floored), then the cents left over go to the first
    // lines with room, so the parts add up to the discount exactly and no line goes below zero.
    const cuts = items.map((i) => Math.floor((manual * amountOf(i)) / before));
    let left = manual - cuts.reduce((s, c) => s + c, 0);
    items.forEach((i, n) => {
      const extra = Math.min(left, amountOf(i) - (cuts[n] ?? 0));
      cuts[n] = (cuts[n] ?? 0) + extra;
      left -= extra;
    });
    items.forEach((i, n) => {
      const cut = cuts[n] ?? 0;
      if (cut > 0)
        i.adjustments.push({ source: 'manual', ref: '', label: '手动优惠 / manual discount', cents: -cut });
    });
  }
  for (const i of items) i.amountCents = amountOf(i);
  const listCents = items.reduce((s, i) => s + i.listCents, 0);
  const payableCents = items.reduce((s, i) => s + i.amountCents, 0);
  return { items, listCents, discountCents: listCents - payableCents, payableCents };
}
