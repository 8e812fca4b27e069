// Clue analysis: reports over the per-clue facts, their exports and detail rows (decisions.md "Clue analysis").
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { exportFileName, shanghaiWeekStart } from '@bo/domain';
import type { DownloadResult } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import { assertCampus, assertRegion, type AuthUser } from '../../http/auth.js';
import { badInput } from '../../http/errors.js';
import { idNames } from '../../shared/masterdata/index.js';
import { workbook, xlsxFile, XLSX_TYPE, type XlsxColumn } from '../../shared/xlsx.js';
import { callRecords, clueEvents, clueFollows, clues, users } from '../../db/schema.js';
import { shanghaiDayStart as dayStart } from '@bo/domain';
import { dayBound } from '../../shared/days.js';
import { clueWhere, countFacts, loadFacts } from './facts.js';
import { converted, FACT_REPORTS, type Col, type FactReport } from './reports.js';
import type {
  TAnalysisFilter,
  TClueFullRow,
  TDetailQuery,
  TReport,
  TReportKind,
  TWorkConditionQuery,
} from './types.js';

type Values = Record<string, number | null>;
const r4 = (n: number) => Math.round(n * 10_000) / 10_000;
const r1 = (n: number) => Math.round(n * 10) / 10;

function columns(cols: Col[]) {
  return cols.map((c) => ({
    key: c.key,
    zh: c.zh,
    en: c.en,
    kind: c.type === 'rate' ? ('rate' as const) : ('count' as const),
    drill: true,
  }));
}

function tally(def: FactReport, rows: TClueFullRow[]): Values {
  const v: Values = {};
  for (const c of def.cols) if (c.type === 'count') v[c.key] = rows.filter(c.test).length;
  for (const c of def.cols)
    if (c.type === 'rate') {
      const d = v[c.den] ?? 0;
      v[c.key] = d ? r4((v[c.num] ?? 0) / d) : null;
    }
  return v;
}

/** A report over the facts: one row per group (largest first), and the totals. */
export function factReport(kind: string, def: FactReport, facts: TClueFullRow[]): TReport {
  const rows = facts.filter(def.include ?? (() => true));
  const groups = new Map<string, { name: string; rows: TClueFullRow[] }>();
  for (const r of rows) {
    const g = def.group(r);
    const e = groups.get(g.key) ?? { name: g.name, rows: [] };
    e.rows.push(r);
    groups.set(g.key, e);
  }
  const out = [...groups.entries()].map(([key, g]) => ({ key, name: g.name, values: tally(def, g.rows) }));
  out.sort(
    (a, b) =>
      (b.values[def.cols[0]?.key ?? ''] ?? 0) - (a.values[def.cols[0]?.key ?? ''] ?? 0) ||
      a.key.localeCompare(b.key),
  );
  return {
    kind,
    groupZh: def.groupZh,
    groupEn: def.groupEn,
    columns: columns(def.cols),
    rows: out,
    totals: tally(def, rows),
  };
}

/** Campus/region scope of a table's campus column (calls, leads). */
function campusWhere(
  u: AuthUser,
  f: { schoolItemCode?: string; provinceTypeCode?: string },
  col: SQL,
): SQL[] {
  const parts: SQL[] = [];
  if (!u.allScope) parts.push(u.schoolItems.length ? sql`${col} in ${u.schoolItems}` : sql`false`);
  if (f.schoolItemCode) {
    assertCampus(u, f.schoolItemCode);
    parts.push(sql`${col} = ${f.schoolItemCode}`);
  }
  if (f.provinceTypeCode) {
    assertRegion(u, f.provinceTypeCode);
    parts.push(
      sql`${col} in (select code from school_items where province_type_code = ${f.provinceTypeCode})`,
    );
  }
  return parts;
}
const range = (f: { startDate?: string; endDate?: string }) => ({
  from: f.startDate ? dayBound('query.startDate', f.startDate) : null,
  to: f.endDate ? dayBound('query.endDate', f.endDate, { end: true }) : null,
});

// ---- call report: calls started in the period, per agent ----
function callWhere(u: AuthUser, f: TAnalysisFilter): SQL | undefined {
  const { from, to } = range(f);
  const parts: SQL[] = [
    sql`${callRecords.deletedAt} is null`,
    ...campusWhere(u, f, sql`${callRecords.schoolItemCode}`),
  ];
  if (from) parts.push(gte(callRecords.startAt, from));
  if (to) parts.push(lt(callRecords.startAt, to));
  if (f.ownerUserId) parts.push(eq(callRecords.userId, f.ownerUserId));
  if (f.channel)
    parts.push(sql`${callRecords.clueId} in (select id from clues where channel_code = ${f.channel})`);
  return and(...parts);
}
const CALL_COLS = [
  { key: 'calls', zh: '通话数', en: 'Calls', kind: 'count' as const, drill: true },
  { key: 'connected', zh: '接通数', en: 'Connected', kind: 'count' as const, drill: true },
  { key: 'minutes', zh: '通话分钟', en: 'Minutes', kind: 'number' as const, drill: false },
  { key: 'cluesCalled', zh: '拨打线索数', en: 'Clues called', kind: 'count' as const, drill: true },
  { key: 'avgQuality', zh: '平均质检分', en: 'Average quality score', kind: 'number' as const, drill: false },
];
async function callReport(deps: AppDeps, u: AuthUser, f: TAnalysisFilter): Promise<TReport> {
  const agg = {
    calls: sql<number>`count(*)::int`.mapWith(Number),
    connected: sql<number>`count(*) filter (where ${callRecords.result} = 'answered')::int`.mapWith(Number),
    seconds: sql<number>`coalesce(sum(${callRecords.durationSeconds}), 0)::int`.mapWith(Number),
    cluesCalled: sql<number>`count(distinct ${callRecords.clueId})::int`.mapWith(Number),
    avgQuality: sql<number | null>`avg(${callRecords.qualityTotal})::float`.mapWith((v: unknown) =>
      v === null ? null : Number(v),
    ),
  };
  const where = callWhere(u, f);
  const rows = await deps.db
    .select({ userId: callRecords.userId, name: users.name, ...agg })
    .from(callRecords)
    .leftJoin(users, eq(users.id, callRecords.userId))
    .where(where)
    .groupBy(callRecords.userId, users.name)
    .orderBy(sql`count(*) desc`, callRecords.userId);
  const [t] = await deps.db.select(agg).from(callRecords).where(where);
  const values = (a: {
    calls: number;
    connected: number;
    seconds: number;
    cluesCalled: number;
    avgQuality: number | null;
  }) => ({
    calls: a.calls,
    connected: a.connected,
    minutes: r1(a.seconds / 60),
    cluesCalled: a.cluesCalled,
    avgQuality: a.avgQuality === null ? null : r1(a.avgQuality),
  });
  return {
    kind: 'call',
    groupZh: '顾问',
    groupEn: 'Consultant',
    columns: CALL_COLS,
    rows: rows.map((r) => ({ key: String(r.userId), name: r.name ?? String(r.userId), values: values(r) })),
    totals: values(t ?? { calls: 0, connected: 0, seconds: 0, cluesCalled: 0, avgQuality: null }),
  };
}

// ---- activity report: ad-platform leads received in the period, per source ----
const LEAD_TABLES = { baidu: 'clue_leads_baidu', douyin: 'clue_leads_douyin', h5: 'clue_leads_h5' } as const;
const LEAD_NAMES = { baidu: '百度', douyin: '抖音', h5: 'H5活动' } as const;
type LeadSrc = keyof typeof LEAD_TABLES;
const ACTIVITY_COLS = [
  { key: 'leads', zh: '线索推送', en: 'Leads', kind: 'count' as const, drill: true },
  { key: 'created', zh: '新建线索', en: 'Clues created', kind: 'count' as const, drill: true },
  { key: 'routed', zh: '重复转入', en: 'Duplicates routed', kind: 'count' as const, drill: true },
  { key: 'converted', zh: '已转化', en: 'Converted', kind: 'count' as const, drill: true },
  { key: 'conversionRate', zh: '转化率', en: 'Conversion rate', kind: 'rate' as const, drill: true },
];
/** The leads of a source in scope: the linked clue decides the campus (and channel/owner filters). */
async function leadRows(deps: AppDeps, u: AuthUser, f: TAnalysisFilter, src: LeadSrc) {
  const { from, to } = range(f);
  const parts: SQL[] = [sql`true`];
  if (from) parts.push(sql`l.received_at >= ${from}`);
  if (to) parts.push(sql`l.received_at < ${to}`);
  const clueScope = clueWhere(u, f, { dates: false });
  const rows = await deps.db
    .select({
      clueId: clues.id,
      outcome: sql<string>`l.outcome`,
      state: clues.flowState,
      convertedAt: clues.convertedAt,
    })
    .from(sql`${sql.raw(LEAD_TABLES[src])} l`)
    .innerJoin(clues, sql`${clues.id} = l.clue_id`)
    .where(and(sql.join(parts, sql` and `), clueScope));
  return rows;
}
async function activityReport(deps: AppDeps, u: AuthUser, f: TAnalysisFilter): Promise<TReport> {
  const out: TReport['rows'] = [];
  const tot = { leads: 0, created: 0, routed: 0, converted: 0 };
  for (const src of Object.keys(LEAD_TABLES) as LeadSrc[]) {
    const rows = await leadRows(deps, u, f, src);
    const created = rows.filter((r) => r.outcome === 'created');
    const v = {
      leads: rows.length,
      created: created.length,
      routed: rows.filter((r) => r.outcome === 'routed').length,
      converted: created.filter((r) => r.state === 'converted' || r.convertedAt !== null).length,
    };
    for (const k of Object.keys(tot) as Array<keyof typeof tot>) tot[k] += v[k];
    out.push({
      key: src,
      name: LEAD_NAMES[src],
      values: { ...v, conversionRate: v.created ? r4(v.converted / v.created) : null },
    });
  }
  return {
    kind: 'activity',
    groupZh: '活动来源',
    groupEn: 'Campaign source',
    columns: ACTIVITY_COLS,
    rows: out,
    totals: { ...tot, conversionRate: tot.created ? r4(tot.converted / tot.created) : null },
  };
}

// ---- the reports ----
export async function report(
  deps: AppDeps,
  u: AuthUser,
  kind: TReportKind,
  f: TAnalysisFilter,
): Promise<TReport> {
  if (kind === 'call') return callReport(deps, u, f);
  if (kind === 'activity') return activityReport(deps, u, f);
  const facts = await loadFacts(deps.db, clueWhere(u, f));
  return factReport(kind, FACT_REPORTS[kind], facts);
}

const pageOf = <T>(rows: T[], q: { pageIdx: number; pageSize: number }) => ({
  list: rows.slice((q.pageIdx - 1) * q.pageSize, q.pageIdx * q.pageSize),
  total: rows.length,
  pageIdx: q.pageIdx,
  pageSize: q.pageSize,
});

/** The clue rows behind one figure: the row `key` ('' = every row) and the column `metric`. */
export async function detail(deps: AppDeps, u: AuthUser, kind: TReportKind, q: TDetailQuery) {
  if (kind === 'call') {
    if (!['calls', 'connected', 'cluesCalled'].includes(q.metric))
      throw badInput('metric', `未知指标 / unknown metric ${q.metric}`);
    const parts = [callWhere(u, q), isNotNull(callRecords.clueId)];
    if (q.key) parts.push(eq(callRecords.userId, Number(q.key)));
    if (q.metric === 'connected') parts.push(eq(callRecords.result, 'answered'));
    const ids = (
      await deps.db
        .selectDistinct({ id: callRecords.clueId })
        .from(callRecords)
        .where(and(...parts))
    )
      .map((r) => r.id)
      .filter((x): x is number => x !== null);
    if (!ids.length) return pageOf([], q);
    return pageOf(
      await loadFacts(deps.db, and(clueWhere(u, q, { dates: false }), inArray(clues.id, ids))),
      q,
    );
  }
  if (kind === 'activity') {
    const srcs = (q.key ? [q.key] : Object.keys(LEAD_TABLES)) as LeadSrc[];
    if (srcs.some((s) => !(s in LEAD_TABLES))) throw badInput('key', `未知来源 / unknown source ${q.key}`);
    const ids = new Set<number>();
    for (const s of srcs) {
      for (const r of await leadRows(deps, u, q, s)) {
        const conv = r.state === 'converted' || r.convertedAt !== null;
        if (
          q.metric === 'leads' ||
          (q.metric === 'created' && r.outcome === 'created') ||
          (q.metric === 'routed' && r.outcome === 'routed') ||
          ((q.metric === 'converted' || q.metric === 'conversionRate') && r.outcome === 'created' && conv)
        )
          ids.add(r.clueId);
      }
    }
    if (!ids.size) return pageOf([], q);
    return pageOf(
      await loadFacts(deps.db, and(clueWhere(u, q, { dates: false }), inArray(clues.id, [...ids]))),
      q,
    );
  }
  const def = FACT_REPORTS[kind];
  const col = def.cols.find((c) => c.key === q.metric);
  if (!col) throw badInput('metric', `未知指标 / unknown metric ${q.metric}`);
  const count = col.type === 'count' ? col : def.cols.find((c) => c.key === col.num);
  if (!count || count.type !== 'count') throw badInput('metric', `未知指标 / unknown metric ${q.metric}`);
  const facts = (await loadFacts(deps.db, clueWhere(u, q))).filter(
    (r) => (def.include ?? (() => true))(r) && (!q.key || def.group(r).key === q.key) && count.test(r),
  );
  return pageOf(facts, q);
}

// ---- exports ----
const NAMES: Record<TReportKind | 'workCondition', string> = {
  school: '校区线索分析',
  highSea: '公海流转分析',
  recommender: '转介绍统计',
  search: '搜索线索分析',
  channel: '渠道线索分析',
  activity: '活动线索分析',
  call: '通话分析',
  hook: '首次跟进分析',
  goods: '意向转化分析',
  workCondition: '顾问工作情况',
};
/** A report as a workbook: the grouping column, one column per figure, the totals last (合计). */
export async function reportWorkbook(deps: AppDeps, name: string, r: TReport): Promise<DownloadResult> {
  const cols: XlsxColumn[] = [
    { key: 'name', header: r.groupZh, width: 20 },
    ...r.columns.map((c) => ({ key: c.key, header: c.zh })),
  ];
  const rows = [...r.rows.map((x) => ({ name: x.name, ...x.values })), { name: '合计', ...r.totals }];
  return xlsxFile(exportFileName(name, deps.now()), await workbook(name, cols, rows));
}
export const reportExcel = async (deps: AppDeps, u: AuthUser, kind: TReportKind, f: TAnalysisFilter) =>
  reportWorkbook(deps, NAMES[kind], await report(deps, u, kind, f));

export async function clueFull(
  deps: AppDeps,
  u: AuthUser,
  q: TAnalysisFilter & { pageIdx: number; pageSize: number },
) {
  const where = clueWhere(u, q);
  const [total, list] = await Promise.all([
    countFacts(deps.db, where),
    loadFacts(deps.db, where, { limit: q.pageSize, offset: (q.pageIdx - 1) * q.pageSize }),
  ]);
  return { list, total, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export const CLUE_FULL_COLUMNS: Array<{ key: keyof TClueFullRow; header: string }> = [
  { key: 'cluecode', header: '线索编号' },
  { key: 'childName', header: '孩子姓名' },
  { key: 'parentName', header: '家长姓名' },
  { key: 'phone', header: '手机号' },
  { key: 'provinceTypeCode', header: '区域' },
  { key: 'schoolItemName', header: '校区' },
  { key: 'channelName', header: '渠道' },
  { key: 'channelType', header: '渠道类型' },
  { key: 'source', header: '来源' },
  { key: 'recommender', header: '推荐人' },
  { key: 'intentionName', header: '意向' },
  { key: 'flowState', header: '状态' },
  { key: 'ownerName', header: '顾问' },
  { key: 'createdAt', header: '创建时间' },
  { key: 'assignedAt', header: '分配时间' },
  { key: 'firstFollowAt', header: '首次跟进' },
  { key: 'firstFollowHours', header: '首次跟进用时(小时)' },
  { key: 'followCount', header: '跟进次数' },
  { key: 'visitedAt', header: '到访时间' },
  { key: 'convertedAt', header: '转化时间' },
  { key: 'studentCode', header: '学员编号' },
  { key: 'invalidReason', header: '无效原因' },
  { key: 'highSeaVia', header: '进入公海方式' },
  { key: 'highSeaClaimed', header: '公海领取' },
  { key: 'calls', header: '通话数' },
  { key: 'callsConnected', header: '接通数' },
  { key: 'callSeconds', header: '通话秒数' },
  { key: 'leadSource', header: '广告平台' },
  { key: 'leadCampaign', header: '推广计划' },
];

/** The whole filtered clueFull result, written with exceljs's streaming writer in batches of 1000. */
export async function clueFullExcel(deps: AppDeps, u: AuthUser, f: TAnalysisFilter): Promise<DownloadResult> {
  await Promise.resolve();
  const where = clueWhere(u, f);
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = wb.addWorksheet('线索明细');
  ws.columns = CLUE_FULL_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: 16 }));
  const write = async () => {
    for (let offset = 0; ; offset += 1000) {
      const rows = await loadFacts(deps.db, where, { limit: 1000, offset });
      for (const r of rows)
        ws.addRow(
          Object.fromEntries(
            CLUE_FULL_COLUMNS.map((c) => [
              c.key,
              typeof r[c.key] === 'boolean' ? (r[c.key] ? '是' : '否') : r[c.key],
            ]),
          ),
        ).commit();
      if (rows.length < 1000) break;
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return { filename: exportFileName('线索明细', deps.now()), contentType: XLSX_TYPE, body: out };
}

// ---- work condition: per consultant for a day or a week ----
const WORKING = ['following', 'visit_scheduled', 'visited', 'assessed'];
const WORK_COLS = [
  { key: 'follows', zh: '跟进次数', en: 'Follow-ups done', kind: 'count' as const, drill: false },
  { key: 'calls', zh: '通话数', en: 'Calls', kind: 'count' as const, drill: false },
  { key: 'visitsScheduled', zh: '预约到访', en: 'Visits scheduled', kind: 'count' as const, drill: false },
  { key: 'conversions', zh: '转化', en: 'Conversions', kind: 'count' as const, drill: false },
  { key: 'overdue', zh: '逾期未跟进', en: 'Overdue follow-ups', kind: 'count' as const, drill: false },
];
export async function workCondition(deps: AppDeps, u: AuthUser, q: TWorkConditionQuery): Promise<TReport> {
  const now = deps.now();
  const day = q.date ? dayBound('query.date', q.date) : dayStart(now);
  const from = q.period === 'week' ? shanghaiWeekStart(day) : day;
  const to = new Date(from.getTime() + (q.period === 'week' ? 7 : 1) * 86_400_000);
  const scope = clueWhere(
    u,
    { schoolItemCode: q.schoolItemCode, provinceTypeCode: q.provinceTypeCode },
    { dates: false },
  );
  const per = new Map<number, Record<string, number>>();
  const add = (rows: Array<{ userId: number | null; n: number }>, key: string) => {
    for (const r of rows) {
      if (r.userId === null) continue;
      const v = per.get(r.userId) ?? { follows: 0, calls: 0, visitsScheduled: 0, conversions: 0, overdue: 0 };
      v[key] = r.n;
      per.set(r.userId, v);
    }
  };
  const n = sql<number>`count(*)::int`.mapWith(Number);
  add(
    await deps.db
      .select({ userId: clueFollows.userId, n })
      .from(clueFollows)
      .innerJoin(clues, eq(clues.id, clueFollows.clueId))
      .where(and(scope, gte(clueFollows.createdAt, from), lt(clueFollows.createdAt, to)))
      .groupBy(clueFollows.userId),
    'follows',
  );
  add(
    await deps.db
      .select({ userId: callRecords.userId, n })
      .from(callRecords)
      .where(
        and(
          sql`${callRecords.deletedAt} is null`,
          ...campusWhere(u, q, sql`${callRecords.schoolItemCode}`),
          gte(callRecords.startAt, from),
          lt(callRecords.startAt, to),
        ),
      )
      .groupBy(callRecords.userId),
    'calls',
  );
  for (const [action, key] of [
    ['scheduleVisit', 'visitsScheduled'],
    ['convert', 'conversions'],
  ] as const) {
    add(
      await deps.db
        .select({
          userId: clueEvents.userId,
          n: sql<number>`count(distinct ${clueEvents.clueId})::int`.mapWith(Number),
        })
        .from(clueEvents)
        .innerJoin(clues, eq(clues.id, clueEvents.clueId))
        .where(and(scope, eq(clueEvents.action, action), gte(clueEvents.at, from), lt(clueEvents.at, to)))
        .groupBy(clueEvents.userId),
      key,
    );
  }
  add(
    await deps.db
      .select({ userId: clues.ownerUserId, n })
      .from(clues)
      .where(and(scope, inArray(clues.flowState, WORKING), lt(clues.nextVisitAt, now)))
      .groupBy(clues.ownerUserId),
    'overdue',
  );
  const ids = [...per.keys()];
  const names = await idNames(deps.db, users, ids);
  const rows = ids
    .map((id) => ({
      key: String(id),
      name: names.get(id) ?? String(id),
      values: per.get(id) ?? {},
    }))
    .sort((a, b) => (b.values.follows ?? 0) - (a.values.follows ?? 0) || a.key.localeCompare(b.key));
  const totals: Record<string, number> = {};
  for (const c of WORK_COLS) totals[c.key] = rows.reduce((s, r) => s + (r.values[c.key] ?? 0), 0);
  return { kind: 'workCondition', groupZh: '顾问', groupEn: 'Consultant', columns: WORK_COLS, rows, totals };
}
export { converted };
