import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';

export const dataRecoveryHandlers: SliceHandlers<typeof contract.dataRecovery> = {
  incomeDetail: async ({ deps, user, query }) => s.incomeDetail(deps, user, query.orderCode),
  deleteIncomePreview: async ({ deps, user, query }) => s.deleteIncomePreview(deps, user, query.payRecordId),
  deleteIncome: async ({ deps, user, ip, body }) =>
    s.deleteIncome(deps, { user, ip }, body.payRecordId, body.reason),
  isNewDetail: async ({ deps, user, query }) => s.isNewDetail(deps, user, query.orderCode),
  updateIsNew: async ({ deps, user, ip, body }) =>
    s.updateIsNew(deps, { user, ip }, body.orderId, body.isNew, body.reason),
  revertRepair: async ({ deps, user, ip, body }) => s.revert(deps, { user, ip }, body.repairId, body.reason),
};
