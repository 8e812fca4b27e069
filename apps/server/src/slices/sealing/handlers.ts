import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';

export const sealingHandlers: SliceHandlers<typeof contract.sealing> = {
  list: async ({ deps, query }) => s.listPeriods(deps, query.year),
  seal: async ({ deps, user, body, ip }) => s.seal(deps, user, body, ip),
  unseal: async ({ deps, user, body, ip }) => s.unseal(deps, user, body, ip),
  history: async ({ deps, query }) => s.sealHistory(deps, query.year),
};
