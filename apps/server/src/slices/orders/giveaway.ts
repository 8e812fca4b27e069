// Give-aways bounded by policy (docs/order-states.md "Give-aways"): the gift hours a consultant types
// and the manual discount have per-role limits (GIVEAWAY_LIMITS); above them, or when nothing is left
// to pay (a scholarship), the order waits for the campus head's approval (`orderGiveaway`) before it
// can be paid — so no hour of it reaches the ledger before that approval. A pass makes it payable
// (or, at payable 0, effective with its hours posted); a reject or withdrawal revokes it.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { badInput } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { lockOne } from '../../shared/stateMachine.js';
import { fileRequest, registerApprovalKind, type HookContext } from '../approvals/index.js';
import { fromQ100, post } from '../ledger/index.js';
import type { Quote } from '../pricing/index.js';
import { purchaseMovements } from './approval.js';
import type { OrderRecord } from './common.js';
import { typeAtEffect } from './orderType.js';
import { nextStatus } from './states.js';
import { orders } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

export const ORDER_GIVEAWAY = 'orderGiveaway';

/** The defaults of GIVEAWAY_LIMITS (config.ts): role code → [gift %, discount %]. */
export const DEFAULT_GIVEAWAY_LIMITS = '34=10/5,15=10/5,20=10/5,58=15/8,72=20/10,76=20/10,1=20/10';

/** A user's limits in basis points (1 % = 100). */
export interface GiveawayLimit {
  giftBp: number;
  discountBp: number;
}

const bp = (percent: string) => Math.round(Number(percent) * 100);

/** Parses "role=gift%/discount%,…" (config.ts checked the form). */
export function parseLimits(text: string): Map<number, GiveawayLimit> {
  const m = new Map<number, GiveawayLimit>();
  for (const part of text.split(',')) {
    const [role = '', values = ''] = part.split('=');
    const [gift = '0', discount = '0'] = values.split('/');
    m.set(Number(role), { giftBp: bp(gift), discountBp: bp(discount) });
  }
  return m;
}

/** The highest limit of the user's roles (a role not listed: 0). */
export function limitOf(u: Pick<AuthUser, 'roles'>, text: string | undefined): GiveawayLimit {
  const table = parseLimits(text ?? DEFAULT_GIVEAWAY_LIMITS);
  let giftBp = 0;
  let discountBp = 0;
  for (const r of u.roles) {
    const l = table.get(Number(r));
    if (!l) continue;
    giftBp = Math.max(giftBp, l.giftBp);
    discountBp = Math.max(discountBp, l.discountBp);
  }
  return { giftBp, discountBp };
}

/** What an order gives away, as the approval shows it. */
export const GiveawayFacts = z.object({
  lines: z.array(
    z.object({
      courseName: z.string(),
      /** Bought and typed gift quantities (units of the course), at most 2 decimals. */
      quantity: z.string(),
      gift: z.string(),
      /** The gift the caller could give without approval. */
      giftLimit: z.string(),
    }),
  ),
  /** Typed gift hours in total (offers' gift hours are policy and not counted). */
  giftTotal: z.string(),
  /** The gift hours' value at the lines' unit prices. */
  giftValueCents: z.number().int(),
  manualDiscountCents: z.number().int(),
  discountLimitCents: z.number().int(),
  listCents: z.number().int(),
  payableCents: z.number().int(),
  giftPercent: z.number(),
  discountPercent: z.number(),
  /** Why an approval is needed: gift, discount and/or scholarship (payable 0). */
  over: z.array(z.enum(['gift', 'discount', 'scholarship'])),
});
export type GiveawayFacts = z.infer<typeof GiveawayFacts>;

/**
 * The give-away of a quote against the caller's limit. `typedGift100` per line: the gift the
 * consultant typed (the quote's gift also holds what offers gave).
 */
export function giveawayOf(
  q: Quote,
  typedGift100: readonly number[],
  manualDiscountCents: number,
  limit: GiveawayLimit,
): GiveawayFacts {
  const over = new Set<'gift' | 'discount' | 'scholarship'>();
  let giftTotal = 0;
  let giftValueCents = 0;
  const lines = q.items.map((i, n) => {
    const gift100 = typedGift100[n] ?? 0;
    // At most giftBp of the bought quantity, in hundredths, floored (10 % of 15 h = 1.5 h).
    const allowed100 = Math.floor((i.quantity100 * limit.giftBp) / 10000);
    if (gift100 > allowed100) over.add('gift');
    giftTotal += gift100;
    giftValueCents += Math.round((i.unitPriceCents * gift100) / 100);
    return {
      courseName: i.courseName,
      quantity: fromQ100(i.quantity100),
      gift: fromQ100(gift100),
      giftLimit: fromQ100(allowed100),
    };
  });
  const discountLimitCents = Math.floor((q.listCents * limit.discountBp) / 10000);
  if (manualDiscountCents > discountLimitCents) over.add('discount');
  if (q.payableCents === 0) over.add('scholarship');
  return {
    lines,
    giftTotal: fromQ100(giftTotal),
    giftValueCents,
    manualDiscountCents,
    discountLimitCents,
    listCents: q.listCents,
    payableCents: q.payableCents,
    giftPercent: limit.giftBp / 100,
    discountPercent: limit.discountBp / 100,
    over: [...over],
  };
}

/** Above the limit the consultant says why (400 naming `giveawayReason`). */
export function assertReason(f: GiveawayFacts, reason: string | undefined): string {
  const r = (reason ?? '').trim();
  if (f.over.length && !r)
    throw badInput(
      'giveawayReason',
      `giveawayReason: 赠送课时或手动优惠超出您的权限（赠送≤${f.giftPercent}%，优惠≤${f.discountPercent}%），请填写原因以提交校区负责人审批 / the gift hours or manual discount exceed your limit (gift ≤ ${f.giftPercent} %, discount ≤ ${f.discountPercent} %): give a reason for the campus head's approval`,
    );
  return r;
}

const Payload = z.object({ orderId: z.number().int(), facts: GiveawayFacts });
type Payload = z.infer<typeof Payload>;

/** Files the give-away approval of an order (in the command's transaction); answers its id. */
export async function fileGiveaway(
  tx: DbOrTx,
  userId: number | null,
  o: Pick<OrderRecord, 'id' | 'code' | 'schoolItemCode'>,
  studentName: string,
  facts: GiveawayFacts,
  reason: string,
  at: Date,
): Promise<number> {
  return fileRequest(
    tx,
    userId,
    {
      kind: ORDER_GIVEAWAY,
      subjectId: o.id,
      subjectCode: o.code,
      subjectName: studentName,
      schoolItemCode: o.schoolItemCode,
      amountCents: facts.manualDiscountCents + facts.giftValueCents,
      reason,
      payload: { orderId: o.id, facts },
    },
    at,
  );
}

async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRecord> {
  return lockOne(tx.select().from(orders).where(eq(orders.id, id)), '订单 / order');
}

async function move(tx: DbOrTx, o: OrderRecord, status: number, at: Date, patch: Partial<OrderRecord> = {}) {
  await updateVersioned(tx, orders, {
    where: eq(orders.id, o.id),
    version: o.version,
    set: { ...patch, status },
    at,
  });
}

const audit = (c: HookContext<Payload>, action: string, o: OrderRecord) =>
  writeAudit(c.tx, {
    action,
    target: `orders:${o.code}`,
    detail: { approval: c.request.id, comment: c.comment },
    userId: c.actor.id,
    username: c.actor.username,
    at: c.now,
  });

async function refuse(c: HookContext<Payload>, action: string) {
  const o = await lockOrder(c.tx, c.payload.orderId);
  await move(c.tx, o, nextStatus('giveawayReject', o.status), c.now);
  await audit(c, action, o);
}

registerApprovalKind<Payload>({
  kind: ORDER_GIVEAWAY,
  subjectType: 'order',
  label: { 'zh-CN': '赠送与优惠审批', en: 'Give-away approval' },
  payload: Payload,
  defaultSteps: [
    {
      name: '校区负责人审批',
      roles: [ROLE.centreLeader, ROLE.director],
      userIds: [],
      mode: 'any',
      aboveCents: null,
    },
  ],
  onPass: async (c) => {
    const o = await lockOrder(c.tx, c.payload.orderId);
    if (o.payableCents > 0) {
      await move(c.tx, o, nextStatus('giveawayPass', o.status), c.now);
      await audit(c, 'order.giveawayApproved', o);
      return;
    }
    // A scholarship: nothing to pay, so the approval is what makes it effective.
    const status = nextStatus('giveawayEffective', o.status);
    const orderType = await typeAtEffect(c.tx, o);
    await move(c.tx, o, status, c.now, { effectiveAt: c.now, orderType });
    await post(c.tx, await purchaseMovements(c.tx, o), { userId: c.actor.id, at: c.now });
    await audit(c, 'order.effective', o);
  },
  onReject: (c) => refuse(c, 'order.giveawayRejected'),
  onCancel: (c) => refuse(c, 'order.giveawayWithdrawn'),
});
