import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { workbook, xlsxFile } from '../../shared/xlsx.js';
import * as q from './queries.js';
import * as s from './service.js';

const STATUS: Record<number, string> = { 10: '待审批', 20: '已通过', 30: '已驳回', 50: '已撤回' };
const COLUMNS = [
  { key: 'code', header: '申请编号 / Code', text: true },
  { key: 'orderCode', header: '订单编号 / Order', text: true },
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'subjectName', header: '学员 / Student' },
  { key: 'schoolItemName', header: '校区 / Campus' },
  { key: 'applicantName', header: '申请人 / Applicant' },
  { key: 'applicantPhone', header: '联系电话 / Phone', text: true },
  { key: 'content', header: '申请内容 / Request' },
  { key: 'status', header: '状态 / Status' },
  { key: 'refundOrderCode', header: '退费单号 / Refund order', text: true },
  { key: 'requestedByName', header: '登记人 / Recorded by' },
  { key: 'requestedAt', header: '登记时间 / Recorded at' },
];

export const refundApplicationsHandlers: SliceHandlers<typeof contract.refundApplications> = {
  queryPage: async ({ deps, user, query }) => q.applicationPage(deps, user, query),
  flowDetail: async ({ deps, user, params }) => q.applicationDetail(deps, user, params.id),
  export: async ({ deps, user, query }) => {
    const rows = (await q.applicationAll(deps, user, query)).map((r) => ({
      ...r,
      status: STATUS[r.applicationStatus] ?? String(r.applicationStatus),
    }));
    return xlsxFile('退费申请.xlsx', await workbook('退费申请', COLUMNS, rows));
  },
  attachmentInfo: async ({ deps, user, query }) =>
    (await s.loadApplication(deps.db, user, query.id)).attachments.map(s.attachmentInfo),
  add: async ({ deps, user, body }) => s.addApplication(deps, user, body),
  attachmentUpload: async ({ deps, user, file, fields }) => s.attach(deps, user, fields.id, file),
  attachmentDownload: async ({ deps, user, params }) => s.download(deps, user, params.id, params.index),
};
