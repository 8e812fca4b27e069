import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { approvalDetail, decideClue } from '../clues/index.js';
import * as svc from './service.js';

export const workbenchHandlers: SliceHandlers<typeof contract.workbench> = {
  selectApproveClue: async ({ deps, user, query }) => svc.approvalsFor(deps, user, query.empId),
  selectApproveClueDetail: async ({ deps, user, query }) =>
    approvalDetail(deps, user, query.transferId, 'transfer'),
  approve: async ({ deps, user, body, ip }) => {
    await decideClue(deps, user, 'transfer', body, ip);
    return true;
  },
  workList: async ({ deps, user, query }) => svc.workList(deps, user, query.type),
  parentNoSign: async ({ deps, user, query }) => svc.parentNoSign(deps, user, query),
};
