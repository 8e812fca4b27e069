import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as svc from './service.js';
import * as q from './queries.js';
import * as imp from './imports.js';

/** A command that answers nothing (the client gets true). */
const ok = async (p: Promise<unknown>) => {
  await p;
  return true as const;
};

export const resourcesHandlers: SliceHandlers<typeof contract.resources> = {
  queryResourceList: async ({ deps, user, query }) => q.list(deps, user, query),
  queryResourceListSummary: async ({ deps, user, query }) => q.summary(deps, user, query),
  clueExists: async ({ deps, user, query }) => q.clueExists(deps, user, query.phone, query.excludeId),
  queryResourceDetail: async ({ deps, user, query }) => q.detail(deps, user, query.id),
  getResLevel: async () => q.RES_LEVELS,
  send: async ({ deps, user, query, ip }) => svc.send(deps, user, query, ip),
  dist: async ({ deps, user, body, ip }) => svc.distribute(deps, user, body, ip),
  invalid: async ({ deps, user, body, ip }) => ok(svc.markInvalid(deps, user, body, ip)),
  save: async ({ deps, user, body, ip }) => svc.createResource(deps, user, body, ip),
  modifyBaseInfo: async ({ deps, user, body, ip }) => svc.modifyBaseInfo(deps, user, body, ip),
  saveFlow: async ({ deps, user, body }) => svc.saveFlow(deps, user, body),
  transfer: async ({ deps, user, body, ip }) => ok(svc.transfer(deps, user, body, ip)),
  modifyChannel: async ({ deps, user, body, ip }) => ok(svc.modifyChannel(deps, user, body, ip)),
  abandonSave: async ({ deps, user, body, ip }) => ok(svc.abandon(deps, user, body, ip)),
  receive: async ({ deps, user, body, ip }) => svc.receive(deps, user, body, ip),
  getUserListByRoles: async ({ deps, user, body }) => svc.usersByRoles(deps, user, body),
  importESalesRes: async ({ deps, user, file, ip }) => imp.importFile(deps, user, file.data, ip),
  importTemplate: async () => imp.importTemplate(),
  importRows: async ({ deps, user, body, ip }) => imp.importRows(deps, user, body.rows, body.dryRun, ip),
};
