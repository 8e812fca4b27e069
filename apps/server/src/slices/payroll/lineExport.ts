// Finance's per-line salary export (/financial/dataExport): every salary line of a period — each role,
// computed and manual — with the employee, campus, item, basis and amount the payslip shows, read in
// keyset batches (campus, employee, line) into a streamed workbook.
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TPayRole, TSalaryLineExportRow } from '@bo/api-sdk';
import { exportFileName, fromCents } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { employees, schoolItems, users } from '../../db/schema.js';
import { streamedWorkbook, type XlsxColumn } from '../../shared/xlsx.js';
import { campusWhere, lineRate, type Ctx } from './service.js';
import { salaryLineSources, salaryLines } from './tables.js';

export interface LineExportQuery {
  year: number;
  month: number;
  schoolItemCode?: string | undefined;
  keyword?: string | undefined;
  role?: TPayRole | undefined;
}

const ROLE_NAME: Record<string, string> = {
  teacher: '教师',
  expert: '专家',
  supervisor: '督导',
  consultant: '课程顾问',
  growth: '成长顾问',
  leader: '中心负责人',
};
const ITEM_NAME: Record<string, string> = {
  base: '基本工资',
  kjbonus: '课酬奖金',
  training: '培训课时',
  cases: '按个案',
  commission: '提成',
  target: '目标奖金',
  manual: '手工调整',
};

const PAY_TYPE_NAME: Record<string, string> = {
  oneToOne: '一对一',
  group: '班课',
  trial: '试听课',
  assessment: '测评课',
  training: '培训',
  '*': '任意类型',
};
const ATTENDANCE_NAME: Record<string, string> = {
  present: '出勤',
  late: '迟到',
  leave: '请假',
  absent: '缺勤',
  makeup: '补课',
  '*': '任意考勤',
};

/** A line's item in words, as the payslip names it (hours:<payType>:<status>, extra:<payType>, …). */
export function itemText(item: string): string {
  const [head = '', a = '', b = ''] = item.split(':');
  if (head === 'hours') return `课时费 ${PAY_TYPE_NAME[a] ?? a} · ${ATTENDANCE_NAME[b] ?? b}`;
  if (head === 'extra') return `外部课时 ${PAY_TYPE_NAME[a] ?? a}`;
  return ITEM_NAME[head] ?? item;
}

/** How the amount came about: the payslip's quantity and rate, or a manual line's reason and author. */
export function basisText(
  l: { kind: string; quantity: string; rate: string | null; reason: string },
  by: string | null,
) {
  if (l.kind === 'manual') return `${l.reason}（${by ?? ''}）`;
  if (l.rate === null) return '';
  return `${Number(l.quantity).toFixed(2)} × ${l.rate}`;
}

export const LINE_COLUMNS: XlsxColumn[] = [
  { key: 'period', header: '期间 / Period', text: true },
  { key: 'schoolItemCode', header: '校区 / Campus', text: true },
  { key: 'schoolItemName', header: '校区名称 / Campus name' },
  { key: 'employeeCode', header: '工号 / Employee code', text: true },
  { key: 'employeeName', header: '姓名 / Name' },
  { key: 'roleName', header: '角色 / Role' },
  { key: 'itemName', header: '项目 / Item', width: 24 },
  { key: 'kindName', header: '类型 / Kind' },
  { key: 'quantity', header: '数量 / Quantity' },
  { key: 'rate', header: '单价 / Rate' },
  { key: 'basis', header: '计算依据 / Basis', width: 30 },
  { key: 'amount', header: '金额 / Amount' },
  { key: 'sources', header: '来源数 / Sources' },
];

function lineWhere(c: Ctx, q: LineExportQuery): SQL | undefined {
  const kw = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  return and(
    eq(salaryLines.year, q.year),
    eq(salaryLines.month, q.month),
    campusWhere(c.user, salaryLines.schoolItemCode, q.schoolItemCode),
    q.role ? eq(salaryLines.role, q.role) : undefined,
    kw ? or(ilike(employees.name, kw), ilike(salaryLines.employeeCode, kw)) : undefined,
  );
}

async function lineRows(
  tx: DbOrTx,
  where: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<TSalaryLineExportRow[]> {
  const rows = await tx
    .select({
      l: salaryLines,
      employeeName: employees.name,
      schoolItemName: schoolItems.name,
      by: users.name,
      sources: sql<number>`(select count(*) from ${salaryLineSources} where ${salaryLineSources.lineId} = ${salaryLines.id})::int`,
    })
    .from(salaryLines)
    .leftJoin(employees, eq(employees.code, salaryLines.employeeCode))
    .leftJoin(schoolItems, eq(schoolItems.code, salaryLines.schoolItemCode))
    .leftJoin(users, eq(users.id, salaryLines.createdBy))
    .where(where)
    .orderBy(asc(salaryLines.schoolItemCode), asc(salaryLines.employeeCode), asc(salaryLines.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ l, employeeName, schoolItemName, by, sources }) => {
    const rate = lineRate(l);
    return {
      id: l.id,
      year: l.year,
      month: l.month,
      schoolItemCode: l.schoolItemCode,
      schoolItemName,
      employeeCode: l.employeeCode,
      employeeName,
      role: l.role as TPayRole,
      kind: l.kind === 'manual' ? 'manual' : 'computed',
      item: l.item,
      itemName: itemText(l.item),
      quantity: Number(l.quantity),
      rate,
      basis: basisText({ kind: l.kind, quantity: l.quantity, rate, reason: l.reason }, by),
      amount: fromCents(l.amountCents),
      sources,
    };
  });
}

export async function linesPage(c: Ctx, q: LineExportQuery & { pageIdx: number; pageSize: number }) {
  const where = lineWhere(c, q);
  const list = await lineRows(c.deps.db, where, q.pageSize, (q.pageIdx - 1) * q.pageSize);
  const [n] = await c.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(salaryLines)
    .leftJoin(employees, eq(employees.code, salaryLines.employeeCode))
    .where(where);
  return { list, total: n?.n ?? 0, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

const BATCH = 1000;

const sheetRow = (r: TSalaryLineExportRow, period: string) => ({
  ...r,
  period,
  roleName: ROLE_NAME[r.role] ?? r.role,
  kindName: r.kind === 'manual' ? '手工' : '计算',
  amount: Number(r.amount),
});

export function linesExport(c: Ctx, q: LineExportQuery) {
  // Checked here, before the download starts streaming: a campus outside scope is a 403, not a cut file.
  const where = lineWhere(c, q);
  const period = `${q.year}-${String(q.month).padStart(2, '0')}`;
  return streamedWorkbook<ReturnType<typeof sheetRow>>({
    filename: exportFileName(`薪酬明细_${period}`, c.deps.now()),
    sheetName: '薪酬明细',
    columns: LINE_COLUMNS,
    batch: BATCH,
    next: async (last) => {
      const after = last
        ? sql`(${salaryLines.schoolItemCode}, ${salaryLines.employeeCode}, ${salaryLines.id}) > (${last.schoolItemCode}, ${last.employeeCode}, ${last.id})`
        : undefined;
      return (await lineRows(c.deps.db, and(where, after), BATCH)).map((r) => sheetRow(r, period));
    },
  });
}
