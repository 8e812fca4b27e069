// Pricing's public face (docs/money-design): every price of an order comes from `quote`. The list
// price is the course price × quantity; rules registered with `registerPriceRule` (the promotions
// slice's discounts, vouchers and activities) add reduction lines; the manual discount comes last.
// A list price source (the products slice's campus sale prices) may give the unit price instead of
// the course's own.
import { inArray } from 'drizzle-orm';
import { shanghaiDate, toCents } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { badInput } from '../../http/errors.js';
import { courses } from '../../db/schema.js';
import { fromQ100 } from '../ledger/index.js';
import {
  applyOffers,
  OFFER_KINDS,
  type EngineLine,
  type EngineOffer,
  type OfferKind,
  type Principles,
} from './engine.js';

export {
  applyOffers,
  giftFor,
  spread,
  DEFAULT_PRINCIPLES,
  OFFER_KINDS,
  type EngineLine,
  type EngineOffer,
  type GiftTierQ,
  type OfferKind,
  type Principle,
  type Principles,
} from './engine.js';

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
  /** When the price is taken (deps.now()): list price sources answer the price valid on its day. */
  at: Date;
  studentId?: number | null | undefined;
  orderType: number;
  items: readonly QuoteItemInput[];
  manualDiscountCents?: number | undefined;
  codes?: { voucher?: string | undefined; activity?: string | undefined } | undefined;
  /** Codes of offers that would apply by themselves and that the family declines (never the chosen ones). */
  declined?: readonly string[] | undefined;
  /** The order being edited: its own voucher counts as still usable by it. */
  orderId?: number | undefined;
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
  /** The voucher the quote used (its one use is written with the order by `commitQuote`). */
  voucher?: { id: number; code: string; cents: number } | null;
}

/** What the offers of a basket are: loaded by the promotions slice (dates, status, codes checked). */
export interface OfferSet {
  offers: EngineOffer[];
  principles: Principles;
  chosen: { activity?: number | undefined; voucher?: number | undefined };
}

/**
 * The promotions slice's side of the engine: which offers a basket may get, and writing what an
 * order used (a voucher's single use). Set once per app (it carries the app's clock).
 */
export interface OfferSource {
  load: (tx: DbOrTx, input: QuoteInput) => Promise<OfferSet>;
  commit: (tx: DbOrTx, orderId: number, q: Quote) => Promise<void>;
}

let offerSource: OfferSource | null = null;
export function setOfferSource(source: OfferSource): () => void {
  const before = offerSource;
  offerSource = source;
  return () => void (offerSource = before);
}

/** Records what a stored order used (its voucher); every create or edit of an order's lines calls it. */
export async function commitQuote(tx: DbOrTx, orderId: number, q: Quote): Promise<void> {
  if (offerSource) await offerSource.commit(tx, orderId, q);
}

const CHOSEN_FIELD: Record<OfferKind, string> = {
  activity: 'activityCode',
  voucher: 'voucherCode',
  discount: 'discount',
  gift: 'gift',
};

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

/**
 * Whether any price rule is plugged in: a rule may read the order's student, so a batch may reuse
 * one quote for rows differing only in their student (the legacy order import) only while there is none.
 */
export const priceRulesRegistered = (): boolean => rules.length > 0;

/** Gives a course's unit price at a campus on a day (cents), or null to leave it to the next source. */
export interface ListPriceSource {
  name: string;
  unitPrice: (
    tx: DbOrTx,
    q: { schoolItemCode: string; courseCode: string; day: string },
  ) => Promise<number | null>;
}

const listPriceSources: ListPriceSource[] = [];
/** Plugs a list price source in (at module load); the first that answers wins, else the course price. */
export function registerListPriceSource(source: ListPriceSource): void {
  if (listPriceSources.some((s) => s.name === source.name))
    throw new Error(`list price source ${source.name} is registered twice`);
  listPriceSources.push(source);
}

async function listUnitPrice(tx: DbOrTx, schoolItemCode: string, courseCode: string, day: string) {
  for (const s of listPriceSources) {
    const cents = await s.unitPrice(tx, { schoolItemCode, courseCode, day });
    if (cents !== null) return cents;
  }
  return null;
}

const UNIT_LABEL: Record<number, string> = { 1: '课时', 2: '天' };
const amountOf = (i: QuoteItem) => i.listCents + i.adjustments.reduce((s, a) => s + a.cents, 0);

/**
 * The price of an order without writing anything. Refuses (400 naming the field) an unknown or
 * disabled course and a manual discount above what is left to pay.
 */
export interface QuoteOptions {
  /** List prices and the manual discount only (a unit price, the preview's base). */
  skipOffers?: boolean;
  /** An offer as typed, not stored: the preview prices a basket as if it were published. */
  draft?: EngineOffer;
}

export async function quote(tx: DbOrTx, input: QuoteInput, opts: QuoteOptions = {}): Promise<Quote> {
  const codes = [...new Set(input.items.map((i) => i.courseCode))];
  const rows = codes.length ? await tx.select().from(courses).where(inArray(courses.code, codes)) : [];
  const byCode = new Map(rows.map((c) => [c.code, c]));
  const day = shanghaiDate(input.at);
  const sourced = new Map<string, number | null>();
  for (const code of byCode.keys())
    sourced.set(code, await listUnitPrice(tx, input.schoolItemCode, code, day));
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
    // A course sold by the day takes whole days (bought and given); hours take hundredths (the contract's `quantity`).
    if (c.purchaseUnit === 2)
      for (const [field, q100] of [
        ['quantity', it.quantity100],
        ['giftQuantity', it.gift100 ?? 0],
      ] as const)
        if (q100 % 100 !== 0)
          throw badInput(
            `items.${n}.${field}`,
            `items.${n}.${field}: 按天购买的课程只能是整天数 / "${c.name}" is sold by the day: whole days only`,
          );
    const unitPriceCents = sourced.get(c.code) ?? Number(toCents(c.price) ?? 0n);
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
  let voucher: Quote['voucher'] = null;
  if (offerSource && !opts.skipOffers) {
    const set = await offerSource.load(tx, input);
    const { draft } = opts;
    if (draft) {
      // A draft activity or voucher is priced as the one chosen; a draft discount or gift rule
      // competes with the published ones as it would once published.
      if (draft.kind === 'activity' || draft.kind === 'voucher') {
        set.offers = set.offers.filter((o) => o.kind !== draft.kind);
        set.chosen[draft.kind] = draft.id;
      }
      set.offers.push(draft);
    }
    const declined = new Set(input.declined ?? []);
    if (declined.size > 0)
      set.offers = set.offers.filter(
        (o) =>
          !declined.has(o.code) ||
          o.kind === 'voucher' ||
          (o.kind === 'activity' && set.chosen.activity === o.id),
      );
    voucher = applyOfferSet(input, items, set);
  }
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
  return { items, listCents, discountCents: listCents - payableCents, payableCents, voucher };
}

/** Runs the engine over the priced items and writes its lines into them; a chosen offer that cannot apply is a 400. */
export function applyOfferSet(input: QuoteInput, items: QuoteItem[], set: OfferSet): Quote['voucher'] {
  const r = applyOffers({
    schoolItemCode: input.schoolItemCode,
    items: items.map((i) => ({
      courseCode: i.courseCode,
      quantity100: i.quantity100,
      listCents: i.listCents,
    })),
    offers: set.offers,
    principles: set.principles,
    chosen: set.chosen,
  });
  const first = r.refused[0];
  if (first) throw badInput(CHOSEN_FIELD[first.kind], first.message);
  let voucherCents = 0;
  let voucherCode = '';
  for (const l of r.lines) {
    const target = items[l.item];
    if (!target) continue;
    target.adjustments.push({ source: l.source, ref: l.ref, label: l.label, cents: l.cents });
    target.gift100 += l.gift100;
    if (l.source === 'voucher') {
      voucherCents -= l.cents;
      voucherCode = l.ref;
    }
  }
  const id = set.chosen.voucher;
  return id !== undefined && voucherCode ? { id, code: voucherCode, cents: voucherCents } : null;
}

/** A line of a stored order as the engine is asked to price an offer added to it later. */
export interface PricedLine {
  courseCode: string;
  quantity100: number;
  listCents: number;
  /** The order's adjustments of this line (offer lines carry their offer's code in `ref`). */
  adjustments: ReadonlyArray<{ source: string; ref: string; cents: number }>;
}

/**
 * The chosen activity or voucher of `input.codes` alone, priced by the engine over lines already
 * priced (an order's stored lines): each line starts from what it still costs, the kinds of offer
 * it carries and the caps they used; no automatic offer is looked at again. Answers the engine's
 * lines by line index and the voucher used; a chosen offer that cannot apply is a 400 naming it.
 */
export async function quoteAddedOffer(
  tx: DbOrTx,
  input: QuoteInput,
  lines: readonly PricedLine[],
): Promise<{ lines: EngineLine[]; voucher: Quote['voucher'] }> {
  if (!offerSource) throw new Error('no offer source is set');
  const set = await offerSource.load(tx, input);
  const chosen = (o: EngineOffer) =>
    (o.kind === 'activity' && o.id === set.chosen.activity) ||
    (o.kind === 'voucher' && o.id === set.chosen.voucher);
  const isOffer = (s: string): s is OfferKind => (OFFER_KINDS as readonly string[]).includes(s);
  const r = applyOffers({
    schoolItemCode: input.schoolItemCode,
    items: lines.map((l) => ({
      courseCode: l.courseCode,
      quantity100: l.quantity100,
      listCents: l.listCents,
      // A gift line without a code is the consultant's own gift, not an offer's.
      carried: l.adjustments.map((a) => ({
        kind: isOffer(a.source) && a.ref !== '' ? a.source : ('other' as const),
        cents: -a.cents,
      })),
    })),
    offers: set.offers.filter(chosen),
    principles: set.principles,
    chosen: set.chosen,
  });
  const first = r.refused[0];
  if (first) throw badInput(CHOSEN_FIELD[first.kind], first.message);
  const id = set.chosen.voucher;
  const off = r.lines.filter((l) => l.source === 'voucher');
  const voucher =
    id !== undefined && off[0]
      ? { id, code: off[0].ref, cents: -off.reduce((s, l) => s + l.cents, 0) }
      : null;
  return { lines: r.lines, voucher };
}
