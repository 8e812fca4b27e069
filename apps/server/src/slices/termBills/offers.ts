// An offer applied when a term is paid (docs/decisions.md "Offers on a term"): the chosen activity or
// voucher is priced by the one engine over the order's stored lines (pricing.quoteAddedOffer); what
// it takes off comes off this term, the bill's total and the order's payable and family share
// together, so the terms still add up exactly to what the family owes and the record pays the rest.
import { asc, eq, inArray } from 'drizzle-orm';
import { fromCents } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { badInput, conflict, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { fromQ100, toQ100 } from '../ledger/index.js';
import {
  ORDER_STATUS_CODE,
  orderAdjustments,
  orderItems,
  orders,
  type OrderRecord,
} from '../orders/index.js';
import { commitQuote, quoteAddedOffer, type PricingPort, type Quote } from '../pricing/index.js';
import { termBillItems, termBills } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

export interface OfferCodes {
  activityCode?: string | undefined;
  voucherCode?: string | undefined;
}

const KIND_ZH = { activity: '活动', voucher: '代金券' } as const;

/** The one code given (activity or voucher), or null; both at once is a 400. */
export function chosenOffer(b: OfferCodes): { kind: 'activity' | 'voucher'; code: string } | null {
  const activity = b.activityCode?.trim() ?? '';
  const voucher = b.voucherCode?.trim() ?? '';
  if (activity && voucher)
    throw badInput(
      'voucherCode',
      'voucherCode: 每期只能使用一个优惠（活动或代金券） / one offer per term: an activity or a voucher',
    );
  if (activity) return { kind: 'activity', code: activity };
  if (voucher) return { kind: 'voucher', code: voucher };
  return null;
}

/**
 * What the chosen offer takes off an unpaid term of an active bill (the caller locked the term and
 * the order for a payment; a quote reads them as they are). Refuses an offer the engine cannot apply
 * to the order's lines (400 naming the code), a kind the order already carries (one activity and
 * one voucher per order, as per basket), and one that would take the whole term or more (422).
 */
export async function priceTermOffer(
  pricing: PricingPort,
  tx: DbOrTx,
  o: OrderRecord,
  term: { termNo: number; amountCents: number },
  offer: { kind: 'activity' | 'voucher'; code: string },
  at: Date,
) {
  const field = offer.kind === 'activity' ? 'activityCode' : 'voucherCode';
  if (o.status !== ORDER_STATUS_CODE.unpaid && o.status !== ORDER_STATUS_CODE.partPaid)
    throw ruleViolation('订单已付清，不能再使用优惠 / the order is paid: no offer can be added', field);
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  const adjustments = items.length
    ? await tx
        .select()
        .from(orderAdjustments)
        .where(
          inArray(
            orderAdjustments.orderItemId,
            items.map((i) => i.id),
          ),
        )
        .orderBy(asc(orderAdjustments.id))
    : [];
  if (adjustments.some((a) => a.source === offer.kind && a.ref !== ''))
    throw conflict(
      `订单已使用过${KIND_ZH[offer.kind]}，每单一个 / the order already has ${offer.kind === 'activity' ? 'an activity' : 'a voucher'}: one per order`,
      field,
    );
  const lines = items.map((i) => ({
    courseCode: i.courseCode,
    quantity100: toQ100(i.quantity),
    listCents: i.listCents,
    adjustments: adjustments.filter((a) => a.orderItemId === i.id),
  }));
  const r = await quoteAddedOffer(
    pricing,
    tx,
    {
      schoolItemCode: o.schoolItemCode,
      at,
      studentId: o.studentId,
      orderId: o.id,
      orderType: o.orderType,
      items: lines.map((l) => ({ courseCode: l.courseCode, quantity100: l.quantity100 })),
      codes: { [offer.kind]: offer.code },
    },
    lines,
  );
  const offCents = -r.lines.reduce((s, l) => s + l.cents, 0);
  if (offCents >= term.amountCents)
    throw ruleViolation(
      `优惠 ¥${fromCents(offCents)} 不低于第${term.termNo}期金额 ¥${fromCents(term.amountCents)}，请用于金额更大的一期 / the offer takes ¥${fromCents(offCents)}, not less than term ${term.termNo} (¥${fromCents(term.amountCents)}): use it on a larger term`,
      field,
    );
  return {
    offCents,
    voucher: r.voucher,
    lines: r.lines.map((l) => {
      const item = must(items[l.item], 'order item of an offer line');
      return { ...l, itemId: item.id, courseName: item.courseName };
    }),
  };
}

export type TermOffer = Awaited<ReturnType<typeof priceTermOffer>>;

/** How a priced offer is answered. */
export const offerOut = (term: { termNo: number; amountCents: number }, p: TermOffer) => ({
  termNo: term.termNo,
  amount: fromCents(term.amountCents),
  offer: fromCents(p.offCents),
  pay: fromCents(term.amountCents - p.offCents),
  lines: p.lines.map((l) => ({
    courseName: l.courseName,
    source: l.source,
    ref: l.ref,
    label: l.label,
    amount: fromCents(l.cents),
    giftQuantity: Number(fromQ100(l.gift100)),
  })),
});

/**
 * Writes a priced offer, in the payment's transaction: its lines join the order's breakdown, the
 * order's payable, discount and family share, the term's amount and the bill's total go down by
 * what it takes, a voucher's single use is recorded. Answers the order as it now is.
 */
export async function writeTermOffer(
  pricing: PricingPort,
  tx: DbOrTx,
  u: AuthUser,
  o: OrderRecord,
  bill: { id: number; code: string; totalCents: number },
  term: { id: number; termNo: number; amountCents: number },
  p: TermOffer,
  at: Date,
): Promise<OrderRecord> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id));
  for (const i of items) {
    const mine = p.lines.filter((l) => l.itemId === i.id);
    if (!mine.length) continue;
    const off = -mine.reduce((s, l) => s + l.cents, 0);
    const gift = mine.reduce((s, l) => s + l.gift100, 0);
    await tx
      .update(orderItems)
      .set({
        amountCents: i.amountCents - off,
        discountCents: i.discountCents + off,
        giftQuantity: fromQ100(toQ100(i.giftQuantity) + gift),
      })
      .where(eq(orderItems.id, i.id));
    await tx.insert(orderAdjustments).values(
      mine.map((l) => ({
        orderId: o.id,
        orderItemId: i.id,
        source: l.source,
        ref: l.ref,
        label: l.label,
        cents: l.cents,
      })),
    );
  }
  const moved = await updateVersioned(tx, orders, {
    where: eq(orders.id, o.id),
    version: undefined,
    set: {
      discountCents: o.discountCents + p.offCents,
      payableCents: o.payableCents - p.offCents,
      familyCents: o.familyCents - p.offCents,
    },
    at,
  });
  await tx
    .update(termBillItems)
    .set({ amountCents: term.amountCents - p.offCents })
    .where(eq(termBillItems.id, term.id));
  await tx
    .update(termBills)
    .set({ totalCents: bill.totalCents - p.offCents, updatedAt: at })
    .where(eq(termBills.id, bill.id));
  // The voucher's one use (the order has none yet: a second voucher is refused above).
  const used: Quote = { items: [], listCents: 0, discountCents: 0, payableCents: 0, voucher: p.voucher };
  if (p.voucher) await commitQuote(pricing, tx, o.id, used);
  await writeAudit(tx, {
    action: 'termBill.offer',
    target: `termBills:${bill.code}`,
    detail: { term: term.termNo, offer: p.lines[0]?.ref ?? '', cents: p.offCents },
    userId: u.id,
    username: u.username,
    at,
  });
  return moved;
}
