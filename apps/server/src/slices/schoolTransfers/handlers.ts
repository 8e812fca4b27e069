import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { workbook, xlsxFile } from '../../shared/xlsx.js';
import { decide } from '../approvals/index.js';
import * as q from './queries.js';
import * as s from './service.js';

const STATUS: Record<number, string> = { 10: '待审批', 20: '已转校', 30: '已驳回', 50: '已撤回' };
const COLUMNS = [
  { key: 'code', header: '转校单号 / Code', text: true },
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'subjectName', header: '学员 / Student' },
  { key: 'fromSchoolItemName', header: '转出校区 / From' },
  { key: 'toSchoolItemName', header: '转入校区 / To' },
  { key: 'reason', header: '原因 / Reason' },
  { key: 'status', header: '状态 / Status' },
  { key: 'stepName', header: '当前步骤 / Step' },
  { key: 'movedOrders', header: '转移订单数 / Orders moved' },
  { key: 'requestedByName', header: '申请人 / Requested by' },
  { key: 'requestedAt', header: '申请时间 / Requested at' },
];

export const schoolTransfersHandlers: SliceHandlers<typeof contract.schoolTransfers> = {
  list: async ({ deps, user, query }) => q.transferPage(deps, user, query),
  applyDetail: async ({ deps, user, query }) => s.preview(deps, user, query.studentId),
  export: async ({ deps, user, query }) => {
    const rows = (await q.transferAll(deps, user, query)).map((r) => ({
      ...r,
      status: STATUS[r.transferStatus] ?? String(r.transferStatus),
    }));
    return xlsxFile('转校申请.xlsx', await workbook('转校申请', COLUMNS, rows));
  },
  detail: async ({ deps, user, params }) => q.transferDetail(deps, user, params.id),
  applyCheck: async ({ deps, user, query }) => s.check(deps, user, query.studentId, query.toSchoolItemCode),
  apply: async ({ deps, user, body }) => s.apply(deps, user, body),
  approvalPass: async ({ deps, user, body, ip }) =>
    decide(deps, user, { ...body, pass: true }, ip, [s.SCHOOL_TRANSFER]),
};
