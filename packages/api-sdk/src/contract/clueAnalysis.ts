// Clue analysis reports and exports (spec §7 "Clues and sales" → Clue reports; decisions.md "Clue analysis").
// Every report has one shape: columns (what each figure means) and rows keyed by the grouping
// (campus, channel, consultant, …), plus the totals; the same filters; an xlsx export of the same rows;
// and a detail endpoint answering the clue rows behind one figure.
import { z } from 'zod';
import { FileResponse, get, page, PageQuery, post, priv, type Slice } from './define.js';

const ANALYSE = priv('/clues/analyseClue');
const RECOMMEND = priv('/clues/recommendStatic', '/clues/analyseClue');

const Day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const opt = (s: z.ZodString) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());

/** The filters every report takes: clue creation between two Asia/Shanghai days (inclusive), region, campus, channel, consultant. */
export const AnalysisFilter = z.object({
  startDate: opt(Day),
  endDate: opt(Day),
  provinceTypeCode: opt(z.string().trim()),
  schoolItemCode: opt(z.string().trim()),
  channel: opt(z.string().trim()),
  ownerUserId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
});
export type TAnalysisFilter = z.infer<typeof AnalysisFilter>;

/** The reports of /excelReport/clueAnalysis/{x}. */
export const REPORT_KINDS = [
  'school',
  'highSea',
  'recommender',
  'search',
  'channel',
  'activity',
  'call',
  'hook',
  'goods',
] as const;
export const ReportKind = z.enum(REPORT_KINDS);
export type TReportKind = z.infer<typeof ReportKind>;

/** A column of a report: a count, a rate (0–1) or a plain number (minutes, score). */
export const ReportColumn = z.object({
  key: z.string(),
  zh: z.string(),
  en: z.string(),
  kind: z.enum(['count', 'rate', 'number']),
  /** True when the figure has detail rows (clues) behind it. */
  drill: z.boolean(),
});
export const ReportRow = z.object({
  /** The grouping key (campus code, channel code, user id, …); '' = none. */
  key: z.string(),
  name: z.string(),
  values: z.record(z.string(), z.number().nullable()),
});
export const Report = z.object({
  kind: z.string(),
  /** Header of the grouping column. */
  groupZh: z.string(),
  groupEn: z.string(),
  columns: z.array(ReportColumn),
  rows: z.array(ReportRow),
  totals: z.record(z.string(), z.number().nullable()),
});
export type TReport = z.infer<typeof Report>;
export type TReportRow = z.infer<typeof ReportRow>;
export type TReportColumn = z.infer<typeof ReportColumn>;

/** One clue with every analysis column (clueFull, and the detail rows behind a figure). */
export const ClueFullRow = z.object({
  clueId: z.number().int(),
  cluecode: z.string(),
  childName: z.string(),
  parentName: z.string(),
  phone: z.string(),
  provinceTypeCode: z.string().nullable(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  channel: z.string().nullable(),
  channelName: z.string().nullable(),
  channelType: z.string().nullable(),
  source: z.string(),
  recommender: z.string().nullable(),
  intention: z.string().nullable(),
  intentionName: z.string().nullable(),
  flowState: z.string(),
  ownerUserId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  assignedAt: z.string().nullable(),
  firstFollowAt: z.string().nullable(),
  /** Hours from creation to the first follow-up; null when never followed. */
  firstFollowHours: z.number().nullable(),
  followCount: z.number().int(),
  visitedAt: z.string().nullable(),
  convertedAt: z.string().nullable(),
  studentCode: z.string().nullable(),
  invalidReason: z.string().nullable(),
  /** How the clue entered the high sea (abandon, recycle, reject), if it ever did. */
  highSeaVia: z.string().nullable(),
  /** Claimed (or distributed) out of the high sea. */
  highSeaClaimed: z.boolean(),
  calls: z.number().int(),
  callsConnected: z.number().int(),
  callSeconds: z.number().int(),
  /** Ad-platform lead source (baidu, douyin, h5), if it came from a webhook. */
  leadSource: z.string().nullable(),
  leadCampaign: z.string().nullable(),
});
export type TClueFullRow = z.infer<typeof ClueFullRow>;

export const DetailQuery = AnalysisFilter.extend(PageQuery.shape).extend({
  /** The row's key ('' for the totals row). */
  key: z.string().trim().default(''),
  /** The column whose clues are listed. */
  metric: z.string().trim().min(1),
});

export const WorkConditionQuery = z.object({
  /** A day of the period (Asia/Shanghai); default today. */
  date: opt(Day),
  period: z.enum(['day', 'week']).default('day'),
  provinceTypeCode: opt(z.string().trim()),
  schoolItemCode: opt(z.string().trim()),
});

const report = (x: TReportKind, summary: string, access = ANALYSE) =>
  get(`/excelReport/clueAnalysis/${x}`, {
    service: 'excelReport',
    summary,
    access,
    query: AnalysisFilter,
    response: Report,
  });
const excel = (x: TReportKind, access = ANALYSE) =>
  post(`/excelReport/clueAnalysis/${x}Excel`, {
    service: 'excelReport',
    summary: `The ${x} report (same filters and rows as the JSON) as xlsx.`,
    access,
    body: AnalysisFilter,
    kind: 'download',
    response: FileResponse,
  });
const detail = (x: TReportKind, access = ANALYSE) =>
  get(`/excelReport/clueAnalysis/${x}Detail`, {
    service: 'excelReport',
    summary: `The clue rows behind one figure of the ${x} report (row key + column), paged.`,
    access,
    query: DetailQuery,
    response: page(ClueFullRow),
  });

export const clueAnalysis = {
  school: report(
    'school',
    'Per campus: new clues, assigned, followed within 24 h, visited, converted, invalid, conversion rate.',
  ),
  schoolExcel: excel('school'),
  schoolDetail: detail('school'),
  highSea: report(
    'highSea',
    'High-sea flow per campus: entered by abandon / recycle / reject, claimed, claimed then converted.',
  ),
  highSeaExcel: excel('highSea'),
  highSeaDetail: detail('highSea'),
  recommender: report(
    'recommender',
    'Clues by recommender: count, visited, converted, conversion rate.',
    RECOMMEND,
  ),
  recommenderExcel: excel('recommender', RECOMMEND),
  recommenderDetail: detail('recommender', RECOMMEND),
  search: report(
    'search',
    'Search-engine clues (channel type SEARCH, or channel BAIDU) per campaign / keyword plan of the lead.',
  ),
  searchExcel: excel('search'),
  searchDetail: detail('search'),
  channel: report('channel', 'Per channel: clues, valid rate, visit rate, conversion rate.'),
  channelExcel: excel('channel'),
  channelDetail: detail('channel'),
  activity: report(
    'activity',
    'Per ad-platform source (baidu, douyin, h5): leads, clues created, duplicates routed, converted.',
  ),
  activityExcel: excel('activity'),
  activityDetail: detail('activity'),
  call: report(
    'call',
    'Per consultant: calls, connected, total minutes, clues called, average quality score (calls started in the period).',
  ),
  callExcel: excel('call'),
  callDetail: detail('call'),
  hook: report(
    'hook',
    'First-touch coverage per campus: clues first followed within 1 h / 24 h / 72 h / later / never.',
  ),
  hookExcel: excel('hook'),
  hookDetail: detail('hook'),
  goods: report(
    'goods',
    'Conversions by the clue’s intention (no orders exist yet): clues, converted, conversion rate.',
  ),
  goodsExcel: excel('goods'),
  goodsDetail: detail('goods'),
  clueFull: get('/excelReport/report/clueFull', {
    service: 'excelReport',
    summary: 'One row per clue with every analysis column, filtered and paged.',
    access: ANALYSE,
    query: AnalysisFilter.extend(PageQuery.shape),
    response: page(ClueFullRow),
  }),
  clueFullExcel: post('/excelReport/report/clueFullExcel', {
    service: 'excelReport',
    summary: 'The whole filtered clueFull result as xlsx (streamed).',
    access: ANALYSE,
    body: AnalysisFilter,
    kind: 'download',
    response: FileResponse,
  }),
  workCondition: get('/clueAnalysis/workCondition', {
    service: 'clue',
    summary:
      'Per consultant for a day or week: follow-ups done, calls, visits scheduled, conversions, overdue follow-ups now.',
    access: ANALYSE,
    query: WorkConditionQuery,
    response: Report,
  }),
} satisfies Slice;
