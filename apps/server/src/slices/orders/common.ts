// What every order command and read shares: loading an order in the caller's scope, the quote of
// an order's lines, and the sums of its pay records.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { centsOf } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { assertCampus } from '../../http/auth.js';
import { badInput, notFound } from '../../http/errors.js';
import { lockOne } from '../../shared/stateMachine.js';
import { settlementOrgs } from '../../db/schema.js';
import { fromQ100, toQ100 } from '../ledger/index.js';
import { commitQuote, quote, type PricingPort, type Quote, type QuoteOptions } from '../pricing/index.js';
import { orderAdjustments, orderItems, orders, payRecords } from './tables.js';

export type OrderRecord = typeof orders.$inferSelect;
export type PayRecord = typeof payRecords.$inferSelect;

export const PAY_PENDING = 10;
export const PAY_CONFIRMED = 20;
export const PAY_REJECTED = 30;
export const PAY_VOID = 40;
/** Records that count towards what was paid: pending confirmation or confirmed. */
export const PAY_LIVE = [PAY_PENDING, PAY_CONFIRMED];

/**
 * Loads an order (locked for a command) and refuses one outside the user's campuses.
 * `field`: the body/query field that sent the id, named by the 404.
 */
export async function loadOrder(
  tx: DbOrTx,
  u: AuthUser | null,
  id: number,
  lock = false,
  field?: string,
): Promise<OrderRecord> {
  const q = tx.select().from(orders).where(eq(orders.id, id));
  const o = lock ? await lockOne(q, '订单 / order', field) : (await q)[0];
  if (!o) throw notFound('订单 / order', field);
  if (u) assertCampus(u, o.schoolItemCode);
  return o;
}

/** The order lines as the contract sends them. */
export interface LinesInput {
  /** Not read by the create and edit commands: the type follows from the flow and the history. */
  orderType?: number | undefined;
  items: ReadonlyArray<{
    courseCode: string;
    buyTypeId?: number | null | undefined;
    quantity: number;
    giftQuantity?: number | undefined;
  }>;
  manualDiscount?: string | undefined;
  voucherCode?: string | undefined;
  activityCode?: string | undefined;
  declinedOffers?: readonly string[] | undefined;
  funderShare?: string | undefined;
  funderCode?: string | null | undefined;
}

/** Prices the lines on the server (never trusting a client's numbers). */
export function quoteLines(
  pricing: PricingPort,
  tx: DbOrTx,
  schoolItemCode: string,
  studentId: number | null,
  b: LinesInput,
  at: Date,
  orderId?: number,
  opts?: QuoteOptions,
): Promise<Quote> {
  return quote(
    pricing,
    tx,
    {
      schoolItemCode,
      at,
      studentId,
      orderId,
      orderType: b.orderType ?? 1,
      items: b.items.map((i) => ({
        courseCode: i.courseCode,
        buyTypeId: i.buyTypeId ?? null,
        quantity100: toQ100(i.quantity),
        gift100: i.giftQuantity ? toQ100(i.giftQuantity) : 0,
      })),
      manualDiscountCents: centsOf(b.manualDiscount),
      codes: { voucher: b.voucherCode, activity: b.activityCode },
      declined: b.declinedOffers,
    },
    opts,
  );
}

/**
 * The split of the payable between the family and a funder: a funder share needs a subsidised
 * student (the insurance flag) and a valid settlement organisation, and cannot exceed the payable.
 */
export async function splitOf(
  tx: DbOrTx,
  q: Quote,
  b: LinesInput,
  insurance: boolean,
): Promise<{ familyCents: number; funderCents: number; funderCode: string | null }> {
  const funderCents = centsOf(b.funderShare);
  if (!funderCents) return { familyCents: q.payableCents, funderCents: 0, funderCode: null };
  if (!insurance)
    throw badInput(
      'funderShare',
      'funderShare: 只有享受补贴的学员才能分摊付款 / only a subsidised student (insurance flag) can split the payment with a funder',
    );
  if (funderCents > q.payableCents)
    throw badInput(
      'funderShare',
      'funderShare: 资助方承担金额不能超过应付金额 / the funder share cannot exceed the payable',
    );
  const code = b.funderCode?.trim() ?? '';
  const [org] = code
    ? await tx
        .select({ code: settlementOrgs.code })
        .from(settlementOrgs)
        .where(and(eq(settlementOrgs.code, code), eq(settlementOrgs.validStatus, 1)))
    : [];
  if (!org)
    throw badInput(
      'funderCode',
      'funderCode: 请选择有效的资助方（结算机构） / choose a valid funder (settlement organisation)',
    );
  return { familyCents: q.payableCents - funderCents, funderCents, funderCode: org.code };
}

/** Writes the quoted lines and their breakdown of an order (after deleting its old ones on an edit). */
export async function writeLines(pricing: PricingPort, tx: DbOrTx, orderId: number, q: Quote): Promise<void> {
  await tx.delete(orderAdjustments).where(eq(orderAdjustments.orderId, orderId));
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  for (const i of q.items) {
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId,
        courseCode: i.courseCode,
        courseName: i.courseName,
        buyTypeId: i.buyTypeId,
        unit: i.unit,
        unitPriceCents: i.unitPriceCents,
        quantity: fromQ100(i.quantity100),
        giftQuantity: fromQ100(i.gift100),
        listCents: i.listCents,
        discountCents: i.listCents - i.amountCents,
        amountCents: i.amountCents,
      })
      .returning({ id: orderItems.id });
    if (item && i.adjustments.length)
      await tx.insert(orderAdjustments).values(
        i.adjustments.map((a) => ({
          orderId,
          orderItemId: item.id,
          source: a.source,
          ref: a.ref,
          label: a.label,
          cents: a.cents,
        })),
      );
  }
  // The offers the order used (a voucher's single use) are written with its lines, in its transaction.
  await commitQuote(pricing, tx, orderId, q);
}

/** Sums of an order's live records per payer and status, in cents. */
export async function recordSums(tx: DbOrTx, orderId: number) {
  const rows = await tx
    .select({
      payer: payRecords.payer,
      status: payRecords.status,
      cents: sql<string>`coalesce(sum(${payRecords.amountCents}), 0)::text`,
    })
    .from(payRecords)
    .where(and(eq(payRecords.orderId, orderId), inArray(payRecords.status, PAY_LIVE)))
    .groupBy(payRecords.payer, payRecords.status);
  const sum = (f: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(f).reduce((s, r) => s + Number(r.cents), 0);
  return {
    confirmed: sum((r) => r.status === PAY_CONFIRMED),
    pending: sum((r) => r.status === PAY_PENDING),
    family: sum((r) => r.payer === 'family'),
    funder: sum((r) => r.payer === 'funder'),
    total: sum(() => true),
  };
}
