import type { contract, TReportFilter } from '@bo/api-sdk';
import { EXPORT_NAMES, exportFileName, fromCents } from '@bo/domain';
import type { SliceHandlers } from '../../http/register.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import { workbook, xlsxFile, type XlsxColumn } from '../../shared/xlsx.js';
import * as inc from './income.js';
import * as cl from './clues.js';
import * as st from './settlement.js';

/** Settlement goes by whole calendar months: a start day counts from its month's first day. */
const monthScope = (deps: AppDeps, u: AuthUser, f: TReportFilter) =>
  inc.reportScope(deps, u, f.startDate ? { ...f, startDate: `${f.startDate.slice(0, 7)}-01` } : f);

const SETTLEMENT_SHEETS = {
  finance: {
    name: '财务课时汇总表',
    columns: [
      { key: 'month', header: '月份 / Month', width: 10 },
      { key: 'schoolItemName', header: '校区 / Campus', width: 18 },
      { key: 'openingHours', header: '期初课时 / Opening hours' },
      { key: 'opening', header: '期初金额 / Opening' },
      { key: 'paidHours', header: '购买课时 / Paid hours' },
      { key: 'paid', header: '购买金额 / Paid' },
      { key: 'consumedHours', header: '消耗课时 / Consumed hours' },
      { key: 'consumed', header: '消耗金额 / Consumed' },
      { key: 'refundedHours', header: '退费课时 / Refunded hours' },
      { key: 'refunded', header: '退费金额 / Refunded' },
      { key: 'otherHours', header: '其他课时 / Other hours' },
      { key: 'other', header: '其他金额 / Other' },
      { key: 'closingHours', header: '期末课时 / Closing hours' },
      { key: 'closing', header: '期末金额 / Closing' },
      { key: 'differenceHours', header: '差异课时 / Difference hours' },
      { key: 'difference', header: '差异金额 / Difference' },
    ],
  },
  attendance: {
    name: EXPORT_NAMES.classHourDetail['zh-CN'],
    columns: [
      { key: 'month', header: '月份 / Month', width: 10 },
      { key: 'schoolItemName', header: '校区 / Campus', width: 18 },
      { key: 'courseName', header: '课程 / Course', width: 18 },
      { key: 'signs', header: '签到人次 / Signs' },
      { key: 'attendanceHours', header: '签到课时 / Signed hours' },
      { key: 'ledgerHours', header: '台账消课 / Ledger hours' },
      { key: 'ledger', header: '台账金额 / Ledger value' },
      { key: 'differenceHours', header: '差异课时 / Difference' },
    ],
  },
  project: {
    name: '项目课时汇总表',
    columns: [
      { key: 'month', header: '月份 / Month', width: 10 },
      { key: 'schoolItemName', header: '校区 / Campus', width: 18 },
      { key: 'projectName', header: '项目 / Project', width: 18 },
      { key: 'consumedHours', header: '消耗课时 / Consumed hours' },
      { key: 'consumed', header: '消耗金额 / Consumed' },
      { key: 'students', header: '学员数 / Students' },
    ],
  },
} satisfies Record<string, { name: string; columns: XlsxColumn[] }>;

export const reportsHandlers: SliceHandlers<typeof contract.reports> = {
  incomeSummary: async ({ deps, user, query }) => inc.summary(deps, await inc.reportScope(deps, user, query)),
  incomes: async ({ deps, user, query }) =>
    inc.pageBy(deps, await inc.reportScope(deps, user, query), true, query),
  incomeRanks: async ({ deps, user, query }) =>
    inc.ranks(deps, await inc.reportScope(deps, user, query), query.pageSize, query.isAsc),
  province: async ({ deps, user, query }) => inc.byRegion(deps, await inc.reportScope(deps, user, query)),
  school: async ({ deps, user, query }) =>
    inc.pageBy(deps, await inc.reportScope(deps, user, query), false, query),
  caseConsumption: async ({ deps, user, query }) =>
    st.cases(deps, await inc.reportScope(deps, user, query), query),
  clueSummary: async ({ deps, user, query }) => cl.summary(deps, await inc.reportScope(deps, user, query)),
  clueRatio: async ({ deps, user, query }) => cl.ratio(deps, await inc.reportScope(deps, user, query)),
  financeClassHour: async ({ deps, user, query }) => st.finance(deps, await monthScope(deps, user, query)),
  attendanceClassHour: async ({ deps, user, query }) =>
    st.attendance(deps, await monthScope(deps, user, query)),
  projectClassHour: async ({ deps, user, query }) => st.project(deps, await monthScope(deps, user, query)),
  settlementExport: async ({ deps, user, body }) => {
    const s = await monthScope(deps, user, body);
    const sheet = SETTLEMENT_SHEETS[body.view];
    let rows: Record<string, unknown>[];
    if (body.view === 'finance')
      rows = (await st.finance(deps, s)).rows.map((r) => ({
        ...r,
        opening: fromCents(r.openingCents),
        paid: fromCents(r.paidCents),
        consumed: fromCents(r.consumedCents),
        refunded: fromCents(r.refundedCents),
        other: fromCents(r.otherCents),
        closing: fromCents(r.closingCents),
        difference: fromCents(r.differenceCents),
      }));
    else if (body.view === 'attendance')
      rows = (await st.attendance(deps, s)).rows.map((r) => ({ ...r, ledger: fromCents(r.ledgerCents) }));
    else rows = (await st.project(deps, s)).rows.map((r) => ({ ...r, consumed: fromCents(r.consumedCents) }));
    return xlsxFile(
      exportFileName(sheet.name, s.period.endDate),
      await workbook(sheet.name, sheet.columns, rows),
    );
  },
};
