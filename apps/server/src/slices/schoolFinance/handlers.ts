import type { contract, TMonthlyAdvanceKind } from '@bo/api-sdk';
import { MONTHLY_ADVANCE_KINDS } from '@bo/api-sdk';
import { exportFileName } from '@bo/domain';
import type { HandlerCtx, SliceHandlers } from '../../http/register.js';
import { runFileImport, sheetLimits, templateFile, workbook, xlsxFile } from '../../shared/xlsx.js';
import type { MdCtx } from '../../shared/masterdata/index.js';
import * as s from './service.js';

type C = typeof contract.schoolFinance;
const today = (ctx: MdCtx) => ctx.deps.now();
const exampleMonth = (ctx: MdCtx) => today(ctx).toISOString().slice(0, 7);
const nameOf = (kind: TMonthlyAdvanceKind) =>
  MONTHLY_ADVANCE_KINDS.find((k) => k.kind === kind)?.name ?? kind;

/** The upload, template and JSON import handlers of one monthly upload kind. */
const advance = (kind: TMonthlyAdvanceKind) => ({
  upload: (ctx: HandlerCtx<C['centerAdvanceIncomeUpload']>) =>
    runFileImport({
      file: ctx.file,
      limits: sheetLimits(ctx.deps.config),
      columns: s.advanceColumns(kind),
      today: today(ctx),
      importRows: (rows, o) => s.importMonthlyAdvances(ctx, kind, rows, o),
    }),
  template: (ctx: MdCtx) =>
    templateFile(nameOf(kind), s.advanceColumns(kind), [
      { month: exampleMonth(ctx), schoolItemCode: 'SH01', employeeCode: 'E0003', amount: '125000.00' },
    ]),
  importRows: (ctx: HandlerCtx<C['centerAdvanceIncomeImportRows']>) =>
    s.importMonthlyAdvances(ctx, kind, ctx.body.rows, ctx.body),
});
const centerIncome = advance('centerAdvanceIncome');
const centerConsumer = advance('centerAdvanceConsumer');
const consultantIncome = advance('consultantAdvanceIncome');
const growthIncome = advance('growthConsultantAdvanceIncome');
const growthConsumer = advance('growthConsultantAdvanceConsumer');

export const schoolFinanceHandlers: SliceHandlers<C> = {
  schoolCostList: (ctx) => s.schoolCostType.page(ctx, ctx.query),
  schoolCostImport: (ctx) =>
    runFileImport({
      file: ctx.file,
      limits: sheetLimits(ctx.deps.config),
      columns: s.SCHOOL_COST_COLUMNS,
      today: today(ctx),
      importRows: (rows, o) => s.importSchoolCosts(ctx, rows, o),
    }),
  schoolCostImportRows: (ctx) => s.importSchoolCosts(ctx, ctx.body.rows, ctx.body),
  schoolCostExport: (ctx) =>
    templateFile('校区成本', s.SCHOOL_COST_COLUMNS, [
      {
        month: exampleMonth(ctx),
        schoolItemCode: 'SH01',
        rent: '86000.00',
        labour: '215000.00',
        utilities: '9800.00',
        marketing: '32000.00',
        materials: '6500.00',
        other: '4200.00',
      },
    ]),
  schoolCostExportData: async (ctx) => {
    const rows = await s.schoolCostType.exportRows(ctx, ctx.query);
    return xlsxFile(
      exportFileName('校区成本', today(ctx)),
      await workbook('校区成本', s.exportColumns(s.SCHOOL_COST_COLUMNS), rows),
    );
  },
  schoolRevenueList: (ctx) => s.schoolRevenueType.page(ctx, ctx.query),
  schoolRevenueImport: (ctx) =>
    runFileImport({
      file: ctx.file,
      limits: sheetLimits(ctx.deps.config),
      columns: s.SCHOOL_REVENUE_COLUMNS,
      today: today(ctx),
      importRows: (rows, o) => s.importSchoolRevenues(ctx, rows, o),
    }),
  schoolRevenueImportRows: (ctx) => s.importSchoolRevenues(ctx, ctx.body.rows, ctx.body),
  schoolRevenueExport: (ctx) =>
    templateFile('校区收入', s.SCHOOL_REVENUE_COLUMNS, [
      {
        month: exampleMonth(ctx),
        schoolItemCode: 'SH01',
        course: '468000.00',
        assessment: '23600.00',
        materials: '5400.00',
        other: '1200.00',
      },
    ]),
  schoolRevenueExportData: async (ctx) => {
    const rows = await s.schoolRevenueType.exportRows(ctx, ctx.query);
    return xlsxFile(
      exportFileName('校区收入', today(ctx)),
      await workbook('校区收入', s.exportColumns(s.SCHOOL_REVENUE_COLUMNS), rows),
    );
  },

  monthlyAdvanceList: (ctx) => s.monthlyAdvanceType.page(ctx, ctx.query),
  centerAdvanceIncomeUpload: centerIncome.upload,
  centerAdvanceIncomeTemplate: centerIncome.template,
  centerAdvanceIncomeImportRows: centerIncome.importRows,
  centerAdvanceConsumerUpload: centerConsumer.upload,
  centerAdvanceConsumerTemplate: centerConsumer.template,
  centerAdvanceConsumerImportRows: centerConsumer.importRows,
  consultantAdvanceIncomeUpload: consultantIncome.upload,
  consultantAdvanceIncomeTemplate: consultantIncome.template,
  consultantAdvanceIncomeImportRows: consultantIncome.importRows,
  growthConsultantAdvanceIncomeUpload: growthIncome.upload,
  growthConsultantAdvanceIncomeTemplate: growthIncome.template,
  growthConsultantAdvanceIncomeImportRows: growthIncome.importRows,
  growthConsultantAdvanceConsumerUpload: growthConsumer.upload,
  growthConsultantAdvanceConsumerTemplate: growthConsumer.template,
  growthConsultantAdvanceConsumerImportRows: growthConsumer.importRows,
};
