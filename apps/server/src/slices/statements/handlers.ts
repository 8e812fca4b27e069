import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { workbook, xlsxFile } from '../../shared/xlsx.js';
import * as s from './service.js';

const COLUMNS = [
  { key: 'month', header: '月份 / Month', text: true },
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'studentName', header: '学员 / Student' },
  { key: 'schoolItemCode', header: '校区 / Campus', text: true },
  { key: 'version', header: '版本 / Version' },
  { key: 'openingHours', header: '期初课时 / Opening hours' },
  { key: 'openingValue', header: '期初金额 / Opening value' },
  { key: 'inHours', header: '增加课时 / Hours in' },
  { key: 'outHours', header: '减少课时 / Hours out' },
  { key: 'inValue', header: '增加金额 / Value in' },
  { key: 'outValue', header: '减少金额 / Value out' },
  { key: 'closingHours', header: '期末课时 / Closing hours' },
  { key: 'closingValue', header: '期末金额 / Closing value' },
  { key: 'generatedAt', header: '生成时间 / Generated at' },
  { key: 'sentAt', header: '发送时间 / Sent at' },
];

export const statementsHandlers: SliceHandlers<typeof contract.statements> = {
  queryPage: async ({ deps, user, query }) => s.queryPage(deps, user, query),
  export: async ({ deps, user, query }) =>
    xlsxFile('对账单.xlsx', await workbook('对账单', COLUMNS, await s.all(deps, user, query))),
  detail: async ({ deps, user, params }) => s.detail(deps, user, params.id),
  generate: async ({ deps, user, body }) => s.generate(deps, user, body),
  regenerate: async ({ deps, user, params }) => s.regenerate(deps, user, params.id),
  resend: async ({ deps, user, params }) => s.resend(deps, user, params.id),
  checkAccountStatement: async ({ deps, user, body }) => s.check(deps, user, body.id),
};
