// School cost and revenue by month and the monthly advance uploads, on the master-data engine: rows keyed
// by (month, campus[, employee]); imports validate every row, are all-or-nothing and upsert.
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { addAmounts } from '@bo/domain';
import {
  MONTHLY_ADVANCE_KINDS,
  MonthlyAdvanceInput,
  SCHOOL_COST_CATEGORIES,
  SCHOOL_REVENUE_CATEGORIES,
  SchoolCostInput,
  SchoolRevenueInput,
  type MonthlyAdvanceRow,
  type SchoolCostRow,
  type SchoolRevenueRow,
  type TImportResult,
  type TMonthlyAdvanceKind,
} from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { badInput, conflict } from '../../http/errors.js';
import {
  codeNames,
  defineRecordType,
  eqFilter,
  importByCompositeKey,
  type MdCtx,
  type MdRecord,
} from '../../shared/masterdata/index.js';
import type { XlsxColumn } from '../../shared/xlsx.js';
import { employees, schoolItems } from '../../db/schema.js';
import { monthlyAdvances, schoolCosts, schoolRevenues } from './tables.js';

const CAMPUS_PARENT = {
  field: 'schoolItemCode',
  table: schoolItems,
  key: schoolItems.code,
  status: schoolItems.validStatus,
  label: '校区 / campus',
};

/** Month filters: one month, or a range (YYYY-MM strings compare in order). */
const monthWhere = (col: AnyPgColumn) => (q: MdRecord) => {
  const conds: SQL[] = [];
  if (typeof q.month === 'string' && q.month) conds.push(eq(col, q.month));
  if (typeof q.monthFrom === 'string' && q.monthFrom) conds.push(gte(col, q.monthFrom));
  if (typeof q.monthTo === 'string' && q.monthTo) conds.push(lte(col, q.monthTo));
  return conds.length ? and(...conds) : undefined;
};

async function withSchoolNames<T extends { schoolItemCode: string }>(
  tx: DbOrTx,
  rows: T[],
): Promise<(T & { schoolItemName: string | null })[]> {
  const name = await codeNames(
    tx,
    schoolItems,
    rows.map((r) => r.schoolItemCode),
  );
  return rows.map((r) => ({ ...r, schoolItemName: name.get(r.schoolItemCode) ?? null }));
}

type CostRow = z.output<typeof SchoolCostRow>;
type CostIn = z.output<typeof SchoolCostInput>;
type RevenueRow = z.output<typeof SchoolRevenueRow>;
type RevenueIn = z.output<typeof SchoolRevenueInput>;

/** A monthly campus table (cost or revenue): its categories sum into total; one row per (month, campus). */
function monthlyCampusType<TRow extends MdRecord & { schoolItemCode: string }, TIn extends MdRecord>(o: {
  name: string;
  label: string;
  table: typeof schoolCosts | typeof schoolRevenues;
  categories: readonly { key: string }[];
  input: z.ZodType<TIn, unknown>;
}) {
  const t = o.table;
  const cols = t as unknown as Record<string, AnyPgColumn>;
  const catCols = Object.fromEntries(o.categories.map((c) => [c.key, cols[c.key] as AnyPgColumn]));
  return defineRecordType<TRow, TIn>({
    name: o.name,
    label: o.label,
    table: t,
    key: 'id',
    keyKind: 'id',
    fields: {
      id: t.id,
      month: t.month,
      schoolItemCode: t.schoolItemCode,
      ...catCols,
      total: t.total,
      version: t.version,
      updatedBy: t.updatedBy,
    },
    input: o.input,
    filters: { schoolItemCode: eqFilter(t.schoolItemCode) },
    where: monthWhere(t.month),
    sort: [asc(t.month), asc(t.schoolItemCode)],
    parents: [CAMPUS_PARENT],
    scope: { kind: 'campus', field: 'schoolItemCode' },
    version: 'version',
    updatedAt: t.updatedAt,
    importKey: 'id',
    prepare: async (tx, { values, existing, ctx }) => {
      const m = { ...existing, ...values } as MdRecord;
      const [hit] = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.month, String(m.month)), eq(t.schoolItemCode, String(m.schoolItemCode))))
        .limit(1);
      if (hit && hit.id !== existing?.id)
        throw conflict(
          `${String(m.month)}校区${String(m.schoolItemCode)}的数据已存在 / ${String(m.month)} of campus ${String(m.schoolItemCode)} already exists`,
          'month',
        );
      const total = addAmounts(...o.categories.map((c) => m[c.key]));
      // The total and who wrote it change only with the amounts (a re-import of the same rows is "unchanged").
      const changed = !existing || o.categories.some((c) => existing[c.key] !== m[c.key]);
      return changed ? { total, updatedBy: ctx.user.username } : {};
    },
    decorate: (tx, rows) => withSchoolNames(tx, rows) as Promise<TRow[]>,
  });
}

export const schoolCostType = monthlyCampusType<CostRow, CostIn>({
  name: 'schoolCost',
  label: '校区成本 / school cost',
  table: schoolCosts,
  categories: SCHOOL_COST_CATEGORIES,
  input: SchoolCostInput,
});
export const schoolRevenueType = monthlyCampusType<RevenueRow, RevenueIn>({
  name: 'schoolRevenue',
  label: '校区收入 / school revenue',
  table: schoolRevenues,
  categories: SCHOOL_REVENUE_CATEGORIES,
  input: SchoolRevenueInput,
});

export const importSchoolCosts = (
  ctx: MdCtx,
  rows: MdRecord[],
  o: { dryRun: boolean; firstRow?: number },
): Promise<TImportResult> =>
  importByCompositeKey(
    ctx,
    rows,
    o,
    {
      table: schoolCosts,
      id: schoolCosts.id,
      columns: { month: schoolCosts.month, schoolItemCode: schoolCosts.schoolItemCode },
      schema: SchoolCostInput,
    },
    (r, x) => schoolCostType.importRows(ctx, r, x),
  );
export const importSchoolRevenues = (
  ctx: MdCtx,
  rows: MdRecord[],
  o: { dryRun: boolean; firstRow?: number },
): Promise<TImportResult> =>
  importByCompositeKey(
    ctx,
    rows,
    o,
    {
      table: schoolRevenues,
      id: schoolRevenues.id,
      columns: { month: schoolRevenues.month, schoolItemCode: schoolRevenues.schoolItemCode },
      schema: SchoolRevenueInput,
    },
    (r, x) => schoolRevenueType.importRows(ctx, r, x),
  );

const baseColumns: XlsxColumn[] = [
  { key: 'month', header: '月份* / month', text: true, required: true, width: 10 },
  { key: 'schoolItemCode', header: '校区编码* / campus code', text: true, required: true },
];
const money = (categories: readonly { key: string; name: string; nameEn: string }[]): XlsxColumn[] =>
  categories.map((c) => ({ key: c.key, header: `${c.name} / ${c.nameEn}`, width: 14 }));
export const SCHOOL_COST_COLUMNS: XlsxColumn[] = [...baseColumns, ...money(SCHOOL_COST_CATEGORIES)];
export const SCHOOL_REVENUE_COLUMNS: XlsxColumn[] = [...baseColumns, ...money(SCHOOL_REVENUE_CATEGORIES)];
/**
 * Export columns: the template's, in its order, then the read-only campus name and total (the upload
 * reads past them), so an exported file is edited and uploaded back as it is.
 */
export const exportColumns = (cols: XlsxColumn[]): XlsxColumn[] => [
  ...cols,
  { key: 'schoolItemName', header: '校区名称 / campus', width: 16 },
  { key: 'total', header: '合计 / total', width: 14 },
];

// ---- monthly advance uploads ----

type AdvanceRow = z.output<typeof MonthlyAdvanceRow>;
type AdvanceIn = z.output<typeof MonthlyAdvanceInput>;
const ma = monthlyAdvances;

export const monthlyAdvanceType = defineRecordType<AdvanceRow, AdvanceIn>({
  name: 'monthlyAdvance',
  label: '月度预收数据 / monthly advance data',
  table: ma,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: ma.id,
    kind: ma.kind,
    month: ma.month,
    schoolItemCode: ma.schoolItemCode,
    employeeCode: ma.employeeCode,
    amount: ma.amount,
    version: ma.version,
    updatedBy: ma.updatedBy,
  },
  input: MonthlyAdvanceInput,
  filters: {
    kind: eqFilter(ma.kind),
    schoolItemCode: eqFilter(ma.schoolItemCode),
    employeeCode: eqFilter(ma.employeeCode),
  },
  where: monthWhere(ma.month),
  sort: [asc(ma.month), asc(ma.schoolItemCode), asc(ma.employeeCode)],
  parents: [
    CAMPUS_PARENT,
    {
      field: 'employeeCode',
      table: employees,
      key: employees.code,
      status: employees.status,
      label: '员工 / employee',
    },
  ],
  scope: { kind: 'campus', field: 'schoolItemCode' },
  version: 'version',
  updatedAt: ma.updatedAt,
  importKey: 'id',
  prepare: async (tx, { values, existing, ctx }) => {
    const m = { ...existing, ...values } as AdvanceRow;
    const kind = MONTHLY_ADVANCE_KINDS.find((k) => k.kind === m.kind);
    if (kind?.perEmployee && !m.employeeCode)
      throw badInput('employeeCode', '请填写员工编码 / the employee code is required');
    if (kind && !kind.perEmployee && m.employeeCode)
      throw badInput('employeeCode', '中心数据不填员工编码 / centre rows have no employee code');
    const [hit] = await tx
      .select({ id: ma.id })
      .from(ma)
      .where(
        and(
          eq(ma.kind, m.kind),
          eq(ma.month, m.month),
          eq(ma.schoolItemCode, m.schoolItemCode),
          eq(ma.employeeCode, m.employeeCode),
        ),
      )
      .limit(1);
    if (hit && hit.id !== existing?.id)
      throw conflict(
        `${m.month}的该行数据已存在 / a row of ${m.month} for this campus/employee already exists`,
        'month',
      );
    return !existing || existing.amount !== m.amount ? { updatedBy: ctx.user.username } : {};
  },
  decorate: async (tx, rows) => {
    const name = await codeNames(
      tx,
      employees,
      rows.map((r) => r.employeeCode),
    );
    return (await withSchoolNames(tx, rows)).map((r) => ({
      ...r,
      employeeName: name.get(r.employeeCode) ?? null,
    }));
  },
});

export const importMonthlyAdvances = (
  ctx: MdCtx,
  kind: TMonthlyAdvanceKind,
  rows: MdRecord[],
  o: { dryRun: boolean; firstRow?: number },
) =>
  importByCompositeKey(
    ctx,
    rows.map((r) => ({ ...r, kind })),
    o,
    {
      table: ma,
      id: ma.id,
      columns: { month: ma.month, schoolItemCode: ma.schoolItemCode, employeeCode: ma.employeeCode },
      where: eq(ma.kind, kind),
      schema: MonthlyAdvanceInput,
    },
    (r, x) => monthlyAdvanceType.importRows(ctx, r, x),
  );

export const advanceColumns = (kind: TMonthlyAdvanceKind): XlsxColumn[] => {
  const perEmployee = MONTHLY_ADVANCE_KINDS.find((k) => k.kind === kind)?.perEmployee ?? false;
  return [
    ...baseColumns,
    ...(perEmployee
      ? [{ key: 'employeeCode', header: '员工编码* / employee code', text: true, required: true }]
      : []),
    { key: 'amount', header: '金额* / amount', required: true, width: 14 },
  ];
};
