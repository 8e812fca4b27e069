// Assessment inventory (assessments sold vs. used per campus and month, from the student ledger) and
// finance's stocktaking sheets: a snapshot of a month's inventory, shown beside today's figures so a
// recheck sees what moved after it was taken (docs/decisions.md "Promotions and products").
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { exportFileName } from '@bo/domain';
import type { TAssessInventoryRow, TRecheckRow } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, campusScope } from '../../http/auth.js';
import { badInput } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { monthBound } from '../../shared/days.js';
import type { MdCtx } from '../../shared/masterdata/index.js';
import { workbook, xlsxFile, type XlsxColumn } from '../../shared/xlsx.js';
import { schoolItems, studentLedger, users } from '../../db/schema.js';
import { saleItems, stocktakingRows } from './tables.js';

/** Movements that use assessments (given, made up); everything else changes what is sold. */
const USE_KINDS = ['consume', 'makeup'];

const n2 = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

/**
 * One row per campus and assessment product with movements up to the month's end. A reversal counts
 * as the kind it reverses (a reversed consumption gives the assessment back).
 */
async function figures(
  tx: DbOrTx,
  month: string,
  f: { campuses: string[] | null; itemId?: number | undefined },
): Promise<TAssessInventoryRow[]> {
  const { start, end } = monthBound('month', month);
  const used = sql`coalesce((select o.kind from ${studentLedger} o where o.id = ${studentLedger.reversesId}), ${studentLedger.kind}) in (${sql.join(
    USE_KINDS.map((k) => sql`${k}`),
    sql`, `,
  )})`;
  const before = sql`${studentLedger.postedAt} < ${start}`;
  const rows = await tx
    .select({
      schoolItemCode: studentLedger.schoolItemCode,
      schoolItemName: sql<string>`coalesce(max(${schoolItems.name}), '')`,
      itemId: saleItems.id,
      itemName: saleItems.name,
      courseCode: saleItems.courseCode,
      opening: sql<string>`coalesce(sum(case when ${before} then ${studentLedger.hours} end), 0)`,
      sold: sql<string>`coalesce(sum(case when not ${before} and not ${used} then ${studentLedger.hours} end), 0)`,
      used: sql<string>`coalesce(-sum(case when not ${before} and ${used} then ${studentLedger.hours} end), 0)`,
      closing: sql<string>`coalesce(sum(${studentLedger.hours}), 0)`,
    })
    .from(studentLedger)
    .innerJoin(
      saleItems,
      and(eq(saleItems.kind, 'assess'), eq(saleItems.courseCode, studentLedger.courseCode)),
    )
    .leftJoin(schoolItems, eq(schoolItems.code, studentLedger.schoolItemCode))
    .where(
      and(
        sql`${studentLedger.postedAt} < ${end}`,
        f.campuses
          ? f.campuses.length
            ? inArray(studentLedger.schoolItemCode, f.campuses)
            : sql`false`
          : undefined,
        f.itemId ? eq(saleItems.id, f.itemId) : undefined,
      ),
    )
    .groupBy(studentLedger.schoolItemCode, saleItems.id, saleItems.name, saleItems.courseCode)
    .orderBy(asc(studentLedger.schoolItemCode), asc(saleItems.id));
  return rows.map((r) => ({
    schoolItemCode: r.schoolItemCode,
    schoolItemName: r.schoolItemName,
    itemId: r.itemId,
    itemName: r.itemName,
    courseCode: r.courseCode,
    opening: n2(r.opening),
    sold: n2(r.sold),
    used: n2(r.used),
    closing: n2(r.closing),
  }));
}

function campusesOf(ctx: MdCtx, schoolItemCode: string | undefined): string[] | null {
  if (schoolItemCode) {
    assertCampus(ctx.user, schoolItemCode);
    return [schoolItemCode];
  }
  return campusScope(ctx.user);
}

export function inventory(
  ctx: MdCtx,
  q: { month: string; schoolItemCode?: string | undefined; itemId?: number | undefined },
) {
  return figures(ctx.deps.db, q.month, { campuses: campusesOf(ctx, q.schoolItemCode), itemId: q.itemId });
}

const INVENTORY_COLUMNS: XlsxColumn[] = [
  { key: 'schoolItemCode', header: '校区编码', text: true },
  { key: 'schoolItemName', header: '校区' },
  { key: 'itemName', header: '评估产品', width: 24 },
  { key: 'opening', header: '期初' },
  { key: 'sold', header: '本月售出' },
  { key: 'used', header: '本月使用' },
  { key: 'closing', header: '期末' },
];

export async function inventoryExport(
  ctx: MdCtx,
  q: { month: string; schoolItemCode?: string | undefined; itemId?: number | undefined },
) {
  const rows = await inventory(ctx, q);
  return xlsxFile(
    exportFileName('评估盘点', ctx.deps.now()),
    await workbook('评估盘点', INVENTORY_COLUMNS, rows),
  );
}

/** Takes the month's snapshot again for the caller's campuses (the earlier one is replaced). */
export async function generateRecheck(ctx: MdCtx, month: string) {
  const { start } = monthBound('month', month);
  const now = ctx.deps.now();
  if (start > now) throw badInput('month', 'month: 该月尚未开始 / the month has not begun');
  const campuses = campusScope(ctx.user);
  return ctx.deps.db.transaction(async (tx) => {
    // One generation of a month at a time: a second waits and then replaces the first's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stocktaking:${month}`}))`);
    const rows = await figures(tx, month, { campuses });
    await tx
      .delete(stocktakingRows)
      .where(
        and(
          eq(stocktakingRows.month, month),
          campuses
            ? campuses.length
              ? inArray(stocktakingRows.schoolItemCode, campuses)
              : sql`false`
            : undefined,
        ),
      );
    if (rows.length)
      await tx.insert(stocktakingRows).values(
        rows.map((r) => ({
          month,
          schoolItemCode: r.schoolItemCode,
          itemId: r.itemId,
          opening: String(r.opening),
          sold: String(r.sold),
          used: String(r.used),
          closing: String(r.closing),
          generatedBy: ctx.user.id,
          generatedAt: now,
        })),
      );
    await writeAudit(tx, {
      action: 'stocktaking.generate',
      target: `stocktaking:${month}`,
      detail: { rows: rows.length },
      userId: ctx.user.id,
      username: ctx.user.username,
      ip: ctx.ip ?? null,
      at: now,
    });
    return { month, rows: rows.length };
  });
}

type RecheckQuery = {
  month?: string | undefined;
  schoolItemCode?: string | undefined;
  changedOnly?: boolean | undefined;
  pageIdx: number;
  pageSize: number;
};

async function recheckRows(ctx: MdCtx, q: RecheckQuery, paged: boolean) {
  const campuses = campusesOf(ctx, q.schoolItemCode);
  const db = ctx.deps.db;
  const where: SQL | undefined = and(
    q.month ? eq(stocktakingRows.month, q.month) : undefined,
    campuses ? (campuses.length ? inArray(stocktakingRows.schoolItemCode, campuses) : sql`false`) : undefined,
  );
  const base = db
    .select({
      id: stocktakingRows.id,
      month: stocktakingRows.month,
      schoolItemCode: stocktakingRows.schoolItemCode,
      schoolItemName: sql<string>`coalesce(${schoolItems.name}, '')`,
      itemId: stocktakingRows.itemId,
      itemName: saleItems.name,
      courseCode: saleItems.courseCode,
      opening: stocktakingRows.opening,
      sold: stocktakingRows.sold,
      used: stocktakingRows.used,
      closing: stocktakingRows.closing,
      generatedAt: stocktakingRows.generatedAt,
      generatedByName: sql<string>`coalesce(${users.name}, '')`,
    })
    .from(stocktakingRows)
    .innerJoin(saleItems, eq(saleItems.id, stocktakingRows.itemId))
    .leftJoin(schoolItems, eq(schoolItems.code, stocktakingRows.schoolItemCode))
    .leftJoin(users, eq(users.id, stocktakingRows.generatedBy))
    .where(where)
    .orderBy(
      sql`${stocktakingRows.month} desc`,
      asc(stocktakingRows.schoolItemCode),
      asc(stocktakingRows.itemId),
    );
  const rows = await base;
  // Today's closing of each month on the sheets, computed once per month in SQL.
  const months = [...new Set(rows.map((r) => r.month))];
  const live = new Map<string, number>();
  for (const m of months)
    for (const f of await figures(db, m, { campuses }))
      live.set(`${m}|${f.schoolItemCode}|${f.itemId}`, f.closing);
  let list: TRecheckRow[] = rows.map((r) => {
    const closing = n2(r.closing);
    const current = live.get(`${r.month}|${r.schoolItemCode}|${r.itemId}`) ?? 0;
    return {
      id: r.id,
      month: r.month,
      schoolItemCode: r.schoolItemCode,
      schoolItemName: r.schoolItemName,
      itemId: r.itemId,
      itemName: r.itemName,
      courseCode: r.courseCode,
      opening: n2(r.opening),
      sold: n2(r.sold),
      used: n2(r.used),
      closing,
      generatedAt: r.generatedAt.toISOString(),
      generatedByName: r.generatedByName,
      currentClosing: current,
      difference: n2(current - closing),
    };
  });
  if (q.changedOnly) list = list.filter((r) => r.difference !== 0);
  const total = list.length;
  if (paged) list = list.slice((q.pageIdx - 1) * q.pageSize, q.pageIdx * q.pageSize);
  return { list, total, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export function recheckPage(ctx: MdCtx, q: RecheckQuery) {
  return recheckRows(ctx, q, true);
}

export async function recheckExport(ctx: MdCtx, q: RecheckQuery) {
  const { list } = await recheckRows(ctx, q, false);
  const columns: XlsxColumn[] = [
    { key: 'month', header: '月份', text: true },
    ...INVENTORY_COLUMNS,
    { key: 'currentClosing', header: '当前期末' },
    { key: 'difference', header: '差异' },
    { key: 'generatedAt', header: '生成时间' },
    { key: 'generatedByName', header: '生成人' },
  ];
  return xlsxFile(exportFileName('盘点复核', ctx.deps.now()), await workbook('盘点复核', columns, list));
}
