import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';
import * as p from './schedule.js';

export const termBillsHandlers: SliceHandlers<typeof contract.termBills> = {
  planPage: async ({ deps, query }) => s.planPage(deps, query),
  planSave: async ({ deps, user, body }) => s.planSave(deps, user, body),
  planDetail: async ({ deps, params }) => s.planDetail(deps, params.id),
  planStatus: async ({ deps, user, body }) => {
    await s.planStatus(deps, user, body.id, body.status);
    return true;
  },
  detailByOrderCode: async ({ deps, user, query }) => s.detailByOrderCode(deps, user, query.orderCode),
  billItemPaymentDetail: async ({ deps, user, query }) =>
    s.billItemPaymentDetail(deps, user, query.billItemId),
  nearestTerm: async ({ deps, user, query }) => s.nearestTerm(deps, user, query.orderCode),
  submitPaymentTerm: async ({ deps, user, body, ip }) => s.submitPaymentTerm(deps, user, body, ip),
  termOfferQuote: async ({ deps, user, body }) => s.termOfferQuote(deps, user, body),
  updatePaymentStatus: async ({ deps, user, body }) => {
    await s.updatePaymentStatus(deps, user, body);
    return true;
  },
  applyList: async ({ deps, user, body }) => s.applyList(deps, user, body),
  applyDetail: async ({ deps, user, query }) => s.applyDetail(deps, user, query.id),
  applySubmit: async ({ deps, user, body, ip }) => s.applySubmit(deps, user, body, ip),
  calcServiceEndTime: async ({ deps, user, body }) => s.calcServiceEndTime(deps, user, body),
  scheduleDetail: async ({ deps, user, query }) => p.scheduleDetail(deps, user, query.billId),
  scheduleCheck: async ({ deps, user, query }) => p.scheduleCheck(deps, user, query.billId),
  scheduleSend: async ({ deps, user, query }) => p.scheduleSend(deps, user, query.billId),
  scheduleSign: async ({ deps, user, query }) => {
    await p.scheduleSign(deps, user, query.billId, query.signerName);
    return true;
  },
  scheduleUpdate: async ({ deps, user, query }) => {
    await p.scheduleUpdate(deps, user, query);
    return true;
  },
  sendPayment: async ({ deps, user, body }) => p.sendPayment(deps, user, body.billItemId),
  termCreatePayment: async ({ deps, user, body }) => p.termPayment(deps, user, body),
  termCreatePayQr: async ({ deps, user, query }) => p.termPayQr(deps, user, query),
};
