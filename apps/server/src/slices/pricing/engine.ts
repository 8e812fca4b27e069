// The offer engine (docs/pricing.md): pure arithmetic over a priced basket, the offers that may apply
// and the stacking principles. No database, no clock: the same inputs always give the same lines,
// which is what the table and property tests of test/pricingEngine.test.ts hold it to.
import { formatAmount, fromCents, halves } from '@bo/domain';

export type OfferKind = 'activity' | 'discount' | 'gift' | 'voucher';
export const OFFER_KINDS: readonly OfferKind[] = ['activity', 'discount', 'gift', 'voucher'];

export interface GiftTierQ {
  /** Hundredths of the unit bought at least. */
  min100: number;
  /** Hundredths of the unit given. */
  gift100: number;
}

/** An offer as the engine sees it (the promotions slice loads and filters them by date and status). */
export interface EngineOffer {
  id: number;
  kind: OfferKind;
  code: string;
  name: string;
  /** 'rate' | 'amount' | '' (no money part: gift tiers only). */
  mode: string;
  /** Percent off in hundredths of a percent (15 % = 1500). */
  offBp: number;
  amountCents: number;
  minSpendCents: number;
  tiers: readonly GiftTierQ[];
  /** Empty: every course. */
  courseCodes: readonly string[];
  /** Empty: every campus. */
  campusCodes: readonly string[];
}

export interface Principle {
  kind: OfferKind;
  seq: number;
  /** The kinds an item may already carry for this kind to apply to it as well. */
  combinesWith: readonly OfferKind[];
  /** The most this kind may take off an item, in hundredths of a percent of its list price. */
  capBp: number;
  enabled: boolean;
}

export interface Principles {
  kinds: readonly Principle[];
  /** The most every offer together may take off an item (hundredths of a percent of its list). */
  totalCapBp: number;
}

/** Activities first (a campaign decides), then standing discounts, gift lessons, the voucher last. */
export const DEFAULT_PRINCIPLES: Principles = {
  kinds: [
    { kind: 'activity', seq: 1, combinesWith: [], capBp: 10000, enabled: true },
    { kind: 'discount', seq: 2, combinesWith: [], capBp: 10000, enabled: true },
    { kind: 'gift', seq: 3, combinesWith: ['discount'], capBp: 10000, enabled: true },
    { kind: 'voucher', seq: 4, combinesWith: ['activity', 'discount', 'gift'], capBp: 10000, enabled: true },
  ],
  totalCapBp: 10000,
};

export interface EngineItem {
  courseCode: string;
  quantity100: number;
  listCents: number;
  /**
   * What the item already carries from an earlier pricing (an order's stored lines, when an offer is
   * added to it later): each offer line's kind and the cents it took off (≥ 0), and `other` for
   * what no offer took (the manual discount: outside the caps). The engine starts from there — the
   * amount left, the kinds carried for combining, the caps already used.
   */
  carried?: ReadonlyArray<{ kind: OfferKind | 'other'; cents: number }> | undefined;
}

export interface EngineLine {
  item: number;
  source: OfferKind;
  ref: string;
  label: string;
  /** Negative or 0 (a gift line). */
  cents: number;
  /** Gift hours this line adds (hundredths). */
  gift100: number;
}

export interface EngineInput {
  schoolItemCode: string;
  items: readonly EngineItem[];
  /** Candidates per kind; the activity and voucher the caller chose come alone in their list. */
  offers: readonly EngineOffer[];
  principles: Principles;
  /** A chosen offer must apply (else the engine says why); automatic ones apply when they can. */
  chosen?: { activity?: number | undefined; voucher?: number | undefined } | undefined;
}

export interface EngineResult {
  lines: EngineLine[];
  /** Why a chosen offer did not apply (field and bilingual message), when it did not. */
  refused: Array<{ kind: OfferKind; message: string }>;
}

const pct = (bp: number) => (bp / 100).toFixed(bp % 100 ? 2 : 0);
const qty = (q100: number) => (q100 / 100).toFixed(q100 % 100 ? 2 : 0);
/** Half up to the cent, in integers (a × bp is exact below 2^53 for every amount §9 allows). */
const share = (cents: number, bp: number) => Math.floor((cents * bp + 5000) / 10000);

const matches = (o: EngineOffer, campus: string, it: EngineItem) =>
  (o.campusCodes.length === 0 || o.campusCodes.includes(campus)) &&
  (o.courseCodes.length === 0 || o.courseCodes.includes(it.courseCode));

/** The best tier of an offer for a quantity: the highest threshold reached. */
export function giftFor(tiers: readonly GiftTierQ[], quantity100: number): GiftTierQ | null {
  let best: GiftTierQ | null = null;
  for (const t of tiers)
    if (
      t.min100 <= quantity100 &&
      (!best || t.min100 > best.min100 || (t.min100 === best.min100 && t.gift100 > best.gift100))
    )
      best = t;
  return best && best.gift100 > 0 ? best : null;
}

/** Spreads an amount over weights: floors, then the cents left go to the first with room; never above a weight. */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const t = Math.min(total, sum);
  const parts = weights.map((w) => Math.floor((t * w) / sum));
  let left = t - parts.reduce((s, p) => s + p, 0);
  parts.forEach((p, n) => {
    const extra = Math.min(left, (weights[n] ?? 0) - p);
    parts[n] = p + extra;
    left -= extra;
  });
  return parts;
}

interface ItemState {
  amount: number;
  list: number;
  kinds: Set<OfferKind>;
  offCents: Map<OfferKind, number>;
  totalOff: number;
}

/** What one offer would take off each item it may touch now (before caps are charged). */
function proposal(
  o: EngineOffer,
  p: Principle,
  input: EngineInput,
  state: readonly ItemState[],
  totalCapBp: number,
): { cents: number[]; gifts: number[]; why: string | null } {
  const n = input.items.length;
  const cents = new Array<number>(n).fill(0);
  const gifts = new Array<number>(n).fill(0);
  const eligible = input.items.map((it, i) => {
    const s = state[i];
    if (!s || !matches(o, input.schoolItemCode, it)) return false;
    return [...s.kinds].every((k) => p.combinesWith.includes(k));
  });
  if (!eligible.some(Boolean)) {
    const anyMatch = input.items.some((it) => matches(o, input.schoolItemCode, it));
    return {
      cents,
      gifts,
      why: anyMatch
        ? '与已享受的优惠不能同时使用 / does not combine with the offers already applied'
        : '不适用于本校区或所选课程 / not valid for this campus or these courses',
    };
  }
  const base = state.map((s, i) => (eligible[i] && s ? s.amount : 0));
  const baseSum = base.reduce((s, b) => s + b, 0);
  if (o.minSpendCents > 0 && baseSum < o.minSpendCents)
    return {
      cents,
      gifts,
      why: `未满最低消费 ¥${formatAmount(fromCents(o.minSpendCents))} / below the minimum spend of ¥${formatAmount(fromCents(o.minSpendCents))}`,
    };
  let wanted: number[];
  if (o.mode === 'rate') wanted = base.map((b) => share(b, o.offBp));
  else if (o.mode === 'amount') wanted = spread(o.amountCents, base);
  else wanted = base.map(() => 0);
  // Caps: this kind's and every offer's together, as a share of the item's list price (floored:
  // a cap is never exceeded by a rounding cent); never below zero.
  state.forEach((s, i) => {
    const w = wanted[i] ?? 0;
    if (!eligible[i] || w <= 0) return;
    const kindRoom = share(s.list, p.capBp) - (s.offCents.get(o.kind) ?? 0);
    const totalRoom = Math.floor((s.list * totalCapBp) / 10000) - s.totalOff;
    cents[i] = Math.max(0, Math.min(w, kindRoom, totalRoom, s.amount));
  });
  input.items.forEach((it, i) => {
    if (!eligible[i]) return;
    gifts[i] = giftFor(o.tiers, it.quantity100)?.gift100 ?? 0;
  });
  const nothing = cents.every((c) => c === 0) && gifts.every((g) => g === 0);
  return {
    cents,
    gifts,
    why: nothing
      ? '按叠加规则本单无可优惠金额 / takes nothing off this basket under the stacking principles'
      : null,
  };
}

/**
 * A price line's label, '中文 / English' as every server text (stored so, said in the reader's
 * language): 折扣「春季特惠」 减 ¥300.00（HD00000001） / discount "春季特惠": ¥300.00 off (HD00000001).
 */
function labelOf(o: EngineOffer, cents: number, gift100: number): string {
  if (gift100 > 0 && cents === 0) {
    const what = o.kind === 'activity' ? `活动「${o.name}」` : `赠课「${o.name}」`;
    return `${what} 赠送 ${qty(gift100)} / ${o.name}: ${qty(gift100)} free`;
  }
  const kindZh = { activity: '活动', discount: '折扣', gift: '赠课', voucher: '代金券' }[o.kind];
  const kindEn = { activity: 'activity', discount: 'discount', gift: 'gift', voucher: 'voucher' }[o.kind];
  const amount = `¥${formatAmount(fromCents(o.amountCents))}`;
  const howZh = o.mode === 'rate' ? `${pct(10000 - o.offBp)}% 计价` : `减 ${amount}`;
  const howEn = o.mode === 'rate' ? `${pct(o.offBp)}% off` : `${amount} off`;
  const minSpend = `¥${formatAmount(fromCents(o.minSpendCents))}`;
  const minZh = o.minSpendCents > 0 ? `，满 ${minSpend}` : '';
  const minEn = o.minSpendCents > 0 ? ` from ${minSpend}` : '';
  return `${kindZh}「${o.name}」${minZh} ${howZh}（${o.code}） / ${kindEn} "${o.name}"${minEn}: ${howEn} (${o.code})`;
}

/**
 * Applies the offers kind by kind in the principles' order. Per kind, of several candidates the one
 * that takes most off the basket applies (then the most gift hours, then the oldest): one offer of
 * each kind per basket. A chosen activity or voucher that cannot apply is reported in `refused`.
 */
export function applyOffers(input: EngineInput): EngineResult {
  const state: ItemState[] = input.items.map((it) => {
    const s: ItemState = {
      amount: it.listCents,
      list: it.listCents,
      kinds: new Set<OfferKind>(),
      offCents: new Map(),
      totalOff: 0,
    };
    for (const c of it.carried ?? []) {
      s.amount -= c.cents;
      if (c.kind === 'other') continue;
      s.kinds.add(c.kind);
      s.offCents.set(c.kind, (s.offCents.get(c.kind) ?? 0) + c.cents);
      s.totalOff += c.cents;
    }
    s.amount = Math.max(0, s.amount);
    return s;
  });
  const lines: EngineLine[] = [];
  const refused: EngineResult['refused'] = [];
  const order = [...input.principles.kinds]
    .filter((p) => p.enabled)
    .sort((a, b) => a.seq - b.seq || a.kind.localeCompare(b.kind));
  for (const p of order) {
    const candidates = input.offers.filter((o) => o.kind === p.kind).sort((a, b) => a.id - b.id);
    const chosenId = p.kind === 'activity' || p.kind === 'voucher' ? input.chosen?.[p.kind] : undefined;
    let best: { o: EngineOffer; cents: number[]; gifts: number[]; off: number; gift: number } | null = null;
    for (const o of candidates) {
      if (chosenId !== undefined && o.id !== chosenId) continue;
      // A voucher applies only when chosen (by its code); the rest apply by themselves.
      if (p.kind === 'voucher' && chosenId === undefined) continue;
      const r = proposal(o, p, input, state, input.principles.totalCapBp);
      if (r.why) {
        if (chosenId !== undefined) {
          const why = halves(r.why);
          refused.push({ kind: p.kind, message: `「${o.name}」${why['zh-CN']} / "${o.name}": ${why.en}` });
        }
        continue;
      }
      const off = r.cents.reduce((s, c) => s + c, 0);
      const gift = r.gifts.reduce((s, g) => s + g, 0);
      if (!best || off > best.off || (off === best.off && gift > best.gift))
        best = { o, cents: r.cents, gifts: r.gifts, off, gift };
    }
    if (chosenId !== undefined && !best && !refused.some((r) => r.kind === p.kind))
      refused.push({
        kind: p.kind,
        message:
          p.kind === 'voucher'
            ? '代金券不可用 / the voucher cannot be used'
            : '活动不可用 / the activity cannot be used',
      });
    if (!best) continue;
    const { o } = best;
    state.forEach((s, i) => {
      const c = best.cents[i] ?? 0;
      const g = best.gifts[i] ?? 0;
      if (c === 0 && g === 0) return;
      if (c > 0) {
        lines.push({ item: i, source: o.kind, ref: o.code, label: labelOf(o, c, 0), cents: -c, gift100: 0 });
        s.amount -= c;
        s.totalOff += c;
        s.offCents.set(o.kind, (s.offCents.get(o.kind) ?? 0) + c);
      }
      if (g > 0)
        lines.push({ item: i, source: 'gift', ref: o.code, label: labelOf(o, 0, g), cents: 0, gift100: g });
      s.kinds.add(o.kind);
    });
  }
  return { lines, refused };
}
