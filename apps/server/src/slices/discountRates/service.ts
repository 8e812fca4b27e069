// Discount rates: the rules (master-data engine), the month rule of each campus, and the rate given
// per order and per campus and month, aggregated in SQL from the effective orders' cents.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { exportFileName, fromCents } from '@bo/domain';
import {
  OrderDiscountRateInput,
  type TOrderDiscountRateRow,
  type TRateCalculateRow,
  type TRateDetailRow,
} from '@bo/api-sdk';
import type { z } from 'zod';
import { orders, provinceTypes, schoolItems, students } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, campusScope } from '../../http/auth.js';
import { badInput, conflict, notFound, staleVersion } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { monthBound } from '../../shared/days.js';
import { defineRecordType, eqFilter, likeFilter, type MdCtx } from '../../shared/masterdata/index.js';
import { workbook, xlsxFile, type XlsxColumn } from '../../shared/xlsx.js';
import { monthDiscountRateSchools, monthDiscountRates, orderDiscountRates } from './tables.js';
import { ORDER_STATUS_CODE } from '../orders/index.js';
import { updateVersioned } from '../../shared/versioned.js';

type RateRecord = TOrderDiscountRateRow;

export const rateType = defineRecordType<RateRecord, z.output<typeof OrderDiscountRateInput>>({
  name: 'orderDiscountRate',
  label: '折扣率规则 / discount rate rule',
  table: orderDiscountRates,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: orderDiscountRates.id,
    name: orderDiscountRates.name,
    rate: orderDiscountRates.rate,
    remark: orderDiscountRates.remark,
    validstatus: orderDiscountRates.validStatus,
    version: orderDiscountRates.version,
  },
  input: OrderDiscountRateInput,
  filters: { name: likeFilter(orderDiscountRates.name), status: eqFilter(orderDiscountRates.validStatus) },
  sort: [asc(orderDiscountRates.rate), asc(orderDiscountRates.id)],
  unique: [{ field: 'name', label: '名称' }],
  children: [
    { table: monthDiscountRates, column: monthDiscountRates.rateId, label: '月度折扣率 / month rule' },
  ],
  status: 'validstatus',
  version: 'version',
  updatedAt: orderDiscountRates.updatedAt,
});

export async function rateNames(ctx: MdCtx) {
  const rows = await rateType.all(ctx, { status: 1 });
  return rows.map((r) => ({ id: r.id, name: r.name, rate: r.rate }));
}

// ---- month rules ----

async function monthRows(tx: DbOrTx, where: SQL | undefined, limit?: { size: number; offset: number }) {
  const base = tx
    .select({
      id: monthDiscountRates.id,
      month: monthDiscountRates.month,
      rateId: monthDiscountRates.rateId,
      rateName: sql<string>`coalesce(${orderDiscountRates.name}, '')`,
      rate: sql<string>`coalesce(${orderDiscountRates.rate}::text, '')`,
      remark: monthDiscountRates.remark,
      version: monthDiscountRates.version,
    })
    .from(monthDiscountRates)
    .leftJoin(orderDiscountRates, eq(orderDiscountRates.id, monthDiscountRates.rateId))
    .where(where)
    .orderBy(desc(monthDiscountRates.month), asc(monthDiscountRates.id));
  const rows = limit ? await base.limit(limit.size).offset(limit.offset) : await base;
  const ids = rows.map((r) => r.id);
  const schools = ids.length
    ? await tx
        .select({
          ruleId: monthDiscountRateSchools.monthRateId,
          code: monthDiscountRateSchools.schoolItemCode,
          name: sql<string>`coalesce(${schoolItems.name}, ${monthDiscountRateSchools.schoolItemCode})`,
        })
        .from(monthDiscountRateSchools)
        .leftJoin(schoolItems, eq(schoolItems.code, monthDiscountRateSchools.schoolItemCode))
        .where(inArray(monthDiscountRateSchools.monthRateId, ids))
        .orderBy(asc(monthDiscountRateSchools.schoolItemCode))
    : [];
  return rows.map((r) => {
    const mine = schools.filter((s) => s.ruleId === r.id);
    return {
      ...r,
      schoolItemCodes: mine.map((s) => s.code),
      schoolItemNames: mine.map((s) => s.name).join('、'),
    };
  });
}

function monthWhere(ctx: MdCtx, q: { month?: string | undefined; schoolItemCode?: string | undefined }) {
  if (q.schoolItemCode) assertCampus(ctx.user, q.schoolItemCode);
  const scope = campusScope(ctx.user);
  const campuses = q.schoolItemCode ? [q.schoolItemCode] : scope;
  return and(
    q.month ? eq(monthDiscountRates.month, q.month) : undefined,
    campuses
      ? sql`exists (select 1 from ${monthDiscountRateSchools} s where s.month_rate_id = ${monthDiscountRates.id}
          and s.school_item_code in (${
            campuses.length
              ? sql.join(
                  campuses.map((c) => sql`${c}`),
                  sql`, `,
                )
              : sql`null`
          }))`
      : undefined,
  );
}

export async function monthPage(
  ctx: MdCtx,
  q: { month?: string | undefined; schoolItemCode?: string | undefined; pageIdx: number; pageSize: number },
) {
  const where = monthWhere(ctx, q);
  const [c] = await ctx.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(monthDiscountRates)
    .where(where);
  const list = await monthRows(ctx.deps.db, where, {
    size: q.pageSize,
    offset: (q.pageIdx - 1) * q.pageSize,
  });
  return { list, total: Number(c?.n ?? 0), pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function monthExport(
  ctx: MdCtx,
  q: { month?: string | undefined; schoolItemCode?: string | undefined },
) {
  const rows = await monthRows(ctx.deps.db, monthWhere(ctx, q));
  const columns: XlsxColumn[] = [
    { key: 'month', header: '月份', text: true },
    { key: 'rateName', header: '折扣率规则' },
    { key: 'rate', header: '最高折扣率(%)', text: true },
    { key: 'schoolItemNames', header: '校区', width: 40 },
    { key: 'remark', header: '备注' },
  ];
  return xlsxFile(exportFileName('月度折扣率', ctx.deps.now()), await workbook('月度折扣率', columns, rows));
}

/** Regions and their valid campuses; `taken` campuses are left out. */
export async function provinceSchools(ctx: MdCtx, taken: ReadonlySet<string> = new Set()) {
  const scope = campusScope(ctx.user);
  const rows = await ctx.deps.db
    .select({
      regionCode: provinceTypes.code,
      regionName: provinceTypes.name,
      code: schoolItems.code,
      name: schoolItems.name,
    })
    .from(schoolItems)
    .innerJoin(provinceTypes, eq(provinceTypes.code, schoolItems.provinceTypeCode))
    .where(
      and(
        eq(schoolItems.validStatus, 1),
        scope ? (scope.length ? inArray(schoolItems.code, scope) : sql`false`) : undefined,
      ),
    )
    .orderBy(asc(provinceTypes.sort), asc(provinceTypes.code), asc(schoolItems.code));
  const out: { code: string; name: string; schools: { code: string; name: string }[] }[] = [];
  for (const r of rows) {
    if (taken.has(r.code)) continue;
    let region = out.find((g) => g.code === r.regionCode);
    if (!region) out.push((region = { code: r.regionCode, name: r.regionName, schools: [] }));
    region.schools.push({ code: r.code, name: r.name });
  }
  return out;
}

export async function usefulSchools(ctx: MdCtx, id: number, month: string | undefined) {
  let m = month;
  if (id > 0) {
    const [r] = await ctx.deps.db.select().from(monthDiscountRates).where(eq(monthDiscountRates.id, id));
    if (!r) throw notFound('月度折扣率 / month rule');
    m = r.month;
  }
  if (!m) throw badInput('month', 'month: 请选择月份 / the month is required');
  const taken = await ctx.deps.db
    .select({ code: monthDiscountRateSchools.schoolItemCode })
    .from(monthDiscountRateSchools)
    .where(and(eq(monthDiscountRateSchools.month, m), ne(monthDiscountRateSchools.monthRateId, id)));
  return provinceSchools(ctx, new Set(taken.map((t) => t.code)));
}

export async function saveMonth(
  ctx: MdCtx,
  b: {
    id?: number | undefined;
    month: string;
    rateId: number;
    schoolItemCodes: string[];
    remark: string;
    version?: number | undefined;
  },
) {
  const codes = [...new Set(b.schoolItemCodes)];
  for (const c of codes) assertCampus(ctx.user, c);
  return ctx.deps.db.transaction(async (tx) => {
    const [rate] = await tx.select().from(orderDiscountRates).where(eq(orderDiscountRates.id, b.rateId));
    if (!rate || rate.validStatus !== 1)
      throw badInput('rateId', 'rateId: 折扣率规则不存在或已停用 / no such valid discount rate rule');
    const known = await tx
      .select({ code: schoolItems.code })
      .from(schoolItems)
      .where(inArray(schoolItems.code, codes));
    const missing = codes.filter((c) => !known.some((k) => k.code === c));
    if (missing.length)
      throw badInput(
        'schoolItemCodes',
        `schoolItemCodes: 校区不存在 / no such campus: ${missing.join(', ')}`,
      );
    const now = ctx.deps.now();
    let id: number;
    if (b.id) {
      const [r] = await tx
        .select()
        .from(monthDiscountRates)
        .where(eq(monthDiscountRates.id, b.id))
        .for('update');
      if (!r) throw notFound('月度折扣率 / month rule');
      if (b.version === undefined || r.version !== b.version) throw staleVersion();
      const own = await tx
        .select({ code: monthDiscountRateSchools.schoolItemCode })
        .from(monthDiscountRateSchools)
        .where(eq(monthDiscountRateSchools.monthRateId, r.id));
      for (const o of own) assertCampus(ctx.user, o.code);
      await updateVersioned(tx, monthDiscountRates, {
        where: eq(monthDiscountRates.id, r.id),
        version: undefined,
        set: { month: b.month, rateId: b.rateId, remark: b.remark },
        at: now,
      });
      await tx.delete(monthDiscountRateSchools).where(eq(monthDiscountRateSchools.monthRateId, r.id));
      id = r.id;
    } else {
      const [r] = await tx
        .insert(monthDiscountRates)
        .values({ month: b.month, rateId: b.rateId, remark: b.remark, createdAt: now, updatedAt: now })
        .returning({ id: monthDiscountRates.id });
      id = r?.id ?? 0;
    }
    const clash = await tx
      .select({ code: monthDiscountRateSchools.schoolItemCode })
      .from(monthDiscountRateSchools)
      .where(
        and(
          eq(monthDiscountRateSchools.month, b.month),
          inArray(monthDiscountRateSchools.schoolItemCode, codes),
        ),
      );
    if (clash.length)
      throw conflict(
        `schoolItemCodes: 校区当月已有折扣率规则 / these campuses already have a rule in ${b.month}: ${clash.map((c) => c.code).join(', ')}`,
        'schoolItemCodes',
      );
    await tx
      .insert(monthDiscountRateSchools)
      .values(codes.map((c) => ({ monthRateId: id, month: b.month, schoolItemCode: c })));
    await writeAudit(tx, {
      action: b.id ? 'monthDiscountRate.update' : 'monthDiscountRate.create',
      target: `month_discount_rates:${id}`,
      detail: { month: b.month, rateId: b.rateId, campuses: codes },
      userId: ctx.user.id,
      username: ctx.user.username,
      ip: ctx.ip ?? null,
      at: now,
    });
    const [row] = await monthRows(tx, eq(monthDiscountRates.id, id));
    if (!row) throw notFound('月度折扣率 / month rule');
    return row;
  });
}

// ---- the rate given ----

type CalcQuery = {
  month: string;
  schoolItemCode?: string | undefined;
  overOnly?: boolean | undefined;
  pageIdx: number;
  pageSize: number;
};

/** Orders that took effect in the month (effective or since closed), in the caller's scope. */
function orderWhere(ctx: MdCtx, q: CalcQuery) {
  if (q.schoolItemCode) assertCampus(ctx.user, q.schoolItemCode);
  const scope = campusScope(ctx.user);
  const { start, end } = monthBound('month', q.month);
  return and(
    inArray(orders.status, [ORDER_STATUS_CODE.effective, ORDER_STATUS_CODE.closed]),
    sql`${orders.effectiveAt} >= ${start} and ${orders.effectiveAt} < ${end}`,
    q.schoolItemCode ? eq(orders.schoolItemCode, q.schoolItemCode) : undefined,
    scope ? (scope.length ? inArray(orders.schoolItemCode, scope) : sql`false`) : undefined,
  );
}
/** The highest rate the campus's month rule allows (null: no rule that month). */
const allowedSql = (month: string) =>
  sql`(select r.rate from ${monthDiscountRateSchools} s
      join ${monthDiscountRates} m on m.id = s.month_rate_id
      join ${orderDiscountRates} r on r.id = m.rate_id
      where s.month = ${month} and s.school_item_code = ${orders.schoolItemCode})`;
/**
 * (list − payable) ÷ list in percent, rounded half up to 2 decimals; numeric arithmetic, so exact.
 * Null without a list price (nothing to discount).
 */
const rateSql = (list: SQL, payable: SQL) =>
  sql`round((${list} - ${payable})::numeric * 100 / nullif(${list}, 0), 2)`;
const overSql = (rate: SQL, allowed: SQL) => sql`coalesce(${rate} > ${allowed}, false)`;

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const total = (rows: { total: unknown }[]) => Number(rows[0]?.total ?? 0);

/** Per campus: the month's orders summed in SQL, the rate of the sums, filtered and paged there too. */
async function campusFigures(ctx: MdCtx, q: CalcQuery, paged: boolean) {
  const list = sql`sum(${orders.listCents})`;
  const payable = sql`sum(${orders.payableCents})`;
  const allowed = sql`max(${allowedSql(q.month)})`;
  const rate = rateSql(list, payable);
  const base = ctx.deps.db
    .select({
      schoolItemCode: orders.schoolItemCode,
      schoolItemName: sql<string>`coalesce(max(${schoolItems.name}), ${orders.schoolItemCode})`,
      orderCount: sql<number>`count(*)::int`,
      listCents: sql<string>`${list}::text`,
      discountCents: sql<string>`sum(${orders.discountCents})::text`,
      payableCents: sql<string>`${payable}::text`,
      rate: sql<string | null>`${rate}::text`,
      allowedRate: sql<string | null>`${allowed}::text`,
      over: sql<boolean>`${overSql(rate, allowed)}`,
      total: sql<number>`count(*) over ()`,
    })
    .from(orders)
    .leftJoin(schoolItems, eq(schoolItems.code, orders.schoolItemCode))
    .where(orderWhere(ctx, q))
    .groupBy(orders.schoolItemCode)
    .having(q.overOnly ? overSql(rate, allowed) : undefined)
    .orderBy(asc(orders.schoolItemCode))
    .$dynamic();
  const rows = paged ? await base.limit(q.pageSize).offset((q.pageIdx - 1) * q.pageSize) : await base;
  const list_: TRateCalculateRow[] = rows.map((r) => ({
    month: q.month,
    schoolItemCode: r.schoolItemCode,
    schoolItemName: r.schoolItemName,
    orderCount: Number(r.orderCount),
    listAmount: fromCents(r.listCents ?? 0),
    discountAmount: fromCents(r.discountCents ?? 0),
    payableAmount: fromCents(r.payableCents ?? 0),
    rate: text(r.rate),
    allowedRate: text(r.allowedRate),
    over: r.over === true,
  }));
  return { list: list_, total: total(rows) };
}

/** Per order of the month, filtered and paged in SQL. */
async function orderFigures(ctx: MdCtx, q: CalcQuery, paged: boolean) {
  const rate = rateSql(sql`${orders.listCents}`, sql`${orders.payableCents}`);
  const allowed = allowedSql(q.month);
  const base = ctx.deps.db
    .select({
      orderId: orders.id,
      orderCode: orders.code,
      studentName: sql<string>`coalesce(${students.name}, '')`,
      schoolItemCode: orders.schoolItemCode,
      effectiveAt: orders.effectiveAt,
      listCents: orders.listCents,
      discountCents: orders.discountCents,
      payableCents: orders.payableCents,
      rate: sql<string | null>`${rate}::text`,
      allowedRate: sql<string | null>`${allowed}::text`,
      over: sql<boolean>`${overSql(rate, allowed)}`,
      total: sql<number>`count(*) over ()`,
    })
    .from(orders)
    .leftJoin(students, eq(students.id, orders.studentId))
    .where(and(orderWhere(ctx, q), q.overOnly ? overSql(rate, allowed) : undefined))
    .orderBy(asc(orders.schoolItemCode), asc(orders.effectiveAt), asc(orders.id))
    .$dynamic();
  const rows = paged ? await base.limit(q.pageSize).offset((q.pageIdx - 1) * q.pageSize) : await base;
  const list: TRateDetailRow[] = rows.map((r) => ({
    orderId: r.orderId,
    orderCode: r.orderCode,
    studentName: r.studentName,
    schoolItemCode: r.schoolItemCode,
    effectiveAt: r.effectiveAt ? r.effectiveAt.toISOString() : '',
    listAmount: fromCents(r.listCents ?? 0),
    discountAmount: fromCents(r.discountCents ?? 0),
    payableAmount: fromCents(r.payableCents ?? 0),
    rate: text(r.rate),
    allowedRate: text(r.allowedRate),
    over: r.over === true,
  }));
  return { list, total: total(rows) };
}

export async function calculatePage(ctx: MdCtx, q: CalcQuery) {
  const r = await campusFigures(ctx, q, true);
  return { ...r, pageIdx: q.pageIdx, pageSize: q.pageSize };
}
export async function calculateDetail(ctx: MdCtx, q: CalcQuery) {
  const r = await orderFigures(ctx, q, true);
  return { ...r, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

const FIGURES: XlsxColumn[] = [
  { key: 'listAmount', header: '标价(元)', text: true },
  { key: 'discountAmount', header: '优惠(元)', text: true },
  { key: 'payableAmount', header: '实付(元)', text: true },
  { key: 'rate', header: '折扣率(%)', text: true },
  { key: 'allowedRate', header: '允许折扣率(%)', text: true },
  { key: 'overText', header: '超折扣' },
];
export async function calculateExport(ctx: MdCtx, q: CalcQuery) {
  const { list } = await campusFigures(ctx, q, false);
  const rows = list.map((r) => ({ ...r, overText: r.over ? '是' : '否' }));
  const columns: XlsxColumn[] = [
    { key: 'month', header: '月份', text: true },
    { key: 'schoolItemName', header: '校区' },
    { key: 'orderCount', header: '订单数' },
    ...FIGURES,
  ];
  return xlsxFile(exportFileName('折扣率统计', ctx.deps.now()), await workbook('折扣率统计', columns, rows));
}
export async function calculateExportDetail(ctx: MdCtx, q: CalcQuery) {
  const { list } = await orderFigures(ctx, q, false);
  const rows = list.map((r) => ({ ...r, overText: r.over ? '是' : '否' }));
  const columns: XlsxColumn[] = [
    { key: 'orderCode', header: '订单编号', text: true },
    { key: 'studentName', header: '学员' },
    { key: 'schoolItemCode', header: '校区', text: true },
    { key: 'effectiveAt', header: '生效时间' },
    ...FIGURES,
  ];
  return xlsxFile(exportFileName('折扣率明细', ctx.deps.now()), await workbook('折扣率明细', columns, rows));
}
