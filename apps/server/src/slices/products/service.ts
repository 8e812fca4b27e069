// Products and assessment products: the catalogue (on the master-data engine), campus sales, and unit
// prices with history. Both kinds follow the same rules; `kind` only separates their lists.
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { fromCents, shanghaiDate, centsOf } from '@bo/domain';
import type {
  TProductFilter,
  TProductInput,
  TProductPriceRow,
  TProductRow,
  TProductSaleRow,
  TSellableRow,
} from '@bo/api-sdk';
import type { z } from 'zod';
import { ProductInput } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, campusScope } from '../../http/auth.js';
import {
  badInput,
  conflict,
  noPermission,
  notFound,
  ruleViolation,
  staleVersion,
} from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { defineRecordType, eqFilter, likeFilter, type MdCtx } from '../../shared/masterdata/index.js';
import { courses, schoolItems, users } from '../../db/schema.js';
import { itemPrices, itemSales, saleItems } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

export type ItemKind = 'product' | 'assess';
const LABEL: Record<ItemKind, string> = {
  product: '产品 / product',
  assess: '评估产品 / assessment product',
};

const today = (ctx: MdCtx) => shanghaiDate(ctx.deps.now());

/** The engine's row of an item (columns as stored). */
type ItemRecord = {
  id: number;
  kind: string;
  code: string;
  name: string;
  courseCode: string;
  quantity: string;
  priceCents: number;
  remark: string;
  validstatus: number;
  version: number;
  courseName?: string;
  unit?: number;
};
type ItemInput = z.output<typeof ProductInput>;

function itemType(kind: ItemKind) {
  return defineRecordType<ItemRecord, ItemInput>({
    name: kind,
    label: LABEL[kind],
    table: saleItems,
    key: 'id',
    keyKind: 'id',
    fields: {
      id: saleItems.id,
      kind: saleItems.kind,
      code: saleItems.code,
      name: saleItems.name,
      courseCode: saleItems.courseCode,
      quantity: saleItems.quantity,
      priceCents: saleItems.priceCents,
      remark: saleItems.remark,
      validstatus: saleItems.validStatus,
      version: saleItems.version,
    },
    input: ProductInput as never,
    filters: {
      name: likeFilter(saleItems.name),
      courseCode: eqFilter(saleItems.courseCode),
      status: eqFilter(saleItems.validStatus),
    },
    where: () => eq(saleItems.kind, kind),
    sort: [asc(saleItems.code)],
    unique: [
      { field: 'code', within: ['kind'], label: '编码' },
      { field: 'name', within: ['kind'], label: '名称' },
    ],
    parents: [
      {
        field: 'courseCode',
        table: courses,
        key: courses.code,
        status: courses.validStatus,
        label: '课程 / course',
      },
    ],
    status: 'validstatus',
    version: 'version',
    updatedAt: saleItems.updatedAt,
    prepare: async (tx, { input, existing }) => {
      if (existing && existing.kind !== kind) throw notFound(LABEL[kind]);
      if (kind === 'assess') {
        // The inventory counts an assessment course's movements: one assessment product per course.
        const [other] = await tx
          .select({ id: saleItems.id })
          .from(saleItems)
          .where(
            and(
              eq(saleItems.kind, 'assess'),
              eq(saleItems.courseCode, input.courseCode),
              existing ? ne(saleItems.id, existing.id) : undefined,
            ),
          )
          .limit(1);
        if (other)
          throw conflict(
            'courseCode: 该课程已有评估产品 / the course already has an assessment product',
            'courseCode',
          );
      }
      return { kind, priceCents: centsOf(input.price), quantity: String(input.quantity) };
    },
    decorate: async (tx, rows) => {
      const codes = [...new Set(rows.map((r) => r.courseCode))];
      const cs = codes.length
        ? await tx
            .select({ code: courses.code, name: courses.name, unit: courses.purchaseUnit })
            .from(courses)
            .where(inArray(courses.code, codes))
        : [];
      const by = new Map(cs.map((c) => [c.code, c]));
      return rows.map((r) => ({
        ...r,
        courseName: by.get(r.courseCode)?.name ?? '',
        unit: by.get(r.courseCode)?.unit ?? 1,
      }));
    },
  });
}

export const itemTypes: Record<ItemKind, ReturnType<typeof itemType>> = {
  product: itemType('product'),
  assess: itemType('assess'),
};

/** Package price of a unit price × quantity, rounded half up to the cent once. */
const packageCents = (unitCents: number, quantity: number) =>
  Math.round((unitCents * Math.round(quantity * 100)) / 100);

export function toItemRow(r: ItemRecord): TProductRow {
  const quantity = Number(r.quantity);
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    courseCode: r.courseCode,
    courseName: r.courseName ?? '',
    unit: r.unit ?? 1,
    quantity,
    price: fromCents(r.priceCents),
    packagePrice: fromCents(packageCents(r.priceCents, quantity)),
    remark: r.remark,
    validstatus: r.validstatus,
    version: r.version,
  };
}

export async function saveItem(ctx: MdCtx, kind: ItemKind, input: TProductInput) {
  return toItemRow(await itemTypes[kind].save(ctx, input as never));
}
export async function itemPage(ctx: MdCtx, kind: ItemKind, q: TProductFilter) {
  const p = await itemTypes[kind].page(ctx, q as never);
  return { ...p, list: p.list.map(toItemRow) };
}
export async function itemDetail(ctx: MdCtx, kind: ItemKind, id: number) {
  const r = await itemTypes[kind].detail(ctx, id);
  if (r.kind !== kind) throw notFound(LABEL[kind]);
  return toItemRow(r);
}
export async function itemStatus(ctx: MdCtx, kind: ItemKind, id: number, status: number) {
  await itemDetail(ctx, kind, id);
  await itemTypes[kind].updateStatus(ctx, id, status);
  return true as const;
}
export async function itemNames(ctx: MdCtx, kind: ItemKind, name: string | undefined) {
  const rows = await ctx.deps.db
    .select({ id: saleItems.id, code: saleItems.code, name: saleItems.name })
    .from(saleItems)
    .where(
      and(
        eq(saleItems.kind, kind),
        eq(saleItems.validStatus, 1),
        name ? ilike(saleItems.name, `%${name}%`) : undefined,
      ),
    )
    .orderBy(asc(saleItems.code));
  return rows;
}

// ---- prices ----

/**
 * The unit price (cents) of an item at a campus on a day, and the day it applies from: the campus's
 * latest valid price whose day has come, else the latest all-campus one, else the standard price ('').
 */
function priceOnSql(
  itemId: SQL | typeof saleItems.id,
  campus: SQL | typeof itemSales.schoolItemCode,
  day: string,
) {
  const latest = (own: boolean, what: SQL) => sql`(select ${what} from ${itemPrices} p
      where p.item_id = ${itemId} and p.status = 1 and p.effective_date <= ${day}::date
        and ${own ? sql`p.school_item_code = ${campus}` : sql`p.school_item_code is null`}
      order by p.effective_date desc, p.id desc limit 1)`;
  return {
    cents: sql<string>`coalesce(${latest(true, sql`p.price_cents`)}, ${latest(false, sql`p.price_cents`)}, ${saleItems.priceCents})`,
    from: sql<
      string | null
    >`coalesce(${latest(true, sql`p.effective_date::text`)}, ${latest(false, sql`p.effective_date::text`)})`,
  };
}
/** The first valid price set for a later day at the campus (or for every campus), if any. */
function nextPriceSql(campus: typeof itemSales.schoolItemCode, day: string, what: SQL) {
  return sql`(select ${what} from ${itemPrices} p where p.item_id = ${saleItems.id} and p.status = 1
      and p.effective_date > ${day}::date and (p.school_item_code = ${campus} or p.school_item_code is null)
      order by p.effective_date asc, (p.school_item_code is null) asc, p.id desc limit 1)`;
}

/**
 * The unit price of a course at a campus on a day from the campus's enabled sale of a valid item of
 * that course (a product or an assessment product), or null when the campus sells none then. This is
 * the list price source pricing asks before the course's own price.
 */
export async function salePriceOfCourse(
  tx: DbOrTx,
  q: { schoolItemCode: string; courseCode: string; day: string },
): Promise<number | null> {
  const price = priceOnSql(saleItems.id, itemSales.schoolItemCode, q.day);
  const [r] = await tx
    .select({ cents: price.cents })
    .from(itemSales)
    .innerJoin(saleItems, eq(saleItems.id, itemSales.itemId))
    .where(
      and(
        eq(itemSales.schoolItemCode, q.schoolItemCode),
        eq(itemSales.status, 1),
        eq(saleItems.courseCode, q.courseCode),
        eq(saleItems.validStatus, 1),
        sql`${itemSales.startDate} <= ${q.day}::date`,
        or(isNull(itemSales.endDate), sql`${itemSales.endDate} >= ${q.day}::date`),
      ),
    )
    .orderBy(asc(itemSales.id))
    .limit(1);
  return r ? Number(r.cents) : null;
}

async function loadItem(tx: DbOrTx, kind: ItemKind, id: number, field = 'itemId') {
  const [i] = await tx
    .select()
    .from(saleItems)
    .where(and(eq(saleItems.id, id), eq(saleItems.kind, kind)))
    .limit(1);
  if (!i)
    throw badInput(
      field,
      `${field}: ${LABEL[kind].split(' / ')[0]}不存在 / no such ${LABEL[kind].split(' / ')[1] ?? kind}`,
    );
  return i;
}
async function assertCampusExists(tx: DbOrTx, code: string) {
  const [c] = await tx
    .select({ code: schoolItems.code })
    .from(schoolItems)
    .where(eq(schoolItems.code, code))
    .limit(1);
  if (!c) throw badInput('schoolItemCode', `schoolItemCode: 校区不存在 / no such campus "${code}"`);
}
function checkFutureDay(day: string, todayIs: string) {
  if (day < todayIs)
    throw badInput(
      'effectiveDate',
      `effectiveDate: 生效日期不能早于今天(${todayIs}) / a price applies from today (${todayIs}) or later, never backdated`,
    );
}

const priceCols = (day: string) => ({
  id: itemPrices.id,
  itemId: itemPrices.itemId,
  itemName: saleItems.name,
  schoolItemCode: sql<string>`coalesce(${itemPrices.schoolItemCode}, '')`,
  schoolItemName: sql<string>`coalesce(${schoolItems.name}, '')`,
  priceCents: itemPrices.priceCents,
  effectiveDate: itemPrices.effectiveDate,
  status: itemPrices.status,
  // In effect: valid, its day has come, and no later valid price of the same campus has come.
  inEffect: sql<boolean>`(${itemPrices.status} = 1 and ${itemPrices.effectiveDate} <= ${day}::date and not exists (
      select 1 from ${itemPrices} q where q.item_id = ${itemPrices.itemId} and q.status = 1
        and q.school_item_code is not distinct from ${itemPrices.schoolItemCode}
        and q.effective_date <= ${day}::date
        and (q.effective_date > ${itemPrices.effectiveDate} or (q.effective_date = ${itemPrices.effectiveDate} and q.id > ${itemPrices.id}))))`,
  createdByName: sql<string>`coalesce(${users.name}, '')`,
  createdAt: itemPrices.createdAt,
});
type PriceSel = { [K in keyof ReturnType<typeof priceCols>]: unknown };
function toPriceRow(r: PriceSel): TProductPriceRow {
  return {
    id: Number(r.id),
    itemId: Number(r.itemId),
    itemName: String(r.itemName ?? ''),
    schoolItemCode: String(r.schoolItemCode ?? ''),
    schoolItemName: String(r.schoolItemName ?? ''),
    price: fromCents(Number(r.priceCents)),
    effectiveDate: String(r.effectiveDate),
    status: Number(r.status),
    inEffect: r.inEffect === true || r.inEffect === 't',
    createdByName: String(r.createdByName ?? ''),
    createdAt: r.createdAt instanceof Date ? r.createdAt.toISOString() : String(r.createdAt),
  };
}
function priceQuery(tx: DbOrTx, day: string) {
  return tx
    .select(priceCols(day))
    .from(itemPrices)
    .innerJoin(saleItems, eq(saleItems.id, itemPrices.itemId))
    .leftJoin(schoolItems, eq(schoolItems.code, itemPrices.schoolItemCode))
    .leftJoin(users, eq(users.id, itemPrices.createdBy));
}
async function priceRow(tx: DbOrTx, id: number, day: string) {
  const [r] = await priceQuery(tx, day).where(eq(itemPrices.id, id));
  if (!r) throw notFound('价格 / price');
  return toPriceRow(r);
}

/** A new unit price from a day (today or later) for one campus or, for all-scope users, every campus. */
export async function savePrice(
  ctx: MdCtx,
  kind: ItemKind,
  b: { itemId: number; schoolItemCode: string | null; price: string; effectiveDate: string },
) {
  const day = today(ctx);
  checkFutureDay(b.effectiveDate, day);
  if (b.schoolItemCode) assertCampus(ctx.user, b.schoolItemCode);
  else if (!ctx.user.allScope)
    throw noPermission('只有总部可设置全部校区的价格 / only headquarters sets the price of every campus');
  return ctx.deps.db.transaction(async (tx) => {
    const item = await loadItem(tx, kind, b.itemId);
    if (b.schoolItemCode) await assertCampusExists(tx, b.schoolItemCode);
    // Serialises price changes of one item, so two on the same day cannot both pass the check below.
    await tx.select({ id: saleItems.id }).from(saleItems).where(eq(saleItems.id, item.id)).for('update');
    await assertDayFree(tx, { itemId: item.id, schoolItemCode: b.schoolItemCode }, b.effectiveDate, {
      zh: '，请先取消',
      en: '; cancel it first',
    });
    const now = ctx.deps.now();
    const [p] = await tx
      .insert(itemPrices)
      .values({
        itemId: item.id,
        schoolItemCode: b.schoolItemCode,
        priceCents: centsOf(b.price),
        effectiveDate: b.effectiveDate,
        createdBy: ctx.user.id,
        createdAt: now,
      })
      .returning({ id: itemPrices.id });
    const id = p?.id ?? 0;
    await writeAudit(tx, {
      action: `${kind}.price`,
      target: `item_prices:${id}`,
      detail: { item: item.code, campus: b.schoolItemCode, price: b.price, from: b.effectiveDate },
      userId: ctx.user.id,
      username: ctx.user.username,
      ip: ctx.ip ?? null,
      at: now,
    });
    return priceRow(tx, id, day);
  });
}

/**
 * One valid price per item, campus (or every campus) and day: a 409 on `effectiveDate` when another
 * price (not `except`) already starts that day; `hint` ends the message (what the caller may do).
 */
async function assertDayFree(
  tx: DbOrTx,
  at: { itemId: number; schoolItemCode: string | null },
  effectiveDate: string,
  hint: { zh: string; en: string },
  except?: number,
) {
  const [clash] = await tx
    .select({ id: itemPrices.id })
    .from(itemPrices)
    .where(
      and(
        eq(itemPrices.itemId, at.itemId),
        eq(itemPrices.status, 1),
        eq(itemPrices.effectiveDate, effectiveDate),
        except === undefined ? undefined : ne(itemPrices.id, except),
        at.schoolItemCode
          ? eq(itemPrices.schoolItemCode, at.schoolItemCode)
          : isNull(itemPrices.schoolItemCode),
      ),
    )
    .limit(1);
  if (clash)
    throw conflict(
      `effectiveDate: 该日已有价格${hint.zh} / a price from ${effectiveDate} is already set${hint.en}`,
      'effectiveDate',
    );
}

async function loadPriceForChange(tx: DbOrTx, ctx: MdCtx, kind: ItemKind, id: number) {
  const [p] = await tx
    .select({ price: itemPrices, kind: saleItems.kind })
    .from(itemPrices)
    .innerJoin(saleItems, eq(saleItems.id, itemPrices.itemId))
    .where(eq(itemPrices.id, id))
    .for('update');
  if (!p || p.kind !== kind) throw notFound('价格 / price');
  if (p.price.schoolItemCode) assertCampus(ctx.user, p.price.schoolItemCode);
  else if (!ctx.user.allScope) throw noPermission();
  if (p.price.status !== 1) throw ruleViolation('价格已取消 / the price is already cancelled', 'id');
  if (p.price.effectiveDate <= today(ctx))
    throw ruleViolation(
      '价格已生效，不能修改或取消；请设置新的价格 / the price is in effect (orders may use it): set a new price instead',
      'id',
    );
  return p.price;
}

/** Cancels a price whose day has not come. */
export async function cancelPrice(ctx: MdCtx, kind: ItemKind, id: number) {
  await ctx.deps.db.transaction(async (tx) => {
    await loadPriceForChange(tx, ctx, kind, id);
    const now = ctx.deps.now();
    await tx
      .update(itemPrices)
      .set({ status: 0, cancelledBy: ctx.user.id, cancelledAt: now })
      .where(eq(itemPrices.id, id));
    await writeAudit(tx, {
      action: `${kind}.priceCancel`,
      target: `item_prices:${id}`,
      detail: {},
      userId: ctx.user.id,
      username: ctx.user.username,
      ip: ctx.ip ?? null,
      at: now,
    });
  });
  return true as const;
}

/** Changes the amount and day of a price whose day has not come. */
export async function updatePrice(
  ctx: MdCtx,
  kind: ItemKind,
  b: { id: number; price: string; effectiveDate: string },
) {
  const day = today(ctx);
  checkFutureDay(b.effectiveDate, day);
  return ctx.deps.db.transaction(async (tx) => {
    const p = await loadPriceForChange(tx, ctx, kind, b.id);
    await assertDayFree(tx, p, b.effectiveDate, { zh: '', en: '' }, p.id);
    await tx
      .update(itemPrices)
      .set({ priceCents: centsOf(b.price), effectiveDate: b.effectiveDate })
      .where(eq(itemPrices.id, p.id));
    await writeAudit(tx, {
      action: `${kind}.priceUpdate`,
      target: `item_prices:${p.id}`,
      detail: { from: [fromCents(p.priceCents), p.effectiveDate], to: [b.price, b.effectiveDate] },
      userId: ctx.user.id,
      username: ctx.user.username,
      ip: ctx.ip ?? null,
      at: ctx.deps.now(),
    });
    return priceRow(tx, p.id, day);
  });
}

export async function pricePage(
  ctx: MdCtx,
  kind: ItemKind,
  q: {
    itemId?: number | undefined;
    schoolItemCode?: string | undefined;
    status?: number | undefined;
    pageIdx: number;
    pageSize: number;
  },
) {
  if (q.schoolItemCode) assertCampus(ctx.user, q.schoolItemCode);
  const scope = campusScope(ctx.user);
  const where = and(
    eq(saleItems.kind, kind),
    q.itemId ? eq(itemPrices.itemId, q.itemId) : undefined,
    q.schoolItemCode ? eq(itemPrices.schoolItemCode, q.schoolItemCode) : undefined,
    q.status !== undefined ? eq(itemPrices.status, q.status) : undefined,
    // A campus user sees its campuses' prices and the all-campus ones that apply to it.
    scope
      ? or(
          isNull(itemPrices.schoolItemCode),
          scope.length ? inArray(itemPrices.schoolItemCode, scope) : sql`false`,
        )
      : undefined,
  );
  const db = ctx.deps.db;
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(itemPrices)
    .innerJoin(saleItems, eq(saleItems.id, itemPrices.itemId))
    .where(where);
  const rows = await priceQuery(db, today(ctx))
    .where(where)
    .orderBy(desc(itemPrices.effectiveDate), desc(itemPrices.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return { list: rows.map(toPriceRow), total: Number(c?.n ?? 0), pageIdx: q.pageIdx, pageSize: q.pageSize };
}

// ---- sales ----

function saleCols(day: string) {
  const price = priceOnSql(saleItems.id, itemSales.schoolItemCode, day);
  return {
    id: itemSales.id,
    itemId: itemSales.itemId,
    itemCode: saleItems.code,
    itemName: saleItems.name,
    itemValid: saleItems.validStatus,
    courseCode: saleItems.courseCode,
    courseName: sql<string>`coalesce(${courses.name}, '')`,
    unit: sql<number>`coalesce(${courses.purchaseUnit}, 1)`,
    quantity: saleItems.quantity,
    schoolItemCode: itemSales.schoolItemCode,
    schoolItemName: sql<string>`coalesce(${schoolItems.name}, '')`,
    startDate: itemSales.startDate,
    endDate: itemSales.endDate,
    status: itemSales.status,
    priceCents: price.cents,
    priceFrom: price.from,
    nextCents: nextPriceSql(itemSales.schoolItemCode, day, sql`p.price_cents`),
    nextFrom: nextPriceSql(itemSales.schoolItemCode, day, sql`p.effective_date::text`),
    version: itemSales.version,
  };
}
function saleQuery(tx: DbOrTx, day: string) {
  return tx
    .select(saleCols(day))
    .from(itemSales)
    .innerJoin(saleItems, eq(saleItems.id, itemSales.itemId))
    .leftJoin(courses, eq(courses.code, saleItems.courseCode))
    .leftJoin(schoolItems, eq(schoolItems.code, itemSales.schoolItemCode));
}
type SaleSel = Awaited<ReturnType<ReturnType<typeof saleQuery>['where']>>[number];
function toSaleRow(r: SaleSel, day: string): TProductSaleRow {
  return {
    id: r.id,
    itemId: r.itemId,
    itemCode: r.itemCode,
    itemName: r.itemName,
    courseCode: r.courseCode,
    courseName: r.courseName,
    unit: Number(r.unit),
    quantity: Number(r.quantity),
    schoolItemCode: r.schoolItemCode,
    schoolItemName: r.schoolItemName,
    startDate: r.startDate,
    endDate: r.endDate,
    status: r.status,
    price: fromCents(Number(r.priceCents)),
    priceFrom: r.priceFrom ?? '',
    nextPrice: r.nextCents === null || r.nextCents === undefined ? null : fromCents(Number(r.nextCents)),
    nextPriceFrom: r.nextFrom === null || r.nextFrom === undefined ? null : String(r.nextFrom),
    onSale:
      r.status === 1 && r.itemValid === 1 && r.startDate <= day && (r.endDate === null || r.endDate >= day),
    version: r.version,
  };
}
function toSellable(s: TProductSaleRow): TSellableRow {
  const unitCents = centsOf(s.price);
  return {
    saleId: s.id,
    itemId: s.itemId,
    itemCode: s.itemCode,
    itemName: s.itemName,
    courseCode: s.courseCode,
    courseName: s.courseName,
    unit: s.unit,
    quantity: s.quantity,
    price: s.price,
    packagePrice: fromCents(packageCents(unitCents, s.quantity)),
  };
}

export async function salePage(
  ctx: MdCtx,
  kind: ItemKind,
  q: {
    schoolItemCode?: string | undefined;
    itemId?: number | undefined;
    name?: string | undefined;
    status?: number | undefined;
    pageIdx: number;
    pageSize: number;
  },
) {
  if (q.schoolItemCode) assertCampus(ctx.user, q.schoolItemCode);
  const scope = campusScope(ctx.user);
  const where = and(
    eq(saleItems.kind, kind),
    q.schoolItemCode ? eq(itemSales.schoolItemCode, q.schoolItemCode) : undefined,
    q.itemId ? eq(itemSales.itemId, q.itemId) : undefined,
    q.name ? ilike(saleItems.name, `%${q.name}%`) : undefined,
    q.status !== undefined ? eq(itemSales.status, q.status) : undefined,
    scope ? (scope.length ? inArray(itemSales.schoolItemCode, scope) : sql`false`) : undefined,
  );
  const db = ctx.deps.db;
  const day = today(ctx);
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(itemSales)
    .innerJoin(saleItems, eq(saleItems.id, itemSales.itemId))
    .where(where);
  const rows = await saleQuery(db, day)
    .where(where)
    .orderBy(asc(itemSales.schoolItemCode), asc(saleItems.code))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return {
    list: rows.map((r) => toSaleRow(r, day)),
    total: Number(c?.n ?? 0),
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

async function saleById(tx: DbOrTx, id: number, day: string) {
  const [r] = await saleQuery(tx, day).where(eq(itemSales.id, id));
  if (!r) throw notFound('校区销售 / campus sale');
  return toSaleRow(r, day);
}

/** A campus sells one item per course at a time: the list price of the course comes from it. */
async function checkOneSalePerCourse(tx: DbOrTx, itemCourse: string, campus: string, saleId: number | null) {
  const [other] = await tx
    .select({ name: saleItems.name })
    .from(itemSales)
    .innerJoin(saleItems, eq(saleItems.id, itemSales.itemId))
    .where(
      and(
        eq(itemSales.schoolItemCode, campus),
        eq(itemSales.status, 1),
        eq(saleItems.courseCode, itemCourse),
        saleId ? ne(itemSales.id, saleId) : undefined,
      ),
    )
    .limit(1);
  if (other)
    throw conflict(
      `itemId: 该校区已在销售同一课程的「${other.name}」，请先停用 / the campus already sells "${other.name}" of the same course; disable it first`,
      'itemId',
    );
}

export async function saveSale(
  ctx: MdCtx,
  kind: ItemKind,
  b: {
    id?: number | undefined;
    itemId: number;
    schoolItemCode: string;
    startDate: string;
    endDate: string | null;
    status?: number | undefined;
    version?: number | undefined;
  },
) {
  assertCampus(ctx.user, b.schoolItemCode);
  return ctx.deps.db.transaction(async (tx) => {
    const item = await loadItem(tx, kind, b.itemId);
    await assertCampusExists(tx, b.schoolItemCode);
    const status = b.status ?? 1;
    const now = ctx.deps.now();
    let id: number;
    if (b.id) {
      const [s] = await tx.select().from(itemSales).where(eq(itemSales.id, b.id)).for('update');
      if (!s) throw notFound('校区销售 / campus sale');
      assertCampus(ctx.user, s.schoolItemCode);
      if (b.version === undefined)
        throw badInput('version', 'version: 修改须带版本号 / the version read is required');
      if (s.version !== b.version) throw staleVersion();
      if (s.itemId !== item.id || s.schoolItemCode !== b.schoolItemCode)
        throw badInput(
          'itemId',
          'itemId: 不能更换销售的产品或校区 / a sale keeps its item and campus; add a new one',
        );
      if (status === 1) await checkOneSalePerCourse(tx, item.courseCode, b.schoolItemCode, s.id);
      await updateVersioned(tx, itemSales, {
        where: eq(itemSales.id, s.id),
        version: undefined,
        set: { startDate: b.startDate, endDate: b.endDate, status },
        at: now,
      });
      id = s.id;
    } else {
      if (item.validStatus !== 1) throw badInput('itemId', 'itemId: 产品已停用 / the item is disabled');
      const [dup] = await tx
        .select({ id: itemSales.id })
        .from(itemSales)
        .where(and(eq(itemSales.itemId, item.id), eq(itemSales.schoolItemCode, b.schoolItemCode)))
        .limit(1);
      if (dup)
        throw conflict(
          'itemId: 该校区已有此产品的销售 / the campus already has a sale of this item',
          'itemId',
        );
      if (status === 1) await checkOneSalePerCourse(tx, item.courseCode, b.schoolItemCode, null);
      const [s] = await tx
        .insert(itemSales)
        .values({
          itemId: item.id,
          schoolItemCode: b.schoolItemCode,
          startDate: b.startDate,
          endDate: b.endDate,
          status,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: itemSales.id });
      id = s?.id ?? 0;
    }
    await writeAudit(tx, {
      action: `${kind}.sale`,
      target: `item_sales:${id}`,
      detail: { item: item.code, campus: b.schoolItemCode, from: b.startDate, to: b.endDate, status },
      userId: ctx.user.id,
      username: ctx.user.username,
      ip: ctx.ip ?? null,
      at: now,
    });
    return saleById(tx, id, today(ctx));
  });
}

export async function saleStatus(ctx: MdCtx, kind: ItemKind, id: number, status: number) {
  const day = today(ctx);
  const [s] = await saleQuery(ctx.deps.db, day).where(and(eq(itemSales.id, id), eq(saleItems.kind, kind)));
  if (!s) throw notFound('校区销售 / campus sale');
  await saveSale(ctx, kind, {
    id,
    itemId: s.itemId,
    schoolItemCode: s.schoolItemCode,
    startDate: s.startDate,
    endDate: s.endDate,
    status,
    version: s.version,
  });
  return true as const;
}

/** The campus's price of one sale from a day (a new price row of the sale's campus). */
export async function updateSalePrice(
  ctx: MdCtx,
  kind: ItemKind,
  b: { saleId: number; price: string; effectiveDate: string },
) {
  const [s] = await ctx.deps.db
    .select({ itemId: itemSales.itemId, campus: itemSales.schoolItemCode })
    .from(itemSales)
    .innerJoin(saleItems, eq(saleItems.id, itemSales.itemId))
    .where(and(eq(itemSales.id, b.saleId), eq(saleItems.kind, kind)));
  if (!s) throw badInput('saleId', 'saleId: 校区销售不存在 / no such campus sale');
  return savePrice(ctx, kind, {
    itemId: s.itemId,
    schoolItemCode: s.campus,
    price: b.price,
    effectiveDate: b.effectiveDate,
  });
}

/** Sales of one campus: every enabled one (`onSaleOnly` false) or those that may be sold today. */
export async function campusSales(ctx: MdCtx, kind: ItemKind, campus: string, onSaleOnly: boolean) {
  assertCampus(ctx.user, campus);
  const day = today(ctx);
  const rows = await saleQuery(ctx.deps.db, day)
    .where(and(eq(saleItems.kind, kind), eq(itemSales.schoolItemCode, campus), eq(itemSales.status, 1)))
    .orderBy(asc(saleItems.code));
  const list = rows.map((r) => toSaleRow(r, day));
  return onSaleOnly ? list.filter((s) => s.onSale) : list;
}
export async function sellable(ctx: MdCtx, kind: ItemKind, campus: string) {
  return (await campusSales(ctx, kind, campus, true)).map(toSellable);
}

/** The campuses selling one product. */
export async function salesOfItem(ctx: MdCtx, kind: ItemKind, itemId: number) {
  const day = today(ctx);
  const scope = campusScope(ctx.user);
  const rows = await saleQuery(ctx.deps.db, day)
    .where(
      and(
        eq(saleItems.kind, kind),
        eq(itemSales.itemId, itemId),
        scope ? (scope.length ? inArray(itemSales.schoolItemCode, scope) : sql`false`) : undefined,
      ),
    )
    .orderBy(asc(itemSales.schoolItemCode));
  return rows.map((r) => toSaleRow(r, day));
}

/** Valid items a campus does not sell yet. */
export async function itemsNotSold(ctx: MdCtx, kind: ItemKind, campus: string) {
  assertCampus(ctx.user, campus);
  return ctx.deps.db
    .select({ id: saleItems.id, code: saleItems.code, name: saleItems.name })
    .from(saleItems)
    .where(
      and(
        eq(saleItems.kind, kind),
        eq(saleItems.validStatus, 1),
        sql`not exists (select 1 from ${itemSales} s where s.item_id = ${saleItems.id} and s.school_item_code = ${campus})`,
      ),
    )
    .orderBy(asc(saleItems.code));
}
