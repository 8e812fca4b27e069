import type { contract } from '@bo/api-sdk';
import { and, eq } from 'drizzle-orm';
import type { SliceHandlers } from '../../http/register.js';
import { assertCampus } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { workbook, xlsxFile } from '../../shared/xlsx.js';
import { orders } from '../orders/index.js';
import * as q from './queries.js';
import * as e from './econtracts.js';
import { rawBodyOf } from './rawBody.js';
import * as s from './service.js';
import * as sv from './surveys.js';

const STATUS: Record<number, string> = { 10: '待审批', 20: '已通过', 30: '已驳回', 50: '已撤回' };
const COLUMNS = [
  { key: 'code', header: '单号 / Code', text: true },
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'subjectName', header: '学员 / Student' },
  { key: 'orderCode', header: '订单编号 / Order', text: true },
  { key: 'schoolItemName', header: '校区 / Campus' },
  { key: 'contractNo', header: '合同编号 / Contract', text: true },
  { key: 'signedDate', header: '签订日期 / Signed' },
  { key: 'supplementAmount', header: '金额 / Amount' },
  { key: 'previousEndDate', header: '原服务截止 / Previous end' },
  { key: 'serviceEndDate', header: '新服务截止 / New end' },
  { key: 'content', header: '内容 / Content' },
  { key: 'status', header: '状态 / Status' },
  { key: 'requestedByName', header: '申请人 / Requested by' },
  { key: 'requestedAt', header: '申请时间 / Requested at' },
];
const exportOf = async (name: string, rows: Awaited<ReturnType<typeof q.agreementAll>>) =>
  xlsxFile(
    `${name}.xlsx`,
    await workbook(
      name,
      COLUMNS,
      rows.map((r) => ({ ...r, status: STATUS[r.agreementStatus] ?? String(r.agreementStatus) })),
    ),
  );

export const contractsHandlers: SliceHandlers<typeof contract.contracts> = {
  paperContractAdd: async ({ deps, user, body }) => s.addPaperContract(deps, user, body),
  paperContractApprovalPage: async ({ deps, user, query }) =>
    q.agreementPage(deps, user, 'paperContract', query),
  paperContractExport: async ({ deps, user, query }) =>
    exportOf('纸质合同', await q.agreementAll(deps, user, 'paperContract', query)),
  paperContractDetail: async ({ deps, user, params }) =>
    q.agreementDetail(deps, user, 'paperContract', params.id),
  supplementCheck: async ({ deps, user, params }) => s.supplementCheck(deps, user, params.id),
  supplementContract: async ({ deps, user, params }) => {
    const [o] = await deps.db.select().from(orders).where(eq(orders.id, params.id));
    if (!o) throw notFound('订单 / order');
    assertCampus(user, o.schoolItemCode);
    const no = await s.contractOf(deps.db, o.id);
    return { hasContract: no !== null, contractNo: no };
  },
  supplementAdd: async ({ deps, user, body }) => s.addSupplement(deps, user, body),
  supplementApprovalPage: async ({ deps, user, query }) =>
    q.agreementPage(deps, user, 'contractSupplement', query),
  supplementExport: async ({ deps, user, query }) =>
    exportOf('补充协议', await q.agreementAll(deps, user, 'contractSupplement', query)),
  supplementDetail: async ({ deps, user, params }) =>
    q.agreementDetail(deps, user, 'contractSupplement', params.id),
  supplementList: async ({ deps, user, params }) => {
    const [o] = await deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, params.b), eq(orders.studentId, params.a)));
    if (!o) throw notFound('订单 / order');
    assertCampus(user, o.schoolItemCode);
    return q.agreementAll(deps, user, 'contractSupplement', { studentId: params.a, orderId: params.b });
  },
  serviceTimeApply: async ({ deps, user, body }) => s.applyServiceTime(deps, user, body),
  serviceTimePage: async ({ deps, user, query }) => q.agreementPage(deps, user, 'serviceTime', query),
  serviceTimeInfo: async ({ deps, user, params }) => q.agreementDetail(deps, user, 'serviceTime', params.id),
  serviceTimeExport: async ({ deps, user, query }) =>
    exportOf('服务期变更', await q.agreementAll(deps, user, 'serviceTime', query)),
  eContractSend: async ({ deps, user, body }) => e.sendAndSign(deps, user, body.orderId),
  eContractsOfStudent: async ({ deps, user, query }) => e.contractsOfStudent(deps, user, query.stuId),
  eContractPermissions: async ({ deps, user, query }) => e.permissions(deps, user, query.stuId),
  eContractSync: async ({ deps, user, query }) => e.sync(deps, user, query.id),
  eContractFile: async ({ deps, user, params }) => e.signedPdf(deps, user, params.id),
  esignNotify: async ({ deps, req }) => {
    const h = (n: string) => {
      const v = req.headers[n];
      return (Array.isArray(v) ? v[0] : v) ?? '';
    };
    return e.handleCallback(
      deps,
      req.log,
      {
        appId: h('x-tsign-open-app-id'),
        timestamp: h('x-tsign-open-timestamp'),
        signature: h('x-tsign-open-signature'),
      },
      rawBodyOf(req),
    );
  },
  specialSurveyOne: async ({ deps, user, query }) => sv.surveyOfStudent(deps, user, query.studentId),
  specialSurveyForm: async ({ deps, user, params }) => sv.surveyById(deps, user, params.id),
  specialSurveySave: async ({ deps, user, body }) => sv.saveSurvey(deps, user, body),
};
