import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as engine from './engine.js';
import { listPolicies, savePolicy } from './policies.js';

export const approvalsHandlers: SliceHandlers<typeof contract.approvals> = {
  pass: async ({ deps, user, body, ip }) => engine.decide(deps, user, { ...body, pass: true }, ip),
  reject: async ({ deps, user, body, ip }) => engine.decide(deps, user, { ...body, pass: false }, ip),
  cancel: async ({ deps, user, body, ip }) => engine.cancel(deps, user, body, ip),
  revoke: async ({ deps, user, body, ip }) => engine.revoke(deps, user, body, ip),
  pending: async ({ deps, user, query }) => engine.pendingPage(deps, user, query),
  pendingCount: async ({ deps, user }) => ({ count: await engine.pendingCount(deps.db, user) }),
  mine: async ({ deps, user, query }) => engine.minePage(deps, user, query),
  detail: async ({ deps, user, params }) => engine.requestDetail(deps, user, params.id),
  policyList: async ({ deps }) => listPolicies(deps),
  policySave: async ({ deps, user, body, ip }) => {
    await savePolicy(deps, user, body, ip);
    return true;
  },
};
