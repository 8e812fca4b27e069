import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as svc from './service.js';
import * as agents from './agents.js';

/** A command that answers nothing (the client gets true). */
const ok = async (p: Promise<unknown>) => {
  await p;
  return true as const;
};

export const callsHandlers: SliceHandlers<typeof contract.calls> = {
  list: async ({ deps, user, query }) => svc.list(deps, user, query),
  listAll: async ({ deps, user, query }) => svc.listAll(deps, user, query),
  getById: async ({ deps, user, query }) => svc.getById(deps, user, query.id),
  getBySessionId: async ({ deps, user, query }) => svc.getBySessionId(deps, user, query.sessionId),
  count: async ({ deps, user, query }) => svc.countCalls(deps, user, query),
  callUserList: async ({ deps, user }) => svc.callUsers(deps, user),
  save: async ({ deps, user, body, ip }) => svc.save(deps, user, body, ip),
  deleteById: async ({ deps, user, query, ip }) => ok(svc.remove(deps, user, query.id, ip)),
  content: async ({ deps, user, query, body, ip }) => svc.content(deps, user, query.id, body, ip),
  qualitySave: async ({ deps, user, body, ip }) => svc.qualitySave(deps, user, body, ip),
  centre: async ({ deps }) => agents.centre(deps),
  tencentLogin: async ({ deps, user, body, ip }) => agents.tencentLogin(deps, user, body?.phone, ip),
  tencentKeepAlive: async ({ deps, user, query }) => agents.tencentKeepAlive(deps, user, query.email),
  tencentLogout: async ({ deps, user, ip }) => ok(agents.tencentLogout(deps, user, ip)),
  tencentBinding: async ({ deps, user, body, ip }) => ok(agents.tencentBinding(deps, user, body.phone, ip)),
  tencentFlashMsg: async ({ deps, user, query }) => agents.flashMsg(deps, user, query.bj, query.zj),
  zhichiLogin: async ({ deps, user, query, ip }) =>
    agents.zhichiLogin(deps, user, query.jobNumber, query.phone, ip),
  zhichiLogout: async ({ deps, user, query, ip }) => ok(agents.zhichiLogout(deps, user, query.jobNumber, ip)),
  zhichiMakeCall: async ({ deps, user, query, ip }) =>
    agents.zhichiMakeCall(deps, user, query.jobNumber, query.phone, ip),
};
