// The promotions side of the pricing engine: which offers a basket may get today (published, in
// their dates, for its campus), the chosen activity and voucher checked by code, the stacking
// principles from their table, and an order's voucher use written with the order.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pgErrors.js';
import { badInput, conflict } from '../../http/errors.js';
import {
  DEFAULT_PRINCIPLES,
  OFFER_KINDS,
  type EngineOffer,
  type OfferKind,
  type OfferSet,
  type OfferSource,
  type Principles,
  type Quote,
  type QuoteInput,
} from '../pricing/index.js';
import { stateOf, todayOf, type OfferRecord } from './offers.js';
import { promoOffers, promoPrinciples, promoVoucherUses, promoVouchers } from './tables.js';

const bp = (percent: string) => Math.round(Number(percent) * 100);

export function engineOffer(o: OfferRecord, kind: OfferKind = o.kind as OfferKind): EngineOffer {
  return {
    id: o.id,
    kind,
    code: o.code,
    name: o.name,
    mode: o.mode,
    offBp: bp(o.offPercent),
    amountCents: o.amountCents,
    minSpendCents: o.minSpendCents,
    tiers: o.giftTiers,
    courseCodes: o.courseCodes,
    campusCodes: o.campusCodes,
  };
}

export async function loadPrinciples(tx: DbOrTx): Promise<Principles> {
  const rows = await tx.select().from(promoPrinciples);
  if (rows.length === 0) return DEFAULT_PRINCIPLES;
  const all = rows.find((r) => r.kind === 'all');
  return {
    kinds: OFFER_KINDS.map((k) => {
      const r = rows.find((x) => x.kind === k);
      const d = DEFAULT_PRINCIPLES.kinds.find((x) => x.kind === k);
      return r
        ? {
            kind: k,
            seq: r.seq,
            combinesWith: r.combinesWith.filter((c): c is OfferKind =>
              (OFFER_KINDS as readonly string[]).includes(c),
            ),
            capBp: bp(r.capPercent),
            enabled: r.enabled,
          }
        : (d ?? { kind: k, seq: 9, combinesWith: [], capBp: 10000, enabled: true });
    }),
    totalCapBp: all ? bp(all.capPercent) : DEFAULT_PRINCIPLES.totalCapBp,
  };
}

export type VoucherRecord = typeof promoVouchers.$inferSelect;

/** A voucher by code with its configuration; refuses (400 on voucherCode) what cannot be used today. */
export async function usableVoucher(
  tx: DbOrTx,
  code: string,
  studentId: number | null | undefined,
  today: string,
  ignoreOrderId?: number,
): Promise<{ v: VoucherRecord; config: OfferRecord }> {
  const bad = (why: string) => badInput('voucherCode', why);
  const [row] = await tx
    .select({ v: promoVouchers, config: promoOffers })
    .from(promoVouchers)
    .innerJoin(promoOffers, eq(promoOffers.id, promoVouchers.configId))
    .where(eq(promoVouchers.code, code));
  if (!row) throw bad(`代金券不存在 / no such voucher "${code}"`);
  const { v, config } = row;
  const [use] = await tx.select().from(promoVoucherUses).where(eq(promoVoucherUses.voucherId, v.id));
  if (v.status === 30) throw bad('代金券已作废 / the voucher is void');
  if (use && use.orderId !== ignoreOrderId) throw bad('代金券已使用 / the voucher has been used');
  if (config.status !== 1) throw bad('代金券配置已停用 / its configuration is disabled');
  if (today < v.validFrom || today > v.validTo)
    throw bad(
      `代金券不在有效期（${v.validFrom} 至 ${v.validTo}） / outside its validity (${v.validFrom} to ${v.validTo})`,
    );
  if (v.studentId !== null && v.studentId !== (studentId ?? null))
    throw bad('代金券属于其他学员 / the voucher belongs to another student');
  return { v, config };
}

/** The offer set of a basket today. */
export async function offerSetFor(
  tx: DbOrTx,
  input: QuoteInput,
  today: string,
  extra: EngineOffer[] = [],
): Promise<OfferSet> {
  const principles = await loadPrinciples(tx);
  const t = promoOffers;
  const live = await tx
    .select()
    .from(t)
    .where(
      and(
        inArray(t.kind, ['discount', 'gift', 'activity']),
        eq(t.status, 1),
        lte(t.startDate, today),
        gte(t.endDate, today),
        sql`(${t.campusCodes} = '[]'::jsonb or ${t.campusCodes} @> ${JSON.stringify([input.schoolItemCode])}::jsonb)`,
      ),
    )
    .orderBy(asc(t.id));
  const chosen: OfferSet['chosen'] = {};
  let offers = live.map((o) => engineOffer(o));
  const activityCode = input.codes?.activity?.trim();
  if (activityCode) {
    const [a] = await tx
      .select()
      .from(t)
      .where(and(eq(t.code, activityCode), eq(t.kind, 'activity')));
    if (!a) throw badInput('activityCode', `activityCode: 活动不存在 / no such activity "${activityCode}"`);
    const state = stateOf(a, today);
    if (state !== 10)
      throw badInput(
        'activityCode',
        `activityCode: 活动「${a.name}」不在进行中 / the activity "${a.name}" is not in progress`,
      );
    chosen.activity = a.id;
    offers = offers.filter((o) => o.kind !== 'activity').concat(engineOffer(a));
  }
  const voucherCode = input.codes?.voucher?.trim();
  if (voucherCode) {
    const { v, config } = await usableVoucher(tx, voucherCode, input.studentId, today, input.orderId);
    chosen.voucher = v.id;
    offers.push({ ...engineOffer(config, 'voucher'), id: v.id, code: v.code });
  }
  return { offers: offers.concat(extra), principles, chosen };
}

/**
 * Writes an order's voucher use. The order's earlier use (an edit) is released first; the voucher
 * row is locked so a second order using it waits and then finds it used, and the unique use row
 * refuses it whatever the timing.
 */
export async function commitVoucher(tx: DbOrTx, orderId: number, q: Quote, at: Date): Promise<void> {
  const mine = await tx.delete(promoVoucherUses).where(eq(promoVoucherUses.orderId, orderId)).returning();
  if (mine.length)
    await tx
      .update(promoVouchers)
      .set({ status: 10 })
      .where(
        and(
          inArray(
            promoVouchers.id,
            mine.map((m) => m.voucherId),
          ),
          eq(promoVouchers.status, 20),
        ),
      );
  if (!q.voucher) return;
  const [v] = await tx.select().from(promoVouchers).where(eq(promoVouchers.id, q.voucher.id)).for('update');
  if (!v || v.status !== 10)
    throw conflict(
      `代金券 ${q.voucher.code} 已被使用 / voucher ${q.voucher.code} has just been used`,
      'voucherCode',
    );
  try {
    await tx
      .insert(promoVoucherUses)
      .values({ voucherId: v.id, orderId, cents: q.voucher.cents, usedAt: at });
  } catch (e) {
    if (isUniqueViolation(e))
      throw conflict(
        `代金券 ${q.voucher.code} 已被使用 / voucher ${q.voucher.code} has just been used`,
        'voucherCode',
      );
    throw e;
  }
  await tx.update(promoVouchers).set({ status: 20 }).where(eq(promoVouchers.id, v.id));
}

/** The engine's source for one app (its clock). */
export function promotionsSource(now: () => Date): OfferSource {
  return {
    load: (tx, input) => offerSetFor(tx, input, todayOf(now())),
    commit: (tx, orderId, q) => commitVoucher(tx, orderId, q, now()),
  };
}

/** An unguessable voucher code: 'Q' + 11 characters of Crockford base 32. */
export function voucherCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(11);
  let s = 'Q';
  for (const b of bytes) s += alphabet[b % 32] ?? '0';
  return s;
}
