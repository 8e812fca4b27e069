import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { ruleViolation } from '../../http/errors.js';
import { workbook, xlsxFile } from '../../shared/xlsx.js';
import { cancelRequest, revokeRequest } from '../approvals/index.js';
import { fromCents, toChineseCurrency } from '@bo/domain';
import { q100ToNumber, toQ100 } from '../ledger/index.js';
import { assertCanSeeStudent } from '../students/index.js';
import * as q from './queries.js';
import * as s from './service.js';
import { refundOrders } from './tables.js';
import { eq } from 'drizzle-orm';

const STATUS: Record<number, string> = {
  10: '待审批',
  20: '已生效',
  30: '已驳回',
  40: '已撤销',
  50: '已取消',
};
const APPROVAL_STATUS: Record<number, string> = {
  5: '待审批',
  10: '审批中',
  20: '已通过',
  30: '已驳回',
  40: '已撤销',
  50: '已取消',
};
const REFUND_COLUMNS = [
  { key: 'code', header: '退费单号 / Refund', text: true },
  { key: 'orderCode', header: '订单编号 / Order', text: true },
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'studentName', header: '学员 / Student' },
  { key: 'schoolItemName', header: '校区 / Campus' },
  { key: 'reasonName', header: '退费原因 / Reason' },
  { key: 'amount', header: '退费金额 / Amount' },
  { key: 'status', header: '状态 / Status' },
  { key: 'createdByName', header: '申请人 / Requested by' },
  { key: 'createdAt', header: '申请时间 / Requested at' },
  { key: 'remark', header: '备注 / Remark' },
];
const APPROVAL_COLUMNS = [
  { key: 'code', header: '单号 / Code', text: true },
  { key: 'orderCode', header: '订单编号 / Order', text: true },
  { key: 'studentName', header: '学员 / Student' },
  { key: 'schoolItemName', header: '校区 / Campus' },
  { key: 'amount', header: '金额 / Amount' },
  { key: 'reason', header: '原因 / Reason' },
  { key: 'status', header: '状态 / Status' },
  { key: 'stepName', header: '当前步骤 / Step' },
  { key: 'requestedByName', header: '申请人 / Requested by' },
  { key: 'requestedAt', header: '申请时间 / Requested at' },
];

const created = (r: { id: number; code: string; approvalId: number; amountCents: number }) => ({
  id: r.id,
  code: r.code,
  approvalId: r.approvalId,
  amount: (r.amountCents / 100).toFixed(2),
});
const approvalExport = async (name: string, rows: Awaited<ReturnType<typeof q.approvalAll>>) =>
  xlsxFile(
    `${name}.xlsx`,
    await workbook(
      name,
      APPROVAL_COLUMNS,
      rows.map((r) => ({ ...r, status: APPROVAL_STATUS[r.status] ?? String(r.status) })),
    ),
  );

export const refundsHandlers: SliceHandlers<typeof contract.refunds> = {
  insertRefundOrder: async ({ deps, user, body }) => created(await s.createRefund(deps, user, body)),
  refundQuote: async ({ deps, user, body }) => {
    const r = await s.quoteRefund(deps, user, body);
    const amount = fromCents(r.amountCents);
    return {
      releases: r.releases.map(s.releasedLesson),
      items: r.lines.map((l) => ({
        orderItemId: l.orderItemId,
        courseCode: l.courseCode,
        courseName: l.courseName,
        hours: q100ToNumber(l.hours100),
        giftHours: q100ToNumber(l.gift100),
        amount: fromCents(l.valueCents),
      })),
      amount,
      amountInWords: toChineseCurrency(amount),
    };
  },
  saveRefund: async ({ deps, user, body }) => created(await s.createRefund(deps, user, body)),
  refundOrders: async ({ deps, user, query }) => q.refundPage(deps, user, 'refund', query),
  refundOrder: async ({ deps, user, query }) => q.refundDetail(deps, user, { code: query.code }, 'refund'),
  studentRefundOrders: async ({ deps, user, query }) => {
    // A named student of another campus is refused, not answered with an empty list.
    if (!user.allScope) await assertCanSeeStudent(deps.db, user, query.studentId, 'studentId');
    return q.refundAll(deps, user, 'refund', { studentId: query.studentId });
  },
  refundOrdersSummary: async ({ deps, user, query }) => q.refundSummary(deps, user, query),
  refundList: async ({ deps, user, query }) => q.refundList(deps, user, query.incomeordercode),
  isRefundOrder: async ({ deps, user, query }) => {
    const r = await q.canFile(deps, user, query.incomeordercode, 'refund');
    return { refundable: r.ok, reason: r.reason };
  },
  revokeRefundOrder: async ({ deps, user, body, ip }) => {
    const r = await s.loadRefund(deps.db, user, { id: body.id });
    if (!r.approvalId) throw ruleViolation('单据没有审批 / the order has no approval', 'id');
    // Awaiting approval: the requester withdraws it; effective: an approver undoes it on the ledger.
    if (r.status === s.RO.pending)
      await cancelRequest(deps, user, { id: r.approvalId, comment: body.comment }, ip);
    else if (r.status === s.RO.effective)
      await revokeRequest(deps, user, { id: r.approvalId, comment: body.comment }, ip);
    else throw ruleViolation('该单据已结束，不能撤销 / the order is closed and cannot be revoked', 'id');
    const [after] = await deps.db.select().from(refundOrders).where(eq(refundOrders.id, r.id));
    return { id: r.id, status: after?.status ?? r.status };
  },
  refundExport: async ({ deps, user, query }) => {
    const rows = (await q.refundAll(deps, user, 'refund', query)).map((r) => ({
      ...r,
      status: STATUS[r.status] ?? String(r.status),
    }));
    return xlsxFile('退费单.xlsx', await workbook('退费单', REFUND_COLUMNS, rows));
  },
  adjustEntrance: async ({ deps, user, body }) => q.adjustEntrance(deps, user, body.orderId),
  insertAdjustOrder: async ({ deps, user, body }) =>
    created(
      await s.createAdjust(deps, user, {
        orderId: body.orderId,
        reasonId: body.reasonId,
        remark: body.remark,
        items: body.items.map((i) => ({
          orderItemId: i.orderItemId,
          hours100: Math.round(i.hours * 100),
          valueCents: (i.amount.startsWith('-') ? -1 : 1) * toQ100(i.amount.replace('-', '')),
        })),
      }),
    ),
  adjustOrders: async ({ deps, user, query }) => q.refundPage(deps, user, 'adjust', query),
  adjustOrder: async ({ deps, user, query }) => q.refundDetail(deps, user, { code: query.code }, 'adjust'),
  isAdjustOrder: async ({ deps, user, query }) => {
    const r = await q.canFile(deps, user, query.incomeinfocode, 'adjust');
    return { adjustable: r.ok, reason: r.reason };
  },
  checkAdjustOrder: async ({ deps, user, query }) => {
    const o = await q.orderByCode(deps.db, user, query.incomeinfocode);
    const p = await q.pendingOf(deps.db, o.id);
    return { pending: !!p, code: p?.code ?? null };
  },
  refundApprovalList: async ({ deps, user, query }) => q.approvalList(deps, user, 'refund', query),
  refundApprovalExport: async ({ deps, user, query }) =>
    approvalExport('退费审批', await q.approvalAll(deps, user, 'refund', query)),
  refundApprovalDetail: async ({ deps, user, params }) => q.approvalDetail(deps, user, 'refund', params.id),
  adjustApprovalList: async ({ deps, user, query }) => q.approvalList(deps, user, 'adjust', query),
  adjustApprovalExport: async ({ deps, user, query }) =>
    approvalExport('调整审批', await q.approvalAll(deps, user, 'adjust', query)),
  adjustApprovalDetail: async ({ deps, user, params }) => q.approvalDetail(deps, user, 'adjust', params.id),
};
