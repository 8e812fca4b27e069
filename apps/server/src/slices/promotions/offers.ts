// Offers of every kind (docs/pricing.md): one table, one form, one row shape, and the §4 state
// computed from the stored status and the dates.
import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TOfferFields, TOfferKind, TOfferRow } from '@bo/api-sdk';
import { fromCents, shanghaiDate, centsOf } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { badInput, notFound, ruleViolation } from '../../http/errors.js';
import { checkVersion } from '../../shared/stateMachine.js';
import { courses, schoolItems } from '../../db/schema.js';
import { promoOffers, promoVoucherUses, promoVouchers, type GiftTier } from './tables.js';
import { nextNumbered } from '../../db/numbering.js';
import { nextVersion, updateVersioned } from '../../shared/versioned.js';

export type OfferRecord = typeof promoOffers.$inferSelect;
type OfferFields = TOfferFields;

const PREFIX: Record<TOfferKind, string> = {
  discount: 'ZK',
  gift: 'ZS',
  voucher: 'YH',
  activity: 'HD',
  firstActivity: 'HZ',
};
export const KIND_NAME: Record<TOfferKind, string> = {
  discount: '折扣 / discount',
  gift: '赠课 / gift lesson',
  voucher: '代金券 / voucher',
  activity: '活动 / activity',
  firstActivity: '一级活动 / first-level activity',
};

/** Hundredths of a unit from a number of at most 2 decimals. */
export const q100 = (n: number) => Math.round(n * 100);

/** §4: 0 draft, 5 not started, 10 in progress, 20 ended, 30 cancelled. */
export function stateOf(o: Pick<OfferRecord, 'status' | 'startDate' | 'endDate'>, today: string): number {
  if (o.status === 2) return 30;
  if (o.status === 0) return 0;
  if (today < o.startDate) return 5;
  if (today > o.endDate) return 20;
  return 10;
}

/** The SQL form of `stateOf`, so a list filters and counts by state in the database. */
function stateWhere(state: number, today: string): SQL | undefined {
  const t = promoOffers;
  switch (state) {
    case 0:
      return eq(t.status, 0);
    case 30:
      return eq(t.status, 2);
    case 5:
      return and(eq(t.status, 1), sql`${t.startDate} > ${today}`);
    case 20:
      return and(eq(t.status, 1), sql`${t.endDate} < ${today}`);
    case 10:
      return and(eq(t.status, 1), lte(t.startDate, today), gte(t.endDate, today));
    default:
      return sql`false`;
  }
}

/** Checks what a kind needs and turns the form into columns. */
export function columnsOf(kind: TOfferKind, f: OfferFields) {
  const mode = f.mode ?? '';
  const offPercent = String(f.offPercent ?? '0');
  const amountCents = centsOf(f.amount);
  const tiers: GiftTier[] = (f.giftTiers ?? []).map((t) => ({
    min100: q100(Number(t.minQuantity)),
    gift100: q100(Number(t.giftQuantity)),
  }));
  const money = kind === 'discount' || kind === 'voucher' || kind === 'activity';
  if ((kind === 'discount' || kind === 'voucher') && mode === '')
    throw badInput('mode', 'mode: 请选择优惠方式（折扣率或金额） / choose a rate or an amount');
  if (money && mode === 'rate' && !(Number(offPercent) > 0))
    throw badInput('offPercent', 'offPercent: 折扣比例须大于0 / the percent off must be above 0');
  if (money && mode === 'amount' && amountCents <= 0)
    throw badInput('amount', 'amount: 优惠金额须大于0 / the amount off must be above 0');
  if (kind === 'gift' && tiers.length === 0)
    throw badInput('giftTiers', 'giftTiers: 至少设置一档赠课 / at least one gift tier');
  if (kind === 'activity' && mode === '' && tiers.length === 0 && (f.couponIds ?? []).length === 0)
    throw badInput(
      'mode',
      'mode: 活动至少包含折扣、赠课或代金券之一 / an activity needs a discount, a gift tier or a voucher',
    );
  tiers.forEach((t, n) => {
    if (t.gift100 <= 0)
      throw badInput(
        `giftTiers.${n}.giftQuantity`,
        `giftTiers.${n}.giftQuantity: 赠送数量须大于0 / the gift must be above 0`,
      );
  });
  const mins = tiers.map((t) => t.min100);
  if (new Set(mins).size !== mins.length)
    throw badInput('giftTiers', 'giftTiers: 档位门槛不能重复 / two tiers with the same threshold');
  return {
    name: f.name,
    remark: f.remark ?? '',
    mode: money ? mode : '',
    offPercent: money && mode === 'rate' ? offPercent : '0',
    amountCents: money && mode === 'amount' ? amountCents : 0,
    minSpendCents: kind === 'firstActivity' || kind === 'gift' ? 0 : centsOf(f.minSpend),
    giftTiers: kind === 'gift' || kind === 'activity' ? [...tiers].sort((a, b) => a.min100 - b.min100) : [],
    courseCodes: [...new Set(f.courseCodes ?? [])].sort(),
    campusCodes: [...new Set(f.campusCodes ?? [])].sort(),
    startDate: f.startDate,
    endDate: f.endDate,
    validDays: kind === 'voucher' ? (f.validDays ?? 0) : 0,
    couponIds: kind === 'activity' ? [...new Set(f.couponIds ?? [])] : [],
    parentId: kind === 'activity' ? (f.parentId ?? null) : null,
  };
}

/** Unknown courses, campuses, vouchers or first-level activity named by an offer are a 400 on that field. */
export async function checkCourses(tx: DbOrTx, codes: string[]): Promise<void> {
  if (!codes.length) return;
  const rows = await tx.select({ code: courses.code }).from(courses).where(inArray(courses.code, codes));
  const missing = codes.find((x) => !rows.some((r) => r.code === x));
  if (missing) throw badInput('courseCodes', `courseCodes: 课程不存在 / no such course "${missing}"`);
}

export async function checkRefs(tx: DbOrTx, c: ReturnType<typeof columnsOf>): Promise<void> {
  await checkCourses(tx, c.courseCodes);
  if (c.campusCodes.length) {
    const rows = await tx
      .select({ code: schoolItems.code })
      .from(schoolItems)
      .where(inArray(schoolItems.code, c.campusCodes));
    const missing = c.campusCodes.find((x) => !rows.some((r) => r.code === x));
    if (missing) throw badInput('campusCodes', `campusCodes: 校区不存在 / no such campus "${missing}"`);
  }
  if (c.couponIds.length) {
    const rows = await tx
      .select({ id: promoOffers.id })
      .from(promoOffers)
      .where(and(inArray(promoOffers.id, c.couponIds), eq(promoOffers.kind, 'voucher')));
    if (rows.length !== c.couponIds.length)
      throw badInput('couponIds', 'couponIds: 代金券配置不存在 / no such voucher configuration');
  }
  if (c.parentId !== null) {
    const [p] = await tx
      .select({ id: promoOffers.id })
      .from(promoOffers)
      .where(and(eq(promoOffers.id, c.parentId), eq(promoOffers.kind, 'firstActivity')));
    if (!p) throw badInput('parentId', 'parentId: 一级活动不存在 / no such first-level activity');
  }
}

export async function insertOffer(tx: DbOrTx, kind: TOfferKind, f: OfferFields, by: number, at: Date) {
  const c = columnsOf(kind, f);
  await checkRefs(tx, c);
  const { id, code } = await nextNumbered(tx, promoOffers, { prefix: PREFIX[kind], digits: 8 });
  const [row] = await tx
    .insert(promoOffers)
    .values({
      ...c,
      id,
      kind,
      code,
      status: 0,
      createdBy: by,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!row) throw new Error('insert promo_offers returned nothing');
  return row;
}

export async function loadOffer(
  tx: DbOrTx,
  id: number,
  kinds: readonly TOfferKind[],
  lock = false,
  /** The request's field that named the offer, when the body or query did. */
  field?: string,
): Promise<OfferRecord> {
  const q = tx
    .select()
    .from(promoOffers)
    .where(and(eq(promoOffers.id, id), inArray(promoOffers.kind, [...kinds])));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(kinds.map((k) => KIND_NAME[k]).join(' | '), field);
  return row;
}

export async function updateOffer(tx: DbOrTx, row: OfferRecord, version: number, f: OfferFields, at: Date) {
  checkVersion(row.version, version);
  if (row.status === 2) throw ruleViolation('已取消的活动不能修改 / a cancelled offer cannot be changed');
  const kind = row.kind as TOfferKind;
  const c = columnsOf(kind, f);
  await checkRefs(tx, c);
  if (c.parentId !== null && c.parentId === row.id)
    throw badInput('parentId', 'parentId: 不能指向自己 / an offer cannot be its own parent');
  const done = await updateVersioned(tx, promoOffers, {
    where: eq(promoOffers.id, row.id),
    version: row.version,
    set: { ...c },
    at,
  });
  return done;
}

/**
 * 0 withdraws (draft), 1 publishes, 2 cancels (activities only; final). A cancelled offer cannot be
 * published again: the records it gave stay tied to one campaign.
 */
export async function setStatus(
  tx: DbOrTx,
  row: OfferRecord,
  status: number,
  version: number | undefined,
  at: Date,
) {
  if (version !== undefined) checkVersion(row.version, version);
  if (row.status === 2)
    throw ruleViolation('已取消，不能再变更状态 / cancelled: the status cannot change any more');
  if (status === 2 && row.kind !== 'activity' && row.kind !== 'firstActivity')
    throw badInput(
      'status',
      'status: 只有活动可以取消 / only activities are cancelled; withdraw (0) the others',
    );
  const done = await updateVersioned(tx, promoOffers, {
    where: eq(promoOffers.id, row.id),
    version: row.version,
    set: { status },
    at,
  });
  if (status === 2 && row.kind === 'firstActivity')
    // Cancelling a group cancels its activities: a campaign ends as a whole.
    await tx
      .update(promoOffers)
      .set({ status: 2, updatedAt: at, version: nextVersion(promoOffers) })
      .where(and(eq(promoOffers.parentId, row.id), ne(promoOffers.status, 2)));
  return done;
}

export interface OfferListFilter {
  name?: string | undefined;
  state?: number | undefined;
  schoolItemCode?: string | undefined;
  courseCode?: string | undefined;
  parentId?: number | undefined;
}

function whereOf(
  kind: TOfferKind,
  f: OfferListFilter,
  today: string,
  campuses: string[] | null,
): SQL | undefined {
  const t = promoOffers;
  return and(
    eq(t.kind, kind),
    f.name ? ilike(t.name, `%${f.name.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    f.state !== undefined ? stateWhere(f.state, today) : undefined,
    f.schoolItemCode
      ? or(
          sql`${t.campusCodes} = '[]'::jsonb`,
          sql`${t.campusCodes} @> ${JSON.stringify([f.schoolItemCode])}::jsonb`,
        )
      : undefined,
    f.courseCode
      ? or(
          sql`${t.courseCodes} = '[]'::jsonb`,
          sql`${t.courseCodes} @> ${JSON.stringify([f.courseCode])}::jsonb`,
        )
      : undefined,
    f.parentId !== undefined ? eq(t.parentId, f.parentId) : undefined,
    // A campus-limited reader sees the offers that reach one of its campuses (or every campus).
    campuses
      ? or(
          sql`${t.campusCodes} = '[]'::jsonb`,
          ...campuses.map((c) => sql`${t.campusCodes} @> ${JSON.stringify([c])}::jsonb`),
        )
      : undefined,
  );
}

export async function listOffers(
  tx: DbOrTx,
  kind: TOfferKind,
  f: OfferListFilter,
  today: string,
  campuses: string[] | null,
  pageIdx: number,
  pageSize: number,
) {
  const where = whereOf(kind, f, today, campuses);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(promoOffers)
    .where(where);
  const rows = await tx
    .select()
    .from(promoOffers)
    .where(where)
    .orderBy(desc(promoOffers.id))
    .limit(pageSize)
    .offset((pageIdx - 1) * pageSize);
  return { list: await rowsOut(tx, rows, today), total: count?.n ?? 0, pageIdx, pageSize };
}

export async function allOffers(
  tx: DbOrTx,
  kind: TOfferKind,
  f: OfferListFilter,
  today: string,
  campuses: string[] | null,
) {
  const rows = await tx
    .select()
    .from(promoOffers)
    .where(whereOf(kind, f, today, campuses))
    .orderBy(desc(promoOffers.id))
    .limit(50000);
  return rowsOut(tx, rows, today);
}

/** The contract's rows, with the issued and used counts of voucher configurations. */
export async function rowsOut(tx: DbOrTx, rows: OfferRecord[], today: string): Promise<TOfferRow[]> {
  const ids = rows.filter((r) => r.kind === 'voucher').map((r) => r.id);
  const counts = ids.length
    ? await tx
        .select({
          configId: promoVouchers.configId,
          issued: sql<number>`count(*)::int`,
          used: sql<number>`count(${promoVoucherUses.id})::int`,
        })
        .from(promoVouchers)
        .leftJoin(promoVoucherUses, eq(promoVoucherUses.voucherId, promoVouchers.id))
        .where(inArray(promoVouchers.configId, ids))
        .groupBy(promoVouchers.configId)
    : [];
  return rows.map((r) => {
    const c = counts.find((x) => x.configId === r.id);
    return {
      id: r.id,
      kind: r.kind as TOfferKind,
      code: r.code,
      name: r.name,
      remark: r.remark,
      mode: (r.mode === 'rate' || r.mode === 'amount' ? r.mode : '') as 'rate' | 'amount' | '',
      offPercent: Number(r.offPercent).toFixed(2),
      amount: fromCents(r.amountCents),
      minSpend: fromCents(r.minSpendCents),
      giftTiers: r.giftTiers.map((t) => ({ minQuantity: t.min100 / 100, giftQuantity: t.gift100 / 100 })),
      courseCodes: r.courseCodes,
      campusCodes: r.campusCodes,
      startDate: r.startDate,
      endDate: r.endDate,
      validDays: r.validDays,
      couponIds: r.couponIds,
      parentId: r.parentId,
      status: r.status,
      state: stateOf(r, today),
      issued: c?.issued ?? 0,
      used: c?.used ?? 0,
      createdAt: r.createdAt.toISOString(),
      version: r.version,
    };
  });
}

export async function namesOf(tx: DbOrTx, table: 'courses' | 'campuses', codes: string[]) {
  if (table === 'courses') {
    const rows = await tx
      .select({ code: courses.code, name: courses.name })
      .from(courses)
      .where(codes.length ? inArray(courses.code, codes) : eq(courses.validStatus, 1))
      .orderBy(asc(courses.code));
    return rows;
  }
  return tx
    .select({ code: schoolItems.code, name: schoolItems.name })
    .from(schoolItems)
    .where(codes.length ? inArray(schoolItems.code, codes) : eq(schoolItems.validStatus, 1))
    .orderBy(asc(schoolItems.code));
}

export async function detailOf(tx: DbOrTx, row: OfferRecord, today: string) {
  const [out] = await rowsOut(tx, [row], today);
  if (!out) throw new Error('rowsOut lost a row');
  const coupons = row.couponIds.length
    ? await tx
        .select()
        .from(promoOffers)
        .where(inArray(promoOffers.id, row.couponIds))
        .orderBy(asc(promoOffers.id))
    : [];
  const children =
    row.kind === 'firstActivity'
      ? await tx
          .select()
          .from(promoOffers)
          .where(eq(promoOffers.parentId, row.id))
          .orderBy(asc(promoOffers.id))
      : [];
  return {
    ...out,
    courses: row.courseCodes.length ? await namesOf(tx, 'courses', row.courseCodes) : [],
    campuses: row.campusCodes.length ? await namesOf(tx, 'campuses', row.campusCodes) : [],
    coupons: await rowsOut(tx, coupons, today),
    children: await rowsOut(tx, children, today),
  };
}

export const todayOf = (now: Date) => shanghaiDate(now);
