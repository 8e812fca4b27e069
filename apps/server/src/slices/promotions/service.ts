// Promotions commands and reads: offers of every kind, vouchers, the preview, the stacking principles,
// terms, and the selling side the order screens ask. One transaction per command.
import { fromCents, centsOf, STUDENT_STATUS } from '@bo/domain';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  OfferPreviewInput,
  PrinciplesInput,
  SaleTermInput,
  TOfferFields,
  TOfferKind,
  TPrinciples,
  TVoucherRow,
} from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, notFound, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { checkVersion } from '../../shared/stateMachine.js';
import { courses } from '../../db/schema.js';
import {
  orderAdjustments,
  orderItems,
  orders,
  quoteLines,
  quoteOut,
  ORDER_STATUS_CODE,
} from '../orders/index.js';
import { giftFor, quote } from '../pricing/index.js';
import { assertCanSeeStudent, DELETED } from '../students/index.js';
import * as o from './offers.js';
import {
  engineOffer,
  loadPrinciples,
  offerSetFor,
  promotionsSource,
  usableVoucher,
  voucherCode,
} from './source.js';
import { promoOffers, promoPrinciples, promoTerms, promoVoucherUses, promoVouchers } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';
import { spoken } from '../../http/language.js';

type Deps = Pick<AppDeps, 'db' | 'now' | 'ports'>;
const today = (deps: Deps) => o.todayOf(deps.now());

async function audit(tx: DbOrTx, u: AuthUser, at: Date, action: string, target: string, detail: unknown) {
  await writeAudit(tx, { action, target, detail, userId: u.id, username: u.username, ip: '', at });
}

// ---- offers ----

export async function saveOffer(deps: Deps, u: AuthUser, kind: TOfferKind, f: TOfferFields) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await o.insertOffer(tx, kind, f, u.id, at);
    await audit(tx, u, at, 'promotions.save', `promo_offers:${row.code}`, { kind, name: row.name });
    return one(tx, row, today(deps));
  });
}

export async function updateOffer(
  deps: Deps,
  u: AuthUser,
  kinds: readonly TOfferKind[],
  id: number,
  version: number,
  f: TOfferFields,
  /** 'id' when the body named the offer (a path's offer has no field). */
  field?: string,
) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await o.loadOffer(tx, id, kinds, true, field);
    const done = await o.updateOffer(tx, row, version, f, at);
    await audit(tx, u, at, 'promotions.update', `promo_offers:${row.code}`, { version: done.version });
    return one(tx, done, today(deps));
  });
}

export async function offerStatus(
  deps: Deps,
  u: AuthUser,
  kinds: readonly TOfferKind[],
  b: { id: number; status: number; version?: number | undefined },
) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await o.loadOffer(tx, b.id, kinds, true, 'id');
    const done = await o.setStatus(tx, row, b.status, b.version, at);
    await audit(tx, u, at, 'promotions.status', `promo_offers:${row.code}`, {
      from: row.status,
      to: b.status,
    });
    return one(tx, done, today(deps));
  });
}

async function one(tx: DbOrTx, row: o.OfferRecord, day: string) {
  const [out] = await o.rowsOut(tx, [row], day);
  if (!out) throw new Error('rowsOut lost a row');
  return out;
}

export async function offerDetail(deps: Deps, kinds: readonly TOfferKind[], id: number) {
  const row = await o.loadOffer(deps.db, id, kinds);
  return o.detailOf(deps.db, row, today(deps));
}

export const offerList = (
  deps: Deps,
  u: AuthUser,
  kind: TOfferKind,
  q: o.OfferListFilter & { pageIdx: number; pageSize: number },
) => {
  // A named campus outside the caller's scope is refused, never filtered to nothing.
  assertCampus(u, q.schoolItemCode);
  return o.listOffers(deps.db, kind, q, today(deps), campusScope(u), q.pageIdx, q.pageSize);
};

export const offerAll = (deps: Deps, u: AuthUser, kind: TOfferKind, q: o.OfferListFilter) => {
  assertCampus(u, q.schoolItemCode);
  return o.allOffers(deps.db, kind, q, today(deps), campusScope(u));
};

export async function offerNames(deps: Deps, kind: TOfferKind) {
  const rows = await deps.db
    .select()
    .from(promoOffers)
    .where(eq(promoOffers.kind, kind))
    .orderBy(desc(promoOffers.id))
    .limit(500);
  const day = today(deps);
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, state: o.stateOf(r, day) }));
}

export async function children(deps: Deps, parentId: number) {
  const rows = await deps.db
    .select()
    .from(promoOffers)
    .where(eq(promoOffers.parentId, parentId))
    .orderBy(asc(promoOffers.id));
  return o.rowsOut(deps.db, rows, today(deps));
}

export async function activityParts(deps: Deps, id: number, part: 'coupons' | 'courses' | 'campuses') {
  const row = await o.loadOffer(deps.db, id, ['activity']);
  if (part === 'coupons') {
    const rows = row.couponIds.length
      ? await deps.db
          .select()
          .from(promoOffers)
          .where(inArray(promoOffers.id, row.couponIds))
          .orderBy(asc(promoOffers.id))
      : [];
    return { coupons: await o.rowsOut(deps.db, rows, today(deps)), names: [] };
  }
  return {
    coupons: [],
    names: await o.namesOf(deps.db, part, part === 'courses' ? row.courseCodes : row.campusCodes),
  };
}

/** The activities an order may choose now for a campus and its courses. */
export async function activitiesFor(
  deps: Deps,
  u: AuthUser,
  b: { schoolItemCode: string; courseCodes: string[] },
) {
  assertCampus(u, b.schoolItemCode);
  const day = today(deps);
  const t = promoOffers;
  const rows = await deps.db
    .select()
    .from(t)
    .where(
      and(
        eq(t.kind, 'activity'),
        eq(t.status, 1),
        lte(t.startDate, day),
        gte(t.endDate, day),
        sql`(${t.campusCodes} = '[]'::jsonb or ${t.campusCodes} @> ${JSON.stringify([b.schoolItemCode])}::jsonb)`,
      ),
    )
    .orderBy(asc(t.id));
  const fit = rows.filter(
    (r) =>
      r.courseCodes.length === 0 ||
      b.courseCodes.length === 0 ||
      b.courseCodes.some((c) => r.courseCodes.includes(c)),
  );
  return o.rowsOut(deps.db, fit, day);
}

// ---- the preview ----

/**
 * A sample basket priced as the engine prices orders today, once without the offer and once as if
 * the offer as typed were published: nothing is written, so a draft can be tried before it goes out.
 */
export async function preview(deps: Deps, u: AuthUser, b: z.output<typeof OfferPreviewInput>) {
  assertCampus(u, b.schoolItemCode);
  const cols = o.columnsOf(b.kind, b.offer);
  await o.checkRefs(deps.db, cols);
  const input = {
    schoolItemCode: b.schoolItemCode,
    at: deps.now(),
    orderType: 1,
    items: b.items.map((i) => ({ courseCode: i.courseCode, quantity100: o.q100(i.quantity) })),
  };
  const without = await quote(deps.ports.pricing, deps.db, input);
  const draft = engineOffer({
    ...cols,
    id: 2147483647,
    kind: b.kind,
    code: 'PREVIEW',
    status: 1,
    createdBy: u.id,
    createdAt: deps.now(),
    updatedAt: deps.now(),
    version: 1,
  });
  const withQuote = await quote(deps.ports.pricing, deps.db, input, { draft });
  const payable = withQuote.payableCents;
  return {
    without: quoteOut(without, 0),
    with: quoteOut(withQuote, 0),
    saving: fromCents(Math.max(0, without.payableCents - payable)),
  };
}

// ---- vouchers ----

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export async function issueVouchers(
  deps: Deps,
  u: AuthUser,
  b: { configId: number; count: number; studentId?: number | null | undefined },
) {
  const at = deps.now();
  const day = today(deps);
  return deps.db.transaction(async (tx) => {
    const c = await o.loadOffer(tx, b.configId, ['voucher'], true, 'configId');
    if (c.status !== 1)
      throw ruleViolation('代金券配置未启用 / the voucher configuration is not enabled', 'configId');
    if (day > c.endDate)
      throw ruleViolation('代金券配置已过期 / the voucher configuration has ended', 'configId');
    if (b.studentId) {
      const s = await assertCanSeeStudent(tx, u, b.studentId, 'studentId');
      if (c.campusCodes.length && !c.campusCodes.includes(s.schoolItemCode))
        throw badInput(
          'studentId',
          'studentId: 学员校区不在代金券适用范围 / the student’s campus is outside the voucher’s campuses',
        );
    }
    const validFrom = day > c.startDate ? day : c.startDate;
    const validTo = c.validDays > 0 ? addDays(validFrom, c.validDays - 1) : c.endDate;
    const rows = await tx
      .insert(promoVouchers)
      .values(
        Array.from({ length: b.count }, () => ({
          configId: c.id,
          code: voucherCode(),
          studentId: b.studentId ?? null,
          validFrom,
          validTo,
          status: 10,
          issuedBy: u.id,
          issuedAt: at,
        })),
      )
      .returning();
    await audit(tx, u, at, 'promotions.issue', `promo_offers:${c.code}`, {
      count: b.count,
      studentId: b.studentId ?? null,
    });
    return rows.map((v) => voucherOut(v, c, null, day));
  });
}

function voucherOut(
  v: typeof promoVouchers.$inferSelect,
  c: o.OfferRecord,
  use: { orderId: number; usedAt: Date } | null,
  day: string,
): TVoucherRow {
  const status = use ? 20 : v.status === 10 && day > v.validTo ? 40 : v.status;
  return {
    id: v.id,
    code: v.code,
    configId: c.id,
    configName: c.name,
    mode: c.mode === 'rate' || c.mode === 'amount' ? c.mode : '',
    offPercent: Number(c.offPercent).toFixed(2),
    amount: fromCents(c.amountCents),
    minSpend: fromCents(c.minSpendCents),
    studentId: v.studentId,
    validFrom: v.validFrom,
    validTo: v.validTo,
    status,
    orderId: use?.orderId ?? null,
    usedAt: use ? use.usedAt.toISOString() : null,
  };
}

async function vouchersOut(
  db: DbOrTx,
  where: ReturnType<typeof and>,
  day: string,
  limit: number,
  offset = 0,
) {
  const rows = await db
    .select({ v: promoVouchers, c: promoOffers, use: promoVoucherUses })
    .from(promoVouchers)
    .innerJoin(promoOffers, eq(promoOffers.id, promoVouchers.configId))
    .leftJoin(promoVoucherUses, eq(promoVoucherUses.voucherId, promoVouchers.id))
    .where(where)
    .orderBy(desc(promoVouchers.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => voucherOut(r.v, r.c, r.use, day));
}

export async function voucherPage(
  deps: Deps,
  q: { configId: number; code?: string | undefined; pageIdx: number; pageSize: number },
) {
  const where = and(
    eq(promoVouchers.configId, q.configId),
    q.code ? ilike(promoVouchers.code, `%${q.code.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(promoVouchers)
    .where(where);
  return {
    list: await vouchersOut(deps.db, where, today(deps), q.pageSize, (q.pageIdx - 1) * q.pageSize),
    total: n?.n ?? 0,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function voucherByCode(deps: Deps, u: AuthUser, code: string) {
  const [v] = await vouchersOut(deps.db, and(eq(promoVouchers.code, code)), today(deps), 1);
  if (!v) throw notFound('代金券 / voucher');
  // A voucher issued to a student is that student's: refused outside the student's campus.
  if (v.studentId !== null && !u.allScope) await assertCanSeeStudent(deps.db, u, v.studentId);
  return v;
}

/** A student's (or the bearer's) vouchers usable now at a campus. */
export async function couponsForStudent(
  deps: Deps,
  u: AuthUser,
  b: { studentId?: number | undefined; schoolItemCode: string },
) {
  assertCampus(u, b.schoolItemCode);
  if (b.studentId) await assertCanSeeStudent(deps.db, u, b.studentId, 'studentId');
  const day = today(deps);
  const list = await vouchersOut(
    deps.db,
    and(
      eq(promoVouchers.status, 10),
      isNull(promoVoucherUses.id),
      eq(promoOffers.status, 1),
      lte(promoVouchers.validFrom, day),
      gte(promoVouchers.validTo, day),
      b.studentId ? eq(promoVouchers.studentId, b.studentId) : isNull(promoVouchers.studentId),
      sql`(${promoOffers.campusCodes} = '[]'::jsonb or ${promoOffers.campusCodes} @> ${JSON.stringify([b.schoolItemCode])}::jsonb)`,
    ),
    day,
    200,
  );
  return list;
}

// ---- activity records ----

export async function records(
  deps: Deps,
  u: AuthUser,
  q: { offerCode?: string | undefined; schoolItemCode?: string | undefined },
  limit: number,
  offset: number,
) {
  if (q.schoolItemCode) assertCampus(u, q.schoolItemCode);
  const scope = campusScope(u);
  const where = and(
    inArray(orderAdjustments.source, ['discount', 'gift', 'voucher', 'activity']),
    sql`${orderAdjustments.ref} <> ''`,
    q.offerCode ? eq(orderAdjustments.ref, q.offerCode) : undefined,
    q.schoolItemCode ? eq(orders.schoolItemCode, q.schoolItemCode) : undefined,
    scope ? inArray(orders.schoolItemCode, scope.length ? scope : ['']) : undefined,
  );
  const base = deps.db
    .select({
      orderId: orders.id,
      orderCode: orders.code,
      orderStatus: orders.status,
      schoolItemCode: orders.schoolItemCode,
      courseName: orderItems.courseName,
      source: orderAdjustments.source,
      offerCode: orderAdjustments.ref,
      label: orderAdjustments.label,
      cents: orderAdjustments.cents,
      createdAt: orders.createdAt,
    })
    .from(orderAdjustments)
    .innerJoin(orders, eq(orders.id, orderAdjustments.orderId))
    .innerJoin(orderItems, eq(orderItems.id, orderAdjustments.orderItemId))
    .where(where);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderAdjustments)
    .innerJoin(orders, eq(orders.id, orderAdjustments.orderId))
    .where(where);
  const rows = await base.orderBy(desc(orderAdjustments.id)).limit(limit).offset(offset);
  return {
    total: n?.n ?? 0,
    list: rows.map((r) => ({
      orderId: r.orderId,
      orderCode: r.orderCode,
      orderStatus: r.orderStatus,
      schoolItemCode: r.schoolItemCode,
      courseName: r.courseName,
      source: r.source,
      offerCode: r.offerCode,
      label: r.label,
      amount: fromCents(r.cents),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

// ---- stacking principles ----

export async function principlesOut(deps: Deps): Promise<TPrinciples> {
  const p = await loadPrinciples(deps.db);
  return {
    kinds: [...p.kinds]
      .sort((a, b) => a.seq - b.seq)
      .map((k) => ({
        kind: k.kind,
        seq: k.seq,
        combinesWith: [...k.combinesWith],
        capPercent: (k.capBp / 100).toFixed(2),
        enabled: k.enabled,
      })),
    totalCapPercent: (p.totalCapBp / 100).toFixed(2),
  };
}

export async function savePrinciples(deps: Deps, u: AuthUser, b: z.output<typeof PrinciplesInput>) {
  const kinds = b.kinds.map((k) => k.kind);
  if (new Set(kinds).size !== 4) throw badInput('kinds', 'kinds: 四类优惠各一行 / one row per offer kind');
  const seqs = b.kinds.map((k) => k.seq);
  if (new Set(seqs).size !== 4)
    throw badInput('kinds', 'kinds: 顺序不能重复 / two kinds with the same order');
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(promoPrinciples);
    await tx.insert(promoPrinciples).values([
      ...b.kinds.map((k) => ({
        kind: k.kind,
        seq: k.seq,
        combinesWith: [...new Set(k.combinesWith.filter((c) => c !== k.kind))],
        capPercent: k.capPercent,
        enabled: k.enabled,
        updatedBy: u.id,
        updatedAt: at,
      })),
      {
        kind: 'all',
        seq: 0,
        combinesWith: [],
        capPercent: b.totalCapPercent,
        enabled: true,
        updatedBy: u.id,
        updatedAt: at,
      },
    ]);
    await audit(tx, u, at, 'promotions.principles', 'promo_principles', b);
  });
  return principlesOut(deps);
}

// ---- terms ----

const termOut = (t: typeof promoTerms.$inferSelect) => ({
  id: t.id,
  code: t.code,
  name: t.name,
  startDate: t.startDate,
  endDate: t.endDate,
  courseCodes: t.courseCodes,
  remark: t.remark,
  validStatus: t.validStatus,
  version: t.version,
});

export async function saveTerm(deps: Deps, u: AuthUser, b: z.output<typeof SaleTermInput>) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const [dup] = await tx.select({ id: promoTerms.id }).from(promoTerms).where(eq(promoTerms.code, b.code));
    if (dup && dup.id !== b.id)
      throw conflict(`学期编码 ${b.code} 已存在 / term code ${b.code} exists`, 'code');
    const cols = {
      code: b.code,
      name: b.name,
      startDate: b.startDate,
      endDate: b.endDate,
      courseCodes: [...new Set(b.courseCodes)].sort(),
      remark: b.remark,
      validStatus: b.validStatus,
      updatedAt: at,
    };
    await o.checkCourses(tx, cols.courseCodes);
    let row;
    if (b.id) {
      const [cur] = await tx.select().from(promoTerms).where(eq(promoTerms.id, b.id)).for('update');
      if (!cur) throw notFound('学期 / term', 'id');
      checkVersion(cur.version, b.version ?? 0);
      row = await updateVersioned(tx, promoTerms, {
        where: eq(promoTerms.id, b.id),
        version: undefined,
        set: { ...cols },
      });
    } else
      [row] = await tx
        .insert(promoTerms)
        .values({ ...cols, createdAt: at })
        .returning();
    if (!row) throw new Error('promo_terms write returned nothing');
    await audit(tx, u, at, 'promotions.term', `promo_terms:${row.code}`, cols);
    return termOut(row);
  });
}

export async function termPage(
  deps: Deps,
  q: { name?: string | undefined; pageIdx: number; pageSize: number },
) {
  const where = q.name ? ilike(promoTerms.name, `%${q.name.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(promoTerms)
    .where(where);
  const rows = await deps.db
    .select()
    .from(promoTerms)
    .where(where)
    .orderBy(desc(promoTerms.startDate), desc(promoTerms.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return { list: rows.map(termOut), total: n?.n ?? 0, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function termDetail(deps: Deps, id: number) {
  const [t] = await deps.db.select().from(promoTerms).where(eq(promoTerms.id, id));
  if (!t) throw notFound('学期 / term');
  return termOut(t);
}

export async function termsFor(
  deps: Deps,
  q: { courseCode?: string | undefined; date?: string | undefined },
) {
  const day = q.date ?? today(deps);
  const rows = await deps.db
    .select()
    .from(promoTerms)
    .where(
      and(
        eq(promoTerms.validStatus, 1),
        gte(promoTerms.endDate, day),
        q.courseCode
          ? or(
              sql`${promoTerms.courseCodes} = '[]'::jsonb`,
              sql`${promoTerms.courseCodes} @> ${JSON.stringify([q.courseCode])}::jsonb`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(promoTerms.startDate))
    .limit(100);
  return rows.map(termOut);
}

// ---- the selling side ----

type Basket = Parameters<typeof quoteLines>[4] & {
  schoolItemCode: string;
  studentId?: number | null | undefined;
};

export async function priceBasket(deps: Deps, u: AuthUser, b: Basket) {
  assertCampus(u, b.schoolItemCode);
  if (b.studentId) {
    const s = await assertCanSeeStudent(deps.db, u, b.studentId, 'studentId');
    if (s.schoolItemCode !== b.schoolItemCode)
      throw badInput(
        'schoolItemCode',
        'schoolItemCode: 订单校区须为学员所在校区 / the order’s campus must be the student’s',
      );
  }
  return quoteLines(deps.ports.pricing, deps.db, b.schoolItemCode, b.studentId ?? null, b, deps.now());
}

export async function confirmCoupon(deps: Deps, u: AuthUser, b: Basket & { expectedPayable: string }) {
  const q = await priceBasket(deps, u, b);
  if (q.payableCents !== centsOf(b.expectedPayable))
    throw conflict(
      `价格已变化，应付 ¥${fromCents(q.payableCents)} / the price changed: the payable is now ¥${fromCents(q.payableCents)}`,
      'expectedPayable',
    );
  return quoteOut(q, 0);
}

export async function unitPrice(deps: Deps, courseCode: string) {
  const [c] = await deps.db.select().from(courses).where(eq(courses.code, courseCode));
  if (!c) throw notFound('课程 / course');
  const q = await quote(
    deps.ports.pricing,
    deps.db,
    { schoolItemCode: '', at: deps.now(), orderType: 1, items: [{ courseCode, quantity100: 100 }] },
    { skipOffers: true },
  );
  const item = q.items[0];
  return {
    courseCode: c.code,
    courseName: c.name,
    unit: c.purchaseUnit,
    unitPrice: fromCents(item?.unitPriceCents ?? 0),
  };
}

export async function studentAttr(deps: Deps, u: AuthUser, studentId: number) {
  const s = await assertCanSeeStudent(deps.db, u, studentId);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.studentId, s.id),
        inArray(orders.status, [ORDER_STATUS_CODE.effective, ORDER_STATUS_CODE.closed]),
      ),
    );
  const effective = n?.n ?? 0;
  return {
    studentId: s.id,
    code: s.code,
    name: s.name,
    schoolItemCode: s.schoolItemCode,
    level: effective > 0 ? ('renewal' as const) : ('new' as const),
    effectiveOrders: effective,
    insurance: s.insurance,
  };
}

export async function checkStudent(deps: Deps, u: AuthUser, studentId: number) {
  const s = await assertCanSeeStudent(deps.db, u, studentId);
  if (s.status === STUDENT_STATUS.finished)
    return { ok: false, reason: spoken('学员已结课 / the student has finished') };
  if (s.status === DELETED) return { ok: false, reason: spoken('学员已删除 / the student is deleted') };
  return { ok: true, reason: '' };
}

/** The gift tiers of the rules (and activities) that apply to a course at a campus today. */
export async function durations(
  deps: Deps,
  u: AuthUser,
  q: { courseCode: string; schoolItemCode: string; quantity?: number | undefined },
) {
  assertCampus(u, q.schoolItemCode);
  const set = await offerSetFor(
    deps.db,
    {
      schoolItemCode: q.schoolItemCode,
      at: deps.now(),
      orderType: 1,
      items: [{ courseCode: q.courseCode, quantity100: 100 }],
    },
    today(deps),
  );
  const rows: Array<{ quantity: number; giftQuantity: number; offerCode: string; offerName: string }> = [];
  for (const x of set.offers) {
    if (x.kind !== 'gift' && x.kind !== 'activity') continue;
    if (x.courseCodes.length && !x.courseCodes.includes(q.courseCode)) continue;
    for (const t of x.tiers)
      rows.push({
        quantity: t.min100 / 100,
        giftQuantity: t.gift100 / 100,
        offerCode: x.code,
        offerName: x.name,
      });
  }
  rows.sort(
    (a, b) =>
      a.quantity - b.quantity || b.giftQuantity - a.giftQuantity || a.offerCode.localeCompare(b.offerCode),
  );
  return rows;
}

export async function durationFor(
  deps: Deps,
  u: AuthUser,
  q: { courseCode: string; schoolItemCode: string; quantity?: number | undefined },
) {
  const all = await durations(deps, u, q);
  const want = o.q100(q.quantity ?? 0);
  let best = { quantity: q.quantity ?? 0, giftQuantity: 0, offerCode: '', offerName: '' };
  for (const r of all) {
    const g = giftFor([{ min100: o.q100(r.quantity), gift100: o.q100(r.giftQuantity) }], want);
    if (g && g.gift100 / 100 > best.giftQuantity) best = { ...r, quantity: q.quantity ?? 0 };
  }
  return best;
}

export { promotionsSource, usableVoucher };
