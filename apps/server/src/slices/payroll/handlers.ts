import type { contract, THoursRow } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import {
  runFileImport,
  sheetLimits,
  streamedWorkbook,
  templateFile,
  workbook,
  xlsxFile,
} from '../../shared/xlsx.js';
import * as h from './hours.js';
import * as le from './lineExport.js';
import * as s from './service.js';

const SLIP_COLUMNS = [
  { key: 'schoolItemCode', header: '校区 / Campus', text: true },
  { key: 'schoolItemName', header: '校区名称 / Campus name' },
  { key: 'employeeCode', header: '工号 / Employee code', text: true },
  { key: 'employeeName', header: '姓名 / Name' },
  { key: 'postName', header: '岗位 / Post' },
  { key: 'skillRankCode', header: '职级 / Rank', text: true },
  { key: 'computed', header: '计算金额 / Computed' },
  { key: 'adjusted', header: '调整金额 / Adjusted' },
  { key: 'total', header: '合计 / Total' },
  { key: 'lines', header: '明细数 / Lines' },
];
const HOURS_COLUMNS = [
  { key: 'source', header: '来源 / Source' },
  { key: 'schoolItemCode', header: '校区 / Campus', text: true },
  { key: 'teacherCode', header: '工号 / Teacher code', text: true },
  { key: 'teacherName', header: '教师 / Teacher' },
  { key: 'day', header: '日期 / Date', text: true },
  { key: 'courseCode', header: '课程 / Course', text: true },
  { key: 'payType', header: '计薪类型 / Pay type' },
  { key: 'status', header: '考勤 / Attendance' },
  { key: 'studentName', header: '学员 / Student' },
  { key: 'hours', header: '课时 / Hours' },
];

/** Rows read per statement by the streamed hours export. */
const HOURS_EXPORT_BATCH = 5000;

export const payrollHandlers: SliceHandlers<typeof contract.payroll> = {
  ruleList: (ctx) => s.ruleList(ctx, ctx.query),
  ruleSave: (ctx) => s.ruleSave(ctx, ctx.body),
  switchCourseList: (ctx) => s.switchList(ctx),
  switchCourseSave: (ctx) => s.switchSave(ctx, ctx.body),
  compute: (ctx) => s.compute(ctx, ctx.body),
  latestPeriod: (ctx) => s.latestPeriod(ctx, ctx.query),
  manage: (ctx) => s.manage(ctx, ctx.query),
  runs: (ctx) => s.runs(ctx, ctx.query),
  areaPage: (ctx) => s.areaPage(ctx, ctx.params.area, ctx.query),
  areaList: (ctx) => s.areaList(ctx, ctx.params.area, ctx.query),
  areaExport: async (ctx) =>
    xlsxFile(
      `薪酬_${ctx.params.area}_${ctx.query.year}-${String(ctx.query.month).padStart(2, '0')}.xlsx`,
      await workbook('薪酬', SLIP_COLUMNS, await s.areaAll(ctx, ctx.params.area, ctx.query)),
    ),
  areaEdit: (ctx) => s.adjust(ctx, ctx.params.area, ctx.body),
  lineSources: (ctx) => s.lineSources(ctx, ctx.query.id),
  summaryCampus: (ctx) => s.summary(ctx, ctx.query, true),
  summaryRole: (ctx) => s.summary(ctx, ctx.query, false),
  kjbonus: (ctx) => s.kjbonus(ctx, ctx.query),
  extraHoursPage: (ctx) => h.extraHoursPage(ctx, ctx.query),
  extraHoursTemplate: () => templateFile('课时', h.EXTRA_HOURS_COLUMNS, [h.EXTRA_HOURS_EXAMPLE]),
  extraHoursUpload: (ctx) =>
    runFileImport({
      file: ctx.file,
      limits: sheetLimits(ctx.deps.config),
      columns: h.EXTRA_HOURS_COLUMNS,
      today: ctx.deps.now(),
      importRows: (rows, o) => h.importExtraHours(ctx, rows, o),
    }),
  extraHoursImportRows: (ctx) => h.importExtraHours(ctx, ctx.body.rows, ctx.body),
  hoursPage: (ctx) => h.hoursPage(ctx, ctx.query),
  hoursExport: async (ctx) => {
    // The period and the campus are checked before the download starts streaming.
    const f = await h.hoursFilter(ctx.deps.db, ctx, ctx.query);
    return streamedWorkbook({
      filename: `课时_${ctx.query.year}-${String(ctx.query.month).padStart(2, '0')}.xlsx`,
      sheetName: '课时',
      columns: HOURS_COLUMNS,
      batch: HOURS_EXPORT_BATCH,
      next: (last: THoursRow | null) => h.hoursBatch(ctx.deps.db, f, last, HOURS_EXPORT_BATCH),
    });
  },
  linesPage: (ctx) => le.linesPage(ctx, ctx.query),
  linesExport: async (ctx) => le.linesExport(ctx, ctx.query),
  payStatistics: (ctx) => s.payStatistics(ctx, ctx.query),
};
