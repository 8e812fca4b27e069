import { payMethod, fromCents, centsOf } from '@bo/domain';
import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { assertCampus } from '../../http/auth.js';
import { ruleViolation } from '../../http/errors.js';
import { streamedWorkbook } from '../../shared/xlsx.js';
import { decide } from '../approvals/index.js';
import { loadClue } from '../clues/index.js';
import { ADVISER_ROLES, students } from '../students/index.js';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import { toQ100 } from '../ledger/index.js';
import type { Quote } from '../pricing/index.js';
import { quoteLines, type LinesInput } from './common.js';
import { giveawayOf, limitOf } from './giveaway.js';
import { derivedOrderType } from './orderType.js';
import { INCOME_ORDER_PAY } from './approval.js';
import * as q from './queries.js';
import * as sheets from './sheets.js';
import * as iis from './incomeSheets.js';
import { funderOrders, payFunder } from './funderPayments.js';
import * as s from './service.js';
import { importOrderRows } from './importRows.js';
import { surplusCourseAndPrice } from './surplus.js';
import { ORDER_STATUS_CODE } from './states.js';

/** Pay records read per statement by the streamed export. */
const PAY_RECORD_EXPORT_BATCH = 5000;
const PAY_RECORD_COLUMNS = [
  { key: 'orderCode', header: '订单编号 / Order', text: true },
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'studentName', header: '学员 / Student' },
  { key: 'schoolItemName', header: '校区 / Campus' },
  { key: 'payer', header: '付款方 / Payer' },
  { key: 'method', header: '支付方式 / Method' },
  { key: 'amount', header: '金额 / Amount' },
  { key: 'paidAt', header: '付款时间 / Paid at' },
  { key: 'reference', header: '流水号 / Reference', text: true },
  { key: 'status', header: '状态 / Status' },
  { key: 'createdByName', header: '登记人 / Recorded by' },
  { key: 'remark', header: '备注 / Remark' },
];
const RECORD_STATUS = { 10: '待确认', 20: '已确认', 30: '已驳回', 40: '已作废' } as Record<number, string>;

/** The signed-in consultant or growth consultant prefills the adviser of a student who has none. */
const selfAsAdviser = (u: AuthUser) => (u.roles.some((r) => ADVISER_ROLES.includes(r)) ? u.id : null);

/** The caller's give-away limits against a priced basket, for the add-order screen. */
function giveawayOut(deps: AppDeps, u: AuthUser, quote: Quote, b: LinesInput) {
  const typed = b.items.map((i) => (i.giftQuantity ? toQ100(i.giftQuantity) : 0));
  const f = giveawayOf(quote, typed, centsOf(b.manualDiscount), limitOf(u, deps.config.GIVEAWAY_LIMITS));
  return {
    needsApproval: f.over.length > 0,
    over: f.over,
    giftPercent: f.giftPercent,
    discountPercent: f.discountPercent,
    discountLimit: fromCents(f.discountLimitCents),
  };
}

export const ordersHandlers: SliceHandlers<typeof contract.orders> = {
  preCreate: async ({ deps, user, body }) => {
    assertCampus(user, body.schoolItemCode);
    let studentAdviser: number | null = null;
    if (body.studentId) {
      const [st] = await deps.db.select().from(students).where(eq(students.id, body.studentId));
      assertCampus(user, st?.schoolItemCode);
      studentAdviser = st?.adviserId ?? null;
    }
    const orderType = body.studentId ? await derivedOrderType(deps.db, body.studentId) : 1;
    const quote = await quoteLines(
      deps.ports.pricing,
      deps.db,
      body.schoolItemCode,
      body.studentId ?? null,
      { ...body, orderType },
      deps.now(),
    );
    return {
      ...q.quoteOut(quote, centsOf(body.funderShare)),
      adviserId: studentAdviser ?? selfAsAdviser(user),
      orderType,
      giveaway: giveawayOut(deps, user, quote, body),
    };
  },
  create: async ({ deps, user, body, ip }) => s.createOrder(deps, user, body, ip),
  cluePreCreate: async ({ deps, user, body }) => {
    const c = await loadClue(deps.db, body.clueId, false, 'clueId');
    if (!c.schoolItemCode) throw ruleViolation('线索尚未分配校区 / the clue has no campus yet', 'clueId');
    assertCampus(user, c.schoolItemCode);
    const quote = await quoteLines(
      deps.ports.pricing,
      deps.db,
      c.schoolItemCode,
      null,
      { ...body, orderType: 4 },
      deps.now(),
    );
    return {
      ...q.quoteOut(quote, centsOf(body.funderShare)),
      adviserId: c.ownerUserId ?? selfAsAdviser(user),
      orderType: 4,
      giveaway: giveawayOut(deps, user, quote, body),
    };
  },
  clueCreate: async ({ deps, user, body, ip }) => s.createClueOrder(deps, user, body, ip),
  edit: async ({ deps, user, body, ip }) => s.editOrder(deps, user, body, ip),
  editDetail: async ({ deps, user, params }) => q.editDetail(deps, user, params.id),
  detail: async ({ deps, user, params }) => q.orderDetail(deps, user, params.id),
  revoke: async ({ deps, user, params, body, ip }) => {
    await s.revokeOrder(deps, user, params.id, body, ip);
    return true;
  },
  waitPayInfo: async ({ deps, user, params }) => q.waitPayInfo(deps, user, params.id),
  studentAccount: async ({ deps, user, params }) => q.studentAccount(deps, user, params.id),
  surplusCourseAndPrice: async ({ deps, user, query }) => surplusCourseAndPrice(deps.db, user, query),
  studentAccountDetail: async ({ deps, user, params, query }) =>
    q.studentAccountDetail(deps, user, params.id, query),
  addPayRecord: async ({ deps, user, body, ip }) => s.addPayRecord(deps, user, body, ip),
  payRecordPage: async ({ deps, user, body }) => q.payRecordPage(deps, user, body),
  importRows: async ({ deps, user, body, ip }) => importOrderRows(deps, user, body, ip),
  payRecordExport: async ({ deps, user, body }) => {
    // The filter is checked before the download starts streaming: a campus outside scope is a 403.
    const where = q.recordWhere(user, body);
    return streamedWorkbook({
      filename: '付款记录.xlsx',
      sheetName: '付款记录',
      columns: PAY_RECORD_COLUMNS,
      batch: PAY_RECORD_EXPORT_BATCH,
      next: async (last: { id: number } | null) =>
        (await q.payRecordBatch(deps.db, where, last?.id ?? null, PAY_RECORD_EXPORT_BATCH)).map((r) => ({
          ...r,
          payer: r.payer === 'funder' ? '资助方' : '家庭',
          method: payMethod(r.method)?.label['zh-CN'] ?? String(r.method),
          status: RECORD_STATUS[r.status] ?? String(r.status),
        })),
    });
  },
  payRecordUpdate: async ({ deps, user, body, ip }) => {
    await s.updatePayRecord(deps, user, body, ip);
    return true;
  },
  approvalList: async ({ deps, user, query }) => q.approvalList(deps, user, query),
  approvalDetail: async ({ deps, user, params }) => q.approvalDetail(deps, user, params.id),
  chargeApproval: async ({ deps, user, body, ip }) =>
    decide(
      deps,
      user,
      {
        id: body.id,
        pass: body.result === 'PASS' || body.result === 20,
        comment: body.comment,
        version: body.version,
      },
      ip,
      [INCOME_ORDER_PAY],
    ),
  incomeOrders: async ({ deps, user, query }) => q.orderPage(deps, user, query),
  incomeOrder: async ({ deps, user, query }) => q.orderDetailByCode(deps, user, query.code),
  insertIncomeOrder: async ({ deps, user, body, ip }) => s.createOrder(deps, user, body, ip),
  studentOrders: async ({ deps, user, query }) => (await q.studentOrders(deps, user, query.studentcode)).list,
  renewOrders: async ({ deps, user, query }) => q.orderPage(deps, user, { ...query, orderType: 0 }),
  isNew: async ({ deps, user, query }) => {
    const { list } = await q.studentOrders(deps, user, query.studentcode);
    return {
      isNew: !list.some(
        (o) => o.status === ORDER_STATUS_CODE.effective || o.status === ORDER_STATUS_CODE.closed,
      ),
    };
  },
  orderSave: async ({ deps, user, body, ip }) => s.createOrder(deps, user, body, ip),
  orderList: async ({ deps, user, query }) => q.orderPage(deps, user, query),
  orderByCode: async ({ deps, user, query }) => q.orderDetailByCode(deps, user, query.code),
  studentIncomes: async ({ deps, user, query }) => q.studentIncomes(deps, user, query.studentcode),
  studentBillList: async ({ deps, user, query }) => sheets.studentBills(deps, user, query.studentcode),
  sheetEmployees: async ({ deps, user, query }) => sheets.sheetEmployees(deps, user, query),
  claimOrder: async ({ deps, user, body, ip }) => sheets.claimOrder(deps, user, body.code, ip),
  iisBase: async ({ deps, user, query }) => iis.sheetBase(deps, user, query.incomeordercode),
  iisList: async ({ deps, user, query }) => iis.sheetList(deps, user, query.incomeordercode),
  saveIis: async ({ deps, user, body, ip }) => iis.issueSheet(deps, user, body, ip),
  cancelIis: async ({ deps, user, query, ip }) => {
    await iis.cancelSheet(deps, user, query, ip);
    return true;
  },
  syncIis: async ({ deps, user, query, ip }) => iis.syncSheet(deps, user, query.code, ip),
  funderOrders: async ({ deps, user, query }) => funderOrders(deps, user, query),
  funderPayment: async ({ deps, user, body, ip }) => payFunder(deps, user, body, ip),
  funderReceivable: async ({ deps, user, query }) => q.funderReceivable(deps, user, query),
};
